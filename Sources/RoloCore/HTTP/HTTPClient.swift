/// Sends HTTP requests; the one seam between the API clients and the network.
///
/// Tests give the API clients a fake that returns canned responses.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the response whatever its status; throws only ``FetchError``.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
