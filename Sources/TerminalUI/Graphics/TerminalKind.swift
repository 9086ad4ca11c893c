/// Which terminal rolo runs in, as far as its XTVERSION answer or the environment tell.
public enum TerminalKind: String, Sendable, CaseIterable {
    /// kitty (XTVERSION `kitty(…)`, `KITTY_WINDOW_ID`, TERM `xterm-kitty`).
    case kitty
    /// Ghostty (TERM `xterm-ghostty`, TERM_PROGRAM `ghostty`).
    case ghostty
    /// WezTerm (TERM_PROGRAM `WezTerm`).
    case wezterm
    /// iTerm2 (TERM_PROGRAM `iTerm.app`, LC_TERMINAL `iTerm2`).
    case iTerm2
    /// foot (TERM `foot…`).
    case foot
    /// A VTE terminal: GNOME Terminal, Tilix, … (`VTE_VERSION`).
    case vte
    /// Windows Terminal (`WT_SESSION`).
    case windowsTerminal
    /// Konsole (`KONSOLE_VERSION`).
    case konsole
    /// VS Code's terminal, xterm.js (TERM_PROGRAM `vscode`).
    case vscode
    /// XTerm (XTVERSION `XTerm(…)`, `XTERM_VERSION`).
    case xterm
    /// The Linux console (TERM `linux`).
    case linuxConsole
    /// tmux, with nothing said about the terminal around it.
    case tmux
    /// Anything else.
    case unknown

    /// Whether the terminal draws a pair of regional indicators as one flag (else two letters or boxes).
    public var composesFlags: Bool {
        switch self {
        case .kitty, .ghostty, .wezterm, .iTerm2, .foot, .vte, .windowsTerminal, .konsole: return true
        case .vscode, .xterm, .linuxConsole, .tmux, .unknown: return false
        }
    }

    /// The terminal an XTVERSION answer names: its first word, before a version in parentheses
    /// or after a space (`kitty(0.26.5)`, `XTerm(379)`, `WezTerm 20240203-…`, `iTerm2 3.5.0`,
    /// `tmux 3.3a`, `VTE(7600)`).
    public init(version: String) {
        let name = version.prefix { $0 != "(" && $0 != " " }.lowercased()
        switch name {
        case "kitty": self = .kitty
        case "ghostty": self = .ghostty
        case "wezterm": self = .wezterm
        case "iterm2": self = .iTerm2
        case "foot": self = .foot
        case "vte": self = .vte
        case "konsole": self = .konsole
        case "xterm": self = .xterm
        case "tmux": self = .tmux
        default: self = .unknown
        }
    }

    /// The terminal the environment points to. Inside tmux, TERM and TERM_PROGRAM describe tmux,
    /// but the variables a terminal sets for itself (`KITTY_WINDOW_ID`, `WT_SESSION`, …) were
    /// inherited when the tmux server started, and name the terminal around it.
    public init(environment: [String: String]) {
        func has(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if has("KITTY_WINDOW_ID") || term == "xterm-kitty" {
            self = .kitty
        } else if term == "xterm-ghostty" || program == "ghostty" {
            self = .ghostty
        } else if program == "WezTerm" || term == "wezterm" {
            self = .wezterm
        } else if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" {
            // LC_TERMINAL because ssh forwards LC_* and not TERM_PROGRAM.
            self = .iTerm2
        } else if term == "foot" || term.hasPrefix("foot-") {
            self = .foot
        } else if has("WT_SESSION") {
            self = .windowsTerminal
        } else if has("KONSOLE_VERSION") {
            self = .konsole
        } else if has("VTE_VERSION") {
            self = .vte
        } else if program == "vscode" {
            self = .vscode
        } else if term == "linux" {
            self = .linuxConsole
        } else if has("XTERM_VERSION") {
            self = .xterm
        } else if has("TMUX") {
            self = .tmux
        } else {
            self = .unknown
        }
    }

    /// The terminal from what it said of itself, else (inside tmux) from the TERM of tmux's
    /// client, `tmuxClient` (`client_termname`), else from the environment. tmux answers
    /// XTVERSION itself unless asked through its passthrough, and the variables a terminal sets
    /// are those of the one the tmux server started in, where the client may since be another.
    public init(answers: TerminalAnswers?, environment: [String: String], tmuxClient: String? = nil) {
        let answered = answers?.version.map(TerminalKind.init(version:))
        let client = tmuxClient.flatMap { $0.isEmpty ? nil : TerminalKind(environment: ["TERM": $0]) }
        if let answered, answered != .unknown, answered != .tmux {
            self = answered
        } else if let client, client != .unknown {
            self = client
        } else {
            self = TerminalKind(environment: environment)
        }
    }
}
