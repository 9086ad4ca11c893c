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

    /// Whether the terminal draws the pictures itself, in pixels (not half blocks, not none).
    public var drawsPixels: Bool { self == .kitty || self == .kittyPlaceholders || self == .sixel || self == .iterm }
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
    ///   - answers: what the terminal replied to `TerminalQueries.startup` (inside tmux with the
    ///     passthrough allowed, the terminal around tmux to `startupThroughTmux`); nil (or
    ///     without DA1) when nothing came within `TerminalQueries.patience`.
    ///   - environment: the process environment (`TERM`, `TERM_PROGRAM`, `TMUX`, `KITTY_WINDOW_ID`, …).
    ///   - tmux: inside tmux, what it said of its options (the passthrough, the client's
    ///     terminal); nil when tmux wasn't asked.
    public static func decide(answers: TerminalAnswers?, environment: [String: String], tmux: TmuxOptions?,
                              images: ImagePreference, flags: FlagPreference) -> GraphicsDecision {
        let insideTmux = !(environment["TMUX"] ?? "").isEmpty
        let terminal = TerminalKind(answers: answers, environment: environment,
                                    tmuxClient: insideTmux ? tmux?.clientTerminal : nil)
        let pictures = protocolFor(images, terminal: terminal, answers: answers, insideTmux: insideTmux,
                                   tmuxAllowsPassthrough: tmux?.allowsPassthrough == true)
        let showsFlags: Bool
        switch flags {
        case .on: showsFlags = true
        case .off: showsFlags = false
        case .auto: showsFlags = terminal.composesFlags && environment["TERM"] != "linux"
        }
        // iTerm2's OSC and kitty's APC need the wrap to leave tmux; sixel is tmux's own business
        // (3.4 draws it itself when built to).
        let wraps = insideTmux && [.kitty, .kittyPlaceholders, .iterm].contains(pictures)
        return GraphicsDecision(pictures: pictures, tmuxPassthrough: wraps, flags: showsFlags, terminal: terminal)
    }

    private static func protocolFor(_ images: ImagePreference, terminal: TerminalKind, answers: TerminalAnswers?,
                                    insideTmux: Bool, tmuxAllowsPassthrough: Bool) -> PictureProtocol {
        switch images {
        case .off: return .off
        case .truecolor, .palette256: return .halfBlocks
        case .kitty where insideTmux: return tmuxAllowsPassthrough ? .kittyPlaceholders : .halfBlocks
        case .kitty: return .kitty
        case .iterm: return .iterm
        case .sixel: return .sixel
        case .auto: break
        }
        if insideTmux {
            // tmux doesn't know where a passed-through picture is when it redraws a pane, so
            // kitty's pictures go as placeholders, which it keeps as text; and none without the
            // passthrough.
            return tmuxAllowsPassthrough && drawsPlaceholders(terminal, answers: answers) ? .kittyPlaceholders : .halfBlocks
        }
        // An OK is proof on its own; anything else is judged only once DA1 says all replies are in.
        if answers?.kittyGraphics == true { return .kitty }
        guard let answers, answers.isComplete else { return .halfBlocks }
        if terminal == .iTerm2 || terminal == .wezterm { return .iterm }
        return answers.hasSixel ? .sixel : .halfBlocks
    }

    /// Whether the terminal draws kitty's Unicode placeholders: Ghostty, and kitty from 0.28.
    /// What it answered through tmux decides where it did (Debian's kitty 0.26 answers the
    /// graphics query OK but has no placeholders); where nothing came from it (or only tmux's
    /// own answers), the terminal named by tmux's client or the environment is taken to be a
    /// current one.
    static func drawsPlaceholders(_ terminal: TerminalKind, answers: TerminalAnswers?) -> Bool {
        guard terminal == .kitty || terminal == .ghostty else { return false }
        guard let answers, answers.isComplete, TerminalKind(version: answers.version ?? "") != .tmux else { return true }
        guard answers.kittyGraphics == true else { return false }
        if terminal == .kitty, let version = answers.version, TerminalKind(version: version) == .kitty {
            return kittyVersion(version).map { !$0.lexicographicallyPrecedes([0, 28]) } ?? false
        }
        return true
    }

    /// The version in kitty's XTVERSION (`kitty(0.35.2)` → [0, 35, 2]); nil when it has none.
    static func kittyVersion(_ text: String) -> [Int]? {
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
        let numbers = text[text.index(after: open)..<close].split(separator: ".").map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return nil }
        return numbers.compactMap { $0 }
    }
}
