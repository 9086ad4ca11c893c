/// Whether a terminal draws OSC 8 hyperlinks: decided from which terminal it is (its XTVERSION
/// answer, else the environment) and, inside tmux, from the features tmux gives its client.
///
/// Only terminals known to draw them get them: one that doesn't may print the address or
/// garble the line (XTerm ignores OSC 8; the Linux console prints it).
public enum HyperlinkSupport {
    /// The first VTE release with hyperlinks, 0.50, as `VTE_VERSION` writes it.
    static let firstVTE = 5000

    /// Whether links are sent as OSC 8.
    ///
    /// - Parameters:
    ///   - terminal: the terminal recognised (``TerminalKind``).
    ///   - environment: the process environment (`TMUX`, `VTE_VERSION`).
    ///   - tmux: inside tmux, what it said of its options; its client's features must include
    ///     `hyperlinks` (tmux 3.4 and later, the `terminal-features` option), else tmux drops them.
    ///   - version: the terminal's XTVERSION answer, for VTE's version.
    public static func decide(terminal: TerminalKind, environment: [String: String], tmux: TmuxOptions?, version: String? = nil) -> Bool {
        if !(environment["TMUX"] ?? "").isEmpty {
            return tmux?.clientFeatures.contains("hyperlinks") == true
        }
        switch terminal {
        case .kitty, .ghostty, .wezterm, .iTerm2, .foot, .windowsTerminal:
            return true
        case .vte:
            return (vteVersion(answer: version) ?? environment["VTE_VERSION"].flatMap { Int($0) } ?? 0) >= firstVTE
        case .konsole, .vscode, .xterm, .linuxConsole, .tmux, .unknown:
            return false
        }
    }

    /// VTE's version from an XTVERSION answer such as `VTE(7600)`.
    static func vteVersion(answer: String?) -> Int? {
        guard let answer, answer.uppercased().hasPrefix("VTE(") else { return nil }
        return Int(answer.dropFirst(4).prefix { $0.isNumber })
    }
}
