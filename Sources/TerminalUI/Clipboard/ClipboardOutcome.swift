/// What became of a copy, for the status line.
public enum ClipboardOutcome: Sendable, Equatable {
    /// Sent; `confirmed` when the terminal (or tmux) is known to take OSC 52.
    case copied(confirmed: Bool)
    /// Copying is turned off.
    case off
    /// The terminal is known to ignore OSC 52; the text says which.
    case unsupported(String)
    /// Longer than terminals accept in one OSC 52.
    case tooLong
    /// The terminal is gone.
    case failed
}
