/// Why the terminal could not be set up.
public enum TerminalError: Error, CustomStringConvertible {
    case notATerminal
    /// TERM names no terminfo entry.
    case unknownTerminal(String)
    /// TERM's entry can't move the cursor (`dumb`, a printing terminal): rolo could draw nothing.
    case cannotMoveCursor(String)

    public var description: String {
        switch self {
        case .notATerminal:
            return "rolo needs a terminal: standard input and output must be a tty."
        case .unknownTerminal(let name):
            return "rolo doesn't know the terminal TERM=\(name) (it has no terminfo entry) — try TERM=xterm-256color"
        case .cannotMoveCursor(let name):
            return "rolo needs a terminal that can move the cursor; TERM=\(name) can't — try TERM=xterm-256color"
        }
    }
}
