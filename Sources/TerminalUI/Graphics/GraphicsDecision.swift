/// How pictures reach the screen.
public enum PictureProtocol: String, Sendable, CaseIterable {
    /// The kitty graphics protocol: an image sent once by id, then placed and removed by id.
    case kitty
    /// kitty's graphics drawn as text (`KittyPlaceholder`): the image sent once by id with a
    /// virtual placement, its cells placeholder characters coloured with the id. What tmux can
    /// keep where it belongs, since to tmux they are text.
    case kittyPlaceholders = "kitty-placeholders"
    /// DEC sixel: the picture as palette-coloured bands of six pixels.
    case sixel
    /// iTerm2's inline images: a PNG in an OSC 1337 sequence.
    case iterm
    /// Upper half blocks `▀` in truecolor or the 256-colour palette (`TerminalProfile` picks which).
    case halfBlocks
    /// No pictures; initials badges.
    case off
}

/// How rolo draws pictures and flags on this terminal: decided once at start-up from the
/// terminal's answers, the environment and the user's options. Pure, so every case is testable.
public struct GraphicsDecision: Sendable, Equatable {
    /// How pictures are drawn.
    public var pictures: PictureProtocol
    /// Whether every graphics escape must be wrapped in tmux's passthrough (`ESC P tmux; … ESC \`).
    public var tmuxPassthrough: Bool
    /// Whether a country is shown as its flag (else as its two-letter code).
    public var flags: Bool
    /// The terminal recognised, for the log.
    public var terminal: TerminalKind

    /// A decision as given.
    public init(pictures: PictureProtocol, tmuxPassthrough: Bool, flags: Bool, terminal: TerminalKind) {
        self.pictures = pictures
        self.tmuxPassthrough = tmuxPassthrough
        self.flags = flags
        self.terminal = terminal
    }

    /// The decision for a terminal.
    ///
    /// - Parameters:
    ///   - answers: what the terminal replied to `TerminalQueries.startup`; nil (or without DA1)
    ///     when nothing came within `TerminalQueries.patience`.
    ///   - environment: the process environment (`TERM`, `TERM_PROGRAM`, `TMUX`, `KITTY_WINDOW_ID`, …).
    ///   - tmuxAllowsPassthrough: inside tmux, whether its passthrough gets through
    ///     (`TmuxOptions.allowsPassthrough`); nil when tmux wasn't asked.
    public static func decide(answers: TerminalAnswers?, environment: [String: String],
                              tmuxAllowsPassthrough: Bool?, images: ImagePreference,
                              flags: FlagPreference) -> GraphicsDecision {
        let terminal = TerminalKind(answers: answers, environment: environment)
        let insideTmux = !(environment["TMUX"] ?? "").isEmpty
        let pictures = protocolFor(images, terminal: terminal, answers: answers, insideTmux: insideTmux,
                                   tmuxAllowsPassthrough: tmuxAllowsPassthrough == true)
        let showsFlags: Bool
        switch flags {
        case .on: showsFlags = true
        case .off: showsFlags = false
        case .auto: showsFlags = terminal.composesFlags && environment["TERM"] != "linux"
        }
        // iTerm2's OSC and kitty's APC need the wrap to leave tmux; sixel is tmux's own business
        // (3.4 draws it itself when built to).
        let wraps = insideTmux && (pictures == .kitty || pictures == .iterm)
        return GraphicsDecision(pictures: pictures, tmuxPassthrough: wraps, flags: showsFlags, terminal: terminal)
    }

    private static func protocolFor(_ images: ImagePreference, terminal: TerminalKind, answers: TerminalAnswers?,
                                    insideTmux: Bool, tmuxAllowsPassthrough: Bool) -> PictureProtocol {
        switch images {
        case .off: return .off
        case .truecolor, .palette256: return .halfBlocks
        case .kitty: return .kitty
        case .iterm: return .iterm
        case .sixel: return .sixel
        case .auto: break
        }
        if insideTmux {
            // tmux answers the questions itself, so only the environment tells what is around it;
            // and tmux doesn't know where kitty put a picture, so none without the passthrough.
            return tmuxAllowsPassthrough && speaksKitty(terminal) ? .kitty : .halfBlocks
        }
        // An OK is proof on its own; anything else is judged only once DA1 says all replies are in.
        if answers?.kittyGraphics == true { return .kitty }
        guard let answers, answers.isComplete else { return .halfBlocks }
        if terminal == .iTerm2 || terminal == .wezterm { return .iterm }
        return answers.hasSixel ? .sixel : .halfBlocks
    }

    /// Terminals whose kitty graphics work through tmux's passthrough.
    private static func speaksKitty(_ terminal: TerminalKind) -> Bool {
        terminal == .kitty || terminal == .ghostty
    }
}
