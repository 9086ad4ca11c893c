/// How a copy reaches the clipboard on this terminal, decided once from the environment, the
/// terminfo entry and (inside tmux) tmux's own options. Pure, so every case is testable.
public enum ClipboardPlan: Sendable, Equatable {
    /// The user turned copying off (`--no-clipboard`, `clipboard = false`).
    case off
    /// Send OSC 52 wrapped so; `confirmed` when the terminal (or tmux) is known to take it,
    /// false when rolo can only hope it does.
    case send(ClipboardWrap, confirmed: Bool)
    /// The terminal is known to ignore OSC 52; the text says which and what to do.
    case unsupported(String)

    /// The plan for a terminal.
    ///
    /// - Parameters:
    ///   - environment: the process environment: `TERM`, `TERM_PROGRAM`, `VTE_VERSION`, `TMUX`, `STY`.
    ///   - hasOSC52Capability: whether the terminfo entry has the `Ms` capability (set the
    ///     selection), which xterm's, alacritty's and tmux's entries do.
    ///   - tmux: what tmux said about its clipboard options; nil when not asked (yet).
    ///   - enabled: false when the user turned copying off.
    public static func decide(environment: [String: String], hasOSC52Capability: Bool,
                              tmux: TmuxOptions? = nil, enabled: Bool = true) -> ClipboardPlan {
        guard enabled else { return .off }
        if !(environment["TMUX"] ?? "").isEmpty {
            // Unasked, assume the common case of tmux 3.3+ with set-clipboard on.
            guard let tmux else { return .send(.none, confirmed: false) }
            if tmux.setClipboard == "on" { return .send(.none, confirmed: true) }
            if tmux.allowsPassthrough { return .send(.tmux, confirmed: false) }
            return .unsupported("tmux drops OSC 52 — add `set -g set-clipboard on` to ~/.tmux.conf")
        }
        if !(environment["STY"] ?? "").isEmpty { return .send(.screen, confirmed: false) }
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if term == "linux" || term.hasPrefix("cons") { return .unsupported("the Linux console has no clipboard") }
        if term == "dumb" || term.hasPrefix("vt1") || term.hasPrefix("vt2") {
            return .unsupported("a \(term) terminal has no clipboard")
        }
        if program == "Apple_Terminal" { return .unsupported("Terminal.app ignores OSC 52 — iTerm2, kitty or WezTerm take it") }
        if !(environment["VTE_VERSION"] ?? "").isEmpty {
            return .unsupported("VTE terminals (GNOME Terminal, Tilix…) ignore OSC 52 — kitty, WezTerm or foot take it")
        }
        let known = hasOSC52Capability || knownTerminals.contains { term == $0 || term.hasPrefix($0 + "-") }
            || knownPrograms.contains(program)
        return .send(.none, confirmed: known)
    }

    /// TERM families that take OSC 52 although their terminfo entry doesn't list `Ms`.
    static let knownTerminals = ["xterm-kitty", "kitty", "foot", "wezterm", "xterm-ghostty", "ghostty", "contour", "alacritty"]

    /// `TERM_PROGRAM` values of terminals that take OSC 52 whatever TERM says.
    static let knownPrograms: Set<String> = ["iTerm.app", "WezTerm", "ghostty", "vscode", "tmux"]
}
