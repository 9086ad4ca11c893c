/// Why `rolo dump` printed no records: one line for standard error.
public struct DumpError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, which decides the exit status.
    public enum Kind: Sendable, Equatable {
        /// The command line asked for something that doesn't exist (a field, a format).
        case usage
        /// The data couldn't be had: no server, a refused token, nothing stored.
        case unavailable
        /// The records were written, but the list ended before its known end (exit status 3,
        /// unless `--allow-partial`).
        case partial
    }

    /// What went wrong.
    public var kind: Kind
    /// One line, without the `rolo dump:` prefix.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// A fetch failure in words for a script: the screen's messages end with the key to press
    /// ("r to retry"), which means nothing to a pipeline.
    static func unavailable(_ source: SourceID, _ error: FetchError) -> DumpError {
        DumpError(.unavailable, "\(source.rawValue): \(withoutKeyHint(error.message))")
    }

    /// `message` without a trailing "r to retry" or ", then r".
    static func withoutKeyHint(_ message: String) -> String {
        message.withoutKeyHint
    }
}
