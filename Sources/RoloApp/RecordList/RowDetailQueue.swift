/// Which rows' details a configured source fetches next: the rows drawn in the last frame whose
/// detail isn't fresh, a few at a time; those that scrolled away are dropped from the queue.
///
/// A request in flight is let finish even when its row is no longer drawn: a frame may draw a
/// row alone (the selection's), and cancelling on it would start the others over and over.
///
/// Plain bookkeeping, no I/O: the view-model starts and cancels the requests it names.
struct RowDetailQueue {
    /// Requests in flight at most.
    static let limit = 4

    /// Rows whose stored or fetched detail is fresh: never asked for again until a refresh.
    var fresh: Set<String> = []
    /// Rows whose detail failed this run: not asked for again until a refresh.
    var failed: Set<String> = []
    /// Rows whose request is in flight.
    private(set) var inFlight: Set<String> = []
    /// Rows drawn since the last ``frameEnded()``, in drawing order.
    private var drawn: [String] = []
    private var drawnSet: Set<String> = []
    /// The last frame's rows still to ask for, in order.
    private var waiting: [String] = []

    /// Whether the row's detail is still wanted: not fresh, failed or in flight.
    func wants(_ id: String) -> Bool {
        !fresh.contains(id) && !failed.contains(id) && !inFlight.contains(id)
    }

    /// A row was drawn; returns whether it is the frame's first such row (so the caller
    /// schedules ``frameEnded()``).
    mutating func drew(_ id: String) -> Bool {
        guard drawnSet.insert(id).inserted else { return false }
        drawn.append(id)
        return drawn.count == 1
    }

    /// The frame is drawn: its rows become the queue, in place of the last frame's. Returns the
    /// rows to start now.
    mutating func frameEnded() -> [String] {
        waiting = drawn.filter(wants)
        drawn = []
        drawnSet = []
        return startable()
    }

    /// A request ended (landed, failed or cancelled): returns the rows to start in its place.
    mutating func finished(_ id: String) -> [String] {
        inFlight.remove(id)
        return startable()
    }

    /// Forgets everything: the list was fetched again.
    mutating func reset(fresh: Set<String>) -> [String] {
        let cancelled = inFlight.sorted()
        self = RowDetailQueue()
        self.fresh = fresh
        return cancelled
    }

    private mutating func startable() -> [String] {
        var started: [String] = []
        while inFlight.count < Self.limit, !waiting.isEmpty {
            let id = waiting.removeFirst()
            guard wants(id) else { continue }
            inFlight.insert(id)
            started.append(id)
        }
        return started
    }
}
