import FlyingFox

/// One request as a route handler sees it: FlyingFox's request plus the path parameters.
struct StandInRequest: Sendable {
    /// The request as received.
    let http: HTTPRequest
    /// Values captured by the route's `<parameters>`.
    let parameters: [String: String]

    /// The integer parameter `name`, or nil when absent or too large for `Int` (a huge id is
    /// still a well-formed path, so a handler answers "not found" rather than a routing 404).
    func integer(_ name: String) -> Int? {
        parameters[name].flatMap { Int($0) }
    }
}
