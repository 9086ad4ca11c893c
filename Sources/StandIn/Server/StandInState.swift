/// The server's mutable switches and counters, shared by every connection: request counts per
/// route, forced failures, latency and the seeded fail-rate sequence.
actor StandInState {
    /// What the router does with one request.
    struct Admission: Sendable {
        /// Answer with the API's 500 instead of calling the handler.
        let fails: Bool
        /// The failure's status: 500, or 429 with ``retryAfter``.
        var status = 500
        /// The 429's `Retry-After`, in seconds.
        var retryAfter: Int?
        /// Wait this long before answering.
        let latencyMilliseconds: Int
    }

    private let options: StandInOptions
    private let routeNames: [String]
    /// The delay currently added before every response.
    private(set) var latencyMilliseconds: Int
    private var failureDraws: SplitMix64
    private var counts: [String: Int] = [:]
    private var forcedFailures: [String: Int] = [:]
    private var forcedStatus: [String: (status: Int, retryAfter: Int?)] = [:]
    /// How badly the lists answer now (see ``StandInHostility``).
    private(set) var hostility: StandInHostility

    /// State for a server started with `options` and serving `routeNames`.
    init(options: StandInOptions, routeNames: [String]) {
        self.options = options
        self.routeNames = routeNames
        latencyMilliseconds = options.latencyMilliseconds
        hostility = options.hostility
        failureDraws = Self.failureSequence(options)
    }

    /// Sets how badly the lists answer from the next request on.
    func setHostility(_ hostility: StandInHostility) {
        self.hostility = hostility
    }

    /// Records a request to `route` and decides how it is answered. Forced failures go first;
    /// otherwise the next value of the seeded sequence decides against the fail rate, so a run
    /// is repeatable.
    func admit(_ route: String) -> Admission {
        counts[route, default: 0] += 1
        var fails = false
        if let forced = forcedFailures[route], forced > 0 {
            forcedFailures[route] = forced - 1
            let how = forcedStatus[route]
            return Admission(fails: true, status: how?.status ?? 500, retryAfter: how?.retryAfter, latencyMilliseconds: latencyMilliseconds)
        } else if options.failRate > 0 {
            fails = failureDraws.nextUnit() < options.failRate
        }
        return Admission(fails: fails, latencyMilliseconds: latencyMilliseconds)
    }

    /// Requests made to `route` since start or the last reset.
    func count(_ route: String) -> Int {
        counts[route, default: 0]
    }

    /// Every known route with its count, zero included, so a reader sees what can be counted.
    func allCounts() -> [String: Int] {
        var all = Dictionary(uniqueKeysWithValues: routeNames.map { ($0, 0) })
        all.merge(counts) { _, counted in counted }
        return all
    }

    /// Makes the next `remaining` requests to `route` answer 500, or `status` 429 with
    /// `Retry-After: retryAfter`.
    func setFailure(_ route: String, remaining: Int, status: Int = 500, retryAfter: Int? = nil) {
        forcedFailures[route] = max(0, remaining)
        forcedStatus[route] = (status, retryAfter)
    }

    /// Sets the delay before every later response.
    func setLatency(milliseconds: Int) {
        latencyMilliseconds = max(0, milliseconds)
    }

    /// Back to the state right after start: counts zero, no forced failures, the start-up
    /// latency, and the fail-rate sequence from its beginning.
    func reset() {
        counts = [:]
        forcedFailures = [:]
        forcedStatus = [:]
        latencyMilliseconds = options.latencyMilliseconds
        hostility = options.hostility
        failureDraws = Self.failureSequence(options)
    }

    private static func failureSequence(_ options: StandInOptions) -> SplitMix64 {
        SplitMix64(seed: options.seed, stream: 0xFA11)
    }
}
