import Foundation

extension FetchError {
    /// randomuser.me answered `{"error": text}`; its `endpoint` is placed by the client.
    static func randomUserRefusal(_ text: String, body: Data, kind: Kind = .badResponse) -> FetchError {
        FetchError(
            kind: kind, endpoint: "", message: "randomuser.me says: \(text) — r to retry",
            detail: "the API refused; body: \(excerpt(body))")
    }

    /// randomuser.me answered 429. No automatic retry: asking again soon only extends the limit.
    static func randomUserRateLimited(_ response: HTTPResponse) -> FetchError {
        FetchError(
            kind: .httpStatus(429), endpoint: response.url.endpoint,
            message: "randomuser.me is rate-limiting rolo — wait a minute, then r",
            detail: "\(response.url.redactedForLog): HTTP 429; body: \(excerpt(response.body))")
    }
}
