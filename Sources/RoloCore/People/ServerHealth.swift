/// What the people server says about itself at `/healthCheck`.
public enum ServerHealth: Sendable, Equatable {
    /// The server answered "Ok".
    case ok
    /// The server answered, but not "Ok"; the text says what it said instead.
    case unhealthy(String)
}
