import RoloCore

/// A search of stored rows, one query at a time off the main actor: a new term drops the query
/// under way, and rows that change while one runs are searched again once it ends, so queries
/// never pile up behind pages that land during a search.
@MainActor
final class StoredSearch {
    /// The positions, in order, of the stored rows a term matches.
    typealias Query = @Sendable (String) async throws -> [Int]

    /// The term searched for; nil when the list isn't filtered.
    private(set) var term: String?
    /// Hears each answer for the current term.
    var onAnswer: (Result<[Int], any Error>) -> Void = { _ in }
    private let busy: BusyTracker
    private let query: Query
    private var task: Task<Void, Never>?
    private var isStale = false

    init(busy: BusyTracker, query: @escaping Query) {
        self.busy = busy
        self.query = query
    }

    /// Whether a query is under way.
    var isRunning: Bool { task != nil }

    /// Searches for `term` (nil: no search), dropping the query under way.
    func search(_ term: String?) {
        self.term = term
        isStale = false
        task?.cancel()
        task = nil
        run()
    }

    /// The rows changed: searches again, after the query under way if there is one.
    func rowsChanged() {
        guard term != nil else { return }
        if task != nil {
            isStale = true
        } else {
            run()
        }
    }

    private func run() {
        guard let term else { return }
        let query = self.query
        task = busy.task { [weak self] in
            let result: Result<[Int], any Error>
            do {
                result = .success(try await query(term))
            } catch {
                result = .failure(error)
            }
            guard let self, !Task.isCancelled, self.term == term else { return }
            self.task = nil
            if self.isStale {
                self.isStale = false
                self.run()
            }
            self.onAnswer(result)
        }
    }
}
