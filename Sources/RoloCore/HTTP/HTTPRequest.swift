import Foundation

/// One HTTP request, as the API clients describe it to an ``HTTPClient``.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, e.g. `GET` or `PUT`.
    public var method: String
    /// The absolute URL, query included.
    public var url: URL
    /// Header fields to send.
    public var headers: [String: String]
    /// The body to send, if any.
    public var body: Data?
    /// Seconds the whole request may take, redirects and body included, before it ends with
    /// ``FetchError/Kind/timedOut``.
    public var timeout: TimeInterval

    /// Creates a request; a GET with no headers and a 30-second timeout unless told otherwise.
    public init(
        method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
        timeout: TimeInterval = 30
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
