import Foundation

/// Pipedrive's burst limit: at most `burst` requests in any two-second window; the rest get 429.
actor PipedriveRateLimit {
    /// The window Pipedrive's burst limit counts over.
    static let window: TimeInterval = 2

    /// What one request learns: whether it is refused and the `x-ratelimit-*` values to send.
    struct Verdict: Sendable {
        let refused: Bool
        let limit: Int
        let remaining: Int
        let resetSeconds: Int
    }

    private let burst: Int
    private var times: [ContinuousClock.Instant] = []

    /// A limit of `burst` requests per window.
    init(burst: Int) {
        self.burst = max(1, burst)
    }

    /// Counts this request and says whether it is over the limit.
    func take() -> Verdict {
        let now = ContinuousClock.now
        let cutoff = now - .seconds(Self.window)
        // Times arrive in order, so the expired ones are a prefix.
        if let firstLive = times.firstIndex(where: { $0 > cutoff }) {
            times.removeFirst(firstLive)
        } else {
            times.removeAll(keepingCapacity: true)
        }
        let refused = times.count >= burst
        if !refused { times.append(now) }
        let reset = times.first.map { max(1, Int(((($0 + .seconds(Self.window)) - now) / .seconds(1)).rounded(.up))) } ?? Int(Self.window)
        return Verdict(refused: refused, limit: burst, remaining: max(0, burst - times.count), resetSeconds: reset)
    }
}
