import FlyingFox

/// One endpoint of an imitated API: a method and path pattern, the name its requests are counted
/// under (`people.list`), and the handler that answers it.
struct StandInRoute: Sendable {
    /// Answers a matched request.
    typealias Handler = @Sendable (StandInRequest) async throws -> HTTPResponse

    /// The counter and failure-injection name, `<api>.<endpoint>`.
    let name: String
    /// The method this route answers; other methods on the same path get the API's 405.
    let method: HTTPMethod
    /// The path below the API's prefix.
    let pattern: StandInPathPattern
    /// Produces the response.
    let handler: Handler

    /// A route for `method` on `path` (Flask notation), counted as `name`.
    init(_ name: String, _ method: HTTPMethod, _ path: String, handler: @escaping Handler) {
        self.name = name
        self.method = method
        self.pattern = StandInPathPattern(path)
        self.handler = handler
    }
}
