import RoloCore

/// A search of stored rows, one query at a time off the main actor: a new term drops the query
/// under way, and rows that change while one runs are searched again once it ends, so queries
/// never pile up behind pages that land during a search.
///
/// With `first`, a term's first matches are asked for before the whole answer and heard at once
/// (``onFirstMatches``): at 1,000,000 records a term matching half of them shows its first
/// screenful well within a frame, and its count follows when the whole search is done.
@MainActor
final class StoredSearch<Answer: Sendable> {
    /// What a term matches: the positions, in order, of the stored rows (or with them, what a
    /// query says of itself); nil when the query saw itself replaced and stopped.
    typealias Query = @Sendable (String) async throws -> Answer?
    /// The positions of a term's first matches, in order; nil when it has none to show apart.
    typealias FirstMatches = @Sendable (String) async throws -> [Int]?

    /// The term searched for; nil when the list isn't filtered.
    private(set) var term: String?
    /// Hears each answer for the current term.
    var onAnswer: (Result<Answer, any Error>) -> Void = { _ in }
    /// Hears the current term's first matches, before its answer.
    var onFirstMatches: ([Int]) -> Void = { _ in }
    /// Whether the matches heard last are the first ones only: the answer is still being counted.
    private(set) var isCounting = false
    private let busy: BusyTracker
    private let query: Query
    private let first: FirstMatches?
    private var task: Task<Void, Never>?
    private var isStale = false

    init(busy: BusyTracker, query: @escaping Query, first: FirstMatches? = nil) {
        self.busy = busy
        self.query = query
        self.first = first
    }

    /// Whether a query is under way.
    var isRunning: Bool { task != nil }

    /// Searches for `term` (nil: no search), dropping the query under way.
    func search(_ term: String?) {
        self.term = term
        isStale = false
        isCounting = false
        task?.cancel()
        task = nil
        run(first: true)
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

    /// Runs the query for the term; `first`: a new term's, whose first matches are shown apart
    /// (not a search again of rows that changed, whose shown matches stay until it answers).
    private func run(first: Bool = false) {
        guard let term else { return }
        let (query, firstMatches) = (self.query, first ? self.first : nil)
        task = busy.task { [weak self] in
            if let firstMatches, let found = try? await firstMatches(term) {
                guard let self, !Task.isCancelled, self.term == term else { return }
                self.isCounting = true
                self.onFirstMatches(found)
            }
            let result: Result<Answer?, any Error>
            do {
                result = .success(try await query(term))
            } catch {
                result = .failure(error)
            }
            guard let self, !Task.isCancelled, self.term == term else { return }
            self.task = nil
            // A failed count leaves the first matches shown, and says they are only the first.
            if case .success = result { self.isCounting = false }
            if self.isStale {
                self.isStale = false
                self.run()
            }
            switch result {
            case .success(let answer?): self.onAnswer(.success(answer))
            case .success(nil): return
            case .failure(let error): self.onAnswer(.failure(error))
            }
        }
    }
}
