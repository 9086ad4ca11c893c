import Foundation

/// Fills a configured source's store from its API: resumes a list left unfinished, or fetches
/// it again (a refresh) with the stored list kept whole until the new first page replaces it.
public struct CustomSourceSync: Sendable {
    /// What a run has done, after each page and before each wait.
    public struct Progress: Sendable, Equatable {
        /// Records stored.
        public var stored: Int
        /// The total the server named, if it does.
        public var total: Int?
        /// Seconds the run waits for a rate limit before its next request; nil while it fetches.
        public var waiting: Double?
        /// Whether the list is stored whole.
        public var finished: Bool
        /// Records left out this run (no id).
        public var skipped: [SkippedRecord]
        /// Once finished, when the list ended before its known end: "got 100 of 121: the API
        /// sent no more pages".
        public var shortfall: PagingShortfall? = nil
    }

    let pager: CustomSourcePager
    let store: CustomRecordStore
    let now: @Sendable () -> Date

    /// A sync through `pager` into `store`.
    public init(pager: CustomSourcePager, store: CustomRecordStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.pager = pager
        self.store = store
        self.now = now
    }

    /// Fetches until the list is stored whole: from where it stopped, or from the first page
    /// when `refresh` or nothing is stored (nothing to do when it is whole and not `refresh`).
    /// Throws the first error that isn't a rate limit; the pages before it stay stored.
    public func run(refresh: Bool, progress: @Sendable (Progress) async -> Void = { _ in }) async throws {
        // Pinned: a heal of the database under the run starts it over from what the new file
        // holds, rather than store the next page after records that are gone.
        try await store.database.pinning { try await fill(refresh: refresh, progress: progress) }
    }

    private func fill(refresh: Bool, progress: @Sendable (Progress) async -> Void) async throws {
        let state = try await store.state()
        if let state, state.complete, !refresh {
            let stored = try await store.count()
            let short = state.total.flatMap { stored < $0 ? PagingShortfall("got \(stored) of \($0): the API sent no more pages") : nil }
            await progress(Progress(stored: stored, total: state.total, finished: true, skipped: [], shortfall: short))
            return
        }
        let resume = refresh ? nil : state?.next
        var replacing = resume == nil
        var stored = replacing ? 0 : try await store.count()
        var total = state?.total
        var skipped: [SkippedRecord] = []
        try await pager.run(from: resume ?? .start(pager.source.paging), page: { page in
            try await store.append(page, replacing: replacing, at: now())
            replacing = false
            stored = try await store.count()
            total = page.total ?? total
            skipped += page.skipped
            await progress(Progress(stored: stored, total: total, finished: page.next == nil, skipped: skipped, shortfall: page.shortfall))
        }, waiting: { wait in
            await progress(Progress(stored: stored, total: total, waiting: wait, finished: false, skipped: skipped))
        })
    }
}
