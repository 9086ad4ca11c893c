import Foundation

/// Why fetching from a server failed, with one line for the banner and more for the log file.
public struct FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, for code that reacts differently to each.
    public enum Kind: Sendable, Equatable {
        /// No connection: refused, unknown host, no network, TLS failure, unusable URL.
        case unreachable
        /// The server didn't answer within the request's timeout.
        case timedOut
        /// The request was cancelled, usually because the user moved on.
        case cancelled
        /// The server answered with a status the client can't use.
        case httpStatus(Int)
        /// The server said the requested record doesn't exist.
        case notFound
        /// The server answered with a body the client can't read.
        case badResponse
        /// The body was larger than the client accepts.
        case tooLarge
    }

    /// The kind of failure.
    public var kind: Kind
    /// `host:port` of the server, for messages; never a query string or credentials.
    public var endpoint: String
    /// One short human line for a banner, ending with what to do.
    public var message: String
    /// Longer technical text for the log file only.
    public var detail: String
    /// How long the server asked rolo to wait before asking again (a 429's reset), if it said.
    public var retryAfter: TimeInterval?
    /// The API's own words for the failure, the most specific text its error answer holds
    /// (``APIErrorText``); nil when it said none. What a list that stops part-way quotes, and
    /// what tells an expired page token from other refusals.
    public var apiText: String? = nil
    /// Whether the error stopped a list after its first page: the pages before it are stored,
    /// and the list is partial (`rolo dump` exits 3) rather than unavailable.
    public var partway = false
    /// The source that must be signed in to again (`rolo login NAME`, `L` on screen) for the
    /// request to succeed; nil when signing in isn't the remedy.
    public var signIn: String? = nil

    /// Creates an error; prefer the factories (``unreachable(_:detail:)`` …) for their messages.
    public init(kind: Kind, endpoint: String, message: String, detail: String, retryAfter: TimeInterval? = nil) {
        self.kind = kind
        self.endpoint = endpoint
        self.message = message
        self.detail = detail
        self.retryAfter = retryAfter
    }

    /// The banner line.
    public var description: String { message }
}
