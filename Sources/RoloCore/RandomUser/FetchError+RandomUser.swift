import Foundation

extension FetchError {
    /// randomuser.me answered 429. No automatic retry: asking again soon only extends the limit.
    static func randomUserRateLimited(_ response: HTTPResponse) -> FetchError {
        FetchError(
            kind: .httpStatus(429), endpoint: response.url.endpoint,
            message: "randomuser.me is rate-limiting rolo — wait a minute, then r",
            detail: "\(response.url.redactedForLog): HTTP 429; body: \(excerpt(response.body))")
    }
}
