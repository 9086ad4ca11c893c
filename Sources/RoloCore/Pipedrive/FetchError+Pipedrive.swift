import Foundation

extension FetchError {
    /// Pipedrive answered 401: the token is wrong, expired or missing.
    static func pipedriveUnauthorized(_ response: HTTPResponse) -> FetchError {
        FetchError(
            kind: .httpStatus(401), endpoint: response.url.endpoint,
            message: "Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN",
            detail: "\(response.url.redactedForLog): HTTP 401; body: \(excerpt(response.body))")
    }

    /// Pipedrive answered 429; the message says how long to wait when `x-ratelimit-reset` does.
    static func pipedriveRateLimited(_ response: HTTPResponse, limit: RateLimit) -> FetchError {
        let wait = limit.resetSeconds.map { "wait \(Int($0.rounded(.up))) s" } ?? "wait a moment"
        return FetchError(
            kind: .httpStatus(429), endpoint: response.url.endpoint,
            message: "Pipedrive is rate-limiting rolo — \(wait), then r",
            detail: "\(response.url.redactedForLog): HTTP 429; reset in \(limit.resetSeconds.map { "\($0) s" } ?? "unknown"); body: \(excerpt(response.body))",
            retryAfter: limit.resetSeconds)
    }

    /// This error with every occurrence of `token` removed, in case a server echoed it back.
    func redacting(_ token: String) -> FetchError {
        redacting([token])
    }
}
