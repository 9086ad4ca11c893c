/// The colours rolo draws with on a terminal, decided from the environment, the user's options
/// and the terminfo entry in use. Pure: the backend supplies what terminfo says.
///
/// Deciding takes two steps, because ncurses can only send 24-bit colour through a direct-colour
/// terminfo entry: `terminfoName` picks the entry to open (TERM's own, or a direct-colour one
/// such as `xterm-direct` where truecolor is wanted), then `init` reads the opened entry.
public struct TerminalProfile: Sendable, Equatable {
    /// The colours drawn with.
    public let colorDepth: ColorDepth
    /// What colour numbers mean on the screen, for `ColorMapping`.
    public let colorSpace: ColorSpace
    /// Whether photos are drawn: they need truecolor or 256 colours, and images not turned off.
    public let canShowImages: Bool

    /// The profile of a terminal whose opened terminfo entry says `terminfo`.
    public init(environment: TerminalEnvironment, options: TerminalOptions, terminfo: TerminfoColors) {
        let depth: ColorDepth
        var numbering = ColorSpace.Numbering.palette
        if options.noColor || environment.noColor || terminfo.colors < 8 {
            depth = .none
        } else if terminfo.isDirect {
            // A direct entry can show palette colours too (as RGB), so `256` is honoured on one.
            depth = options.imageColors == .palette256 ? .palette256 : .truecolor
            numbering = .direct(reserved: min(max(terminfo.paletteColors ?? 8, 8), 256))
        } else if terminfo.colors >= 256 {
            depth = .palette256
        } else if terminfo.colors >= 16 {
            depth = .ansi16
        } else {
            depth = .ansi8
        }
        colorDepth = depth
        colorSpace = ColorSpace(depth: depth, numbering: numbering)
        canShowImages = options.imageColors != .off && depth >= .palette256
    }

    /// The terminfo entry to open. `lookUp` reads an entry without opening a screen, nil when
    /// there is none.
    ///
    /// Where truecolor is wanted and TERM's entry isn't direct, a direct-colour entry of the same
    /// family (`alacritty-direct` for `alacritty`), else `tmux-direct` (TERM `tmux*`/`screen*`),
    /// else `xterm-direct`. Where `256` is forced on a smaller entry, a 256-colour one likewise.
    /// TERM's own entry when nothing better exists.
    public static func terminfoName(for environment: TerminalEnvironment, options: TerminalOptions,
                                    lookUp: (String) -> TerminfoColors?) -> String {
        let term = environment.term
        guard !options.noColor, !environment.noColor else { return term }
        let own = lookUp(term)
        if wantsTruecolor(environment, preference: options.imageColors) {
            if own?.isDirect == true { return term }
            let found = substitutes(for: term, suffix: "-direct", multiplexer: "tmux-direct", other: "xterm-direct")
                .first { lookUp($0)?.isDirect == true }
            return found ?? term
        }
        if options.imageColors == .palette256, (own?.colors ?? 0) < 256 {
            let multiplexer = term.hasPrefix("tmux") ? "tmux-256color" : "screen-256color"
            let found = substitutes(for: term, suffix: "-256color", multiplexer: multiplexer, other: "xterm-256color")
                .first { (lookUp($0)?.colors ?? 0) >= 256 }
            return found ?? term
        }
        return term
    }

    /// Whether the user or the terminal asks for 24-bit colour.
    ///
    /// TERM counts as well as COLORTERM because ssh doesn't forward COLORTERM by default.
    static func wantsTruecolor(_ environment: TerminalEnvironment, preference: ImageColorPreference) -> Bool {
        switch preference {
        case .truecolor: return true
        case .palette256, .off: return false
        case .auto:
            return environment.announcesTruecolor || environment.term.contains("-direct")
                || isKnownTruecolor(environment.term)
        }
    }

    /// Terminals that have 24-bit colour whatever their TERM's entry says, named by TERM or by
    /// TERM's family (`konsole-256color`, `foot-extra`).
    static let knownTruecolorTerminals = [
        "xterm-kitty", "alacritty", "wezterm", "foot", "xterm-ghostty", "contour", "iterm2", "iTerm2",
        "vte", "gnome", "konsole", "tmux-direct",
    ]

    /// Whether TERM names a terminal known to have 24-bit colour.
    static func isKnownTruecolor(_ term: String) -> Bool {
        knownTruecolorTerminals.contains { term == $0 || term.hasPrefix($0 + "-") }
    }

    /// Entries to try instead of TERM's, best first: TERM's family with `suffix`, then the
    /// multiplexer's entry for `tmux*` and `screen*` (tmux sets TERM=screen by default), else `other`.
    private static func substitutes(for term: String, suffix: String, multiplexer: String, other: String) -> [String] {
        let family = term.split(separator: "-", maxSplits: 1).first.map(String.init) ?? term
        let fallback = term.hasPrefix("tmux") || term.hasPrefix("screen") ? multiplexer : other
        var names: [String] = []
        for name in [family + suffix, fallback] where name != term && !names.contains(name) {
            names.append(name)
        }
        return names
    }
}
