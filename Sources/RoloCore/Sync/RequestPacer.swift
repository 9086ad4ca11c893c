/// Sends a sync's requests one at a time, within the API's rate limit: what Pipedrive's sync and
/// every configured source's pager page through.
///
/// When an answer reports no requests left (``RateLimit/remaining`` 0), the wait for its reset
/// is owed and served before the next request, whichever list that request is for; none is
/// served after the last one. A 429 (a ``FetchError`` of kind `.httpStatus(429)`) waits the time
/// it names (at least half a second), else 1, 2, 4 … up to ``Limits/maxBackoff`` seconds, and
/// asks again; ``Limits/maxRefusals`` refusals in a row end the sync with the 429.
public struct RequestPacer {
    /// Waits a number of seconds; tests pass one that records the wait and returns at once.
    public typealias Sleep = @Sendable (_ seconds: Double) async throws -> Void

    /// How patient a pacer is with refusals: each API's sync names its own.
    struct Limits: Sendable, Equatable {
        /// 429s in a row before the sync gives up and says so.
        var maxRefusals: Int
        /// The longest back-off after a 429 that named no wait.
        var maxBackoff: Double
    }

    private let limits: Limits
    private let sleep: Sleep
    /// Seconds to wait before the next request; nil when it may go at once.
    private var owed: Double?
    /// The next wait after a 429 that names none; doubles only while the server names no wait,
    /// as its own reset is exact.
    private var backoff = 1.0

    init(limits: Limits, sleep: @escaping Sleep) {
        self.limits = limits
        self.sleep = sleep
    }

    /// Sends `request` once any owed wait is served, again after each 429, and returns its
    /// answer. `waiting` hears of every wait before it starts.
    mutating func send<Answer>(
        _ request: () async throws -> (Answer, RateLimit), waiting: (Double) async -> Void
    ) async throws -> Answer {
        try await send(request, first: nil, waiting: waiting)
    }

    /// ``send(_:waiting:)`` beside `work`: when no wait is owed, `request` goes at once and
    /// `work` (storing the page before) runs while the server answers; its answer, a 429 too, is
    /// then taken as ``send(_:waiting:)`` takes one, and waits and retries follow `work`. With a
    /// wait owed, `work` runs first and the request after the wait. If `work` throws, or the
    /// task is cancelled, the request is cancelled and the error thrown.
    mutating func send<Answer: Sendable>(
        _ request: @escaping @Sendable () async throws -> (Answer, RateLimit), beside work: () async throws -> Void,
        waiting: (Double) async -> Void
    ) async throws -> Answer {
        try Task.checkCancellation()
        guard owed == nil else {
            try await work()
            return try await send(request, first: nil, waiting: waiting)
        }
        async let early = Attempt(request)
        try await work()
        try Task.checkCancellation()
        return try await send(request, first: await early.result, waiting: waiting)
    }

    /// The loop of ``send(_:waiting:)``, its first answer `first` when it was sent already.
    private mutating func send<Answer>(
        _ request: () async throws -> (Answer, RateLimit), first: Result<(Answer, RateLimit), any Error>?, waiting: (Double) async -> Void
    ) async throws -> Answer {
        var refusals = 0
        var sent = first
        while true {
            if sent == nil {
                try Task.checkCancellation()
                if let wait = owed {
                    owed = nil
                    await waiting(wait)
                    try await sleep(wait)
                }
            }
            do {
                let answered: (Answer, RateLimit)
                if let early = sent {
                    sent = nil
                    answered = try early.get()
                } else {
                    answered = try await request()
                }
                let (answer, limit) = answered
                backoff = 1
                if let remaining = limit.remaining, remaining <= 0 {
                    owed = max(limit.resetSeconds ?? 1, 0.5)
                }
                return answer
            } catch let error as FetchError where error.kind == .httpStatus(429) {
                refusals += 1
                guard refusals < limits.maxRefusals else { throw error }
                if let named = error.retryAfter {
                    owed = max(named, 0.5)
                } else {
                    owed = backoff
                    backoff = min(backoff * 2, limits.maxBackoff)
                }
            }
        }
    }
}

/// One request's answer or error, sent ahead of its turn (``RequestPacer/send(_:beside:waiting:)``).
private struct Attempt<Answer: Sendable>: Sendable {
    let result: Result<(Answer, RateLimit), any Error>

    init(_ request: @Sendable () async throws -> (Answer, RateLimit)) async {
        do {
            result = .success(try await request())
        } catch {
            result = .failure(error)
        }
    }
}
