import Foundation

/// What an answer says of the API's rate limit (Pipedrive's `x-ratelimit-*` headers, and those
/// ``RetryAfter`` reads), so a ``RequestPacer`` can back off before it is refused rather than after.
public struct RateLimit: Sendable, Equatable {
    /// `x-ratelimit-remaining`: requests left in the current window; nil when not sent.
    public var remaining: Int?
    /// `x-ratelimit-reset`: seconds until the window resets; nil when not sent.
    public var resetSeconds: Double?

    /// Creates a limit from known values.
    public init(remaining: Int? = nil, resetSeconds: Double? = nil) {
        self.remaining = remaining
        self.resetSeconds = resetSeconds
    }

    /// The limit in `response`'s headers (keys are lower-cased by ``HTTPResponse``).
    public init(_ response: HTTPResponse) {
        remaining = response.headers["x-ratelimit-remaining"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        resetSeconds = response.headers["x-ratelimit-reset"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }
}
