/// A setting that can't be used, saying where it came from and what to do.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line, e.g. "…/config.toml, line 3: unknown key 'peple-url' (did you mean 'people-url'?)".
    public var message: String

    /// Creates an error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
