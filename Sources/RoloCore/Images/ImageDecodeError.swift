/// Why a picture can't be shown, in words fit for a log line.
public struct ImageDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. "the JPEG file is truncated".
    public var reason: String

    /// An error with a human reason.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason itself.
    public var description: String { reason }
}
