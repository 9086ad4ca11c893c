/// Sends a sync's Pipedrive requests one at a time, within the account's rate limit.
///
/// When a response says `x-ratelimit-remaining: 0`, the wait for `x-ratelimit-reset` is owed
/// and served before the next request, whichever list that request is for; none is served after
/// the last one. A 429 waits the reset it names (at least half a second), else 1, 2, 4 … up to
/// ``PipedriveSync/maxBackoff`` seconds, and asks again; ``PipedriveSync/maxRefusals``
/// refusals in a row end the sync with the 429.
struct PipedrivePacer {
    private let sleep: PipedriveSync.Sleep
    /// Seconds to wait before the next request; nil when it may go at once.
    private var owed: Double?
    /// The next wait after a 429 that names none; doubles only while the server names no wait,
    /// as its own reset is exact.
    private var backoff = 1.0

    init(sleep: @escaping PipedriveSync.Sleep) {
        self.sleep = sleep
    }

    /// Sends `request` once any owed wait is served, again after each 429, and returns its
    /// answer. `waiting` hears of every wait before it starts.
    mutating func send<Answer>(
        _ request: () async throws -> (Answer, RateLimit), waiting: (Double) async -> Void
    ) async throws -> Answer {
        var refusals = 0
        while true {
            try Task.checkCancellation()
            if let wait = owed {
                owed = nil
                await waiting(wait)
                try await sleep(wait)
            }
            do {
                let (answer, limit) = try await request()
                backoff = 1
                if let remaining = limit.remaining, remaining <= 0 {
                    owed = max(limit.resetSeconds ?? 1, 0.5)
                }
                return answer
            } catch let error as FetchError where error.kind == .httpStatus(429) {
                refusals += 1
                guard refusals < PipedriveSync.maxRefusals else { throw error }
                if let named = error.retryAfter {
                    owed = max(named, 0.5)
                } else {
                    owed = backoff
                    backoff = min(backoff * 2, PipedriveSync.maxBackoff)
                }
            }
        }
    }
}
