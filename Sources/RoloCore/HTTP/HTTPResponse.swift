import Foundation

/// A complete HTTP response of any status; the API clients decide what a status means.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Header fields, keys lower-cased so lookups need not care how the server spelled them.
    public var headers: [String: String]
    /// The whole body.
    public var body: Data
    /// The URL that answered (after redirects).
    public var url: URL

    /// Creates a response; header keys are lower-cased here.
    public init(status: Int, headers: [String: String] = [:], body: Data, url: URL) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.body = body
        self.url = url
    }

    /// Whether the status is in the 2xx range.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The `content-type` header, if the server sent one.
    public var contentType: String? { headers["content-type"] }

    /// What the body looks like: empty, an HTML page, or something to parse as JSON.
    public var bodyKind: ResponseBody { ResponseBody(body, contentType: contentType) }
}
