import Foundation

/// How long a server asks to be left alone: `Retry-After` (seconds or an HTTP date), or the
/// `x-ratelimit-*` / `ratelimit-*` headers many APIs send.
enum RetryAfter {
    /// The longest wait rolo honours: a date far ahead must not leave a fetch waiting for days.
    static let longest: Double = 15 * 60

    /// Seconds from `now` that `response` asks rolo to wait before its next request; nil when
    /// it says nothing.
    static func seconds(_ response: HTTPResponse, now: Date) -> Double? {
        if let text = response.headers["retry-after"]?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Double(text), seconds.isFinite { return clamp(seconds) }
            if let date = httpDate(text) { return clamp(date.timeIntervalSince(now)) }
        }
        return reset(response, now: now)
    }

    /// The rate limit `response` reports: requests left, and seconds until they are renewed.
    /// A reset written as a Unix time (GitHub's `x-ratelimit-reset`) is made seconds from `now`.
    static func rateLimit(_ response: HTTPResponse, now: Date) -> RateLimit {
        let remaining = (response.headers["x-ratelimit-remaining"] ?? response.headers["ratelimit-remaining"])
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return RateLimit(remaining: remaining, resetSeconds: reset(response, now: now))
    }

    private static func reset(_ response: HTTPResponse, now: Date) -> Double? {
        guard let text = response.headers["x-ratelimit-reset"] ?? response.headers["ratelimit-reset"],
              let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite
        else { return nil }
        // Seconds to wait are small; a value past a billion is a moment in Unix time.
        return clamp(value > 1_000_000_000 ? value - now.timeIntervalSince1970 : value)
    }

    private static func clamp(_ seconds: Double) -> Double {
        min(max(seconds, 0), longest)
    }

    /// An HTTP date (RFC 9110's IMF-fixdate, e.g. `Wed, 21 Oct 2015 07:28:00 GMT`).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
