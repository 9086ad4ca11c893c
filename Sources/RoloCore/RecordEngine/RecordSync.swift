import Foundation

/// Fills a configured source's store from its API, one ``SyncPass`` at a time: the first
/// listing of an empty store, a refresh of a stored one that merges page by page and never drops
/// what is stored (``RecordStore/merge(_:pass:after:at:lookups:)``), or, with `since` in
/// `[sources.paging]`, a listing of only what changed since the last whole one.
///
/// A refresh sends the last whole listing's first `ETag` as `If-None-Match` (unless `etag =
/// false`); a 304 leaves the list as stored, after one request. A pass a kill or an error
/// stopped goes on from its stored position at the next run, refresh or not.
public struct RecordSync: Sendable {
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
        /// Whether records stored before this page changed, went or moved with it, rather than
        /// only records added at the end: a reader of the list reads it again.
        public var rewritten = false
        /// While a refresh merges into a stored list: the records it has listed so far, which
        /// ``total`` (its listing's) counts towards; nil for a first listing, whose count is
        /// ``stored``.
        public var listed: Int? = nil
        /// Whether the run is fetching the lookups' lists (before the list's own pages).
        public var fetchingLookups = false
        /// Whether the lookups were just stored: what is shown should be read again with them.
        public var lookupsStored = false
        /// Whether storing them folded stored records' search text again: a search index held in
        /// memory is read again.
        public var searchRefolded = false
        /// The lookups this run couldn't fetch, each with its error; the list is fetched without
        /// them (their stored lists stay).
        public var lookupFailures: [LookupFailure] = []
        /// What this run changed in the stored list so far, against the list before it: records
        /// new (a first listing's are all new), changed and removed.
        public var changes = MergeOutcome()

        /// The count the status shows: what the refresh listed, else what is stored.
        public var done: Int { listed ?? stored }
    }

    /// A lookup a run couldn't fetch.
    public struct LookupFailure: Sendable, Equatable {
        /// The lookup's name.
        public var lookup: String
        /// What went wrong, in the user's words.
        public var message: String
    }

    let pager: RecordPager
    let store: RecordStore
    let lookups: LookupSync?
    let now: @Sendable () -> Date

    /// A sync through `pager` into `store`; with `lookups`, each pass from the first page first
    /// fetches the lookups' lists (and so does a resumed one while none is stored), through
    /// the same pacer, so the records stored are searchable through them from the first row.
    public init(
        pager: RecordPager, store: RecordStore, lookups: LookupSync? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.pager = pager
        self.store = store
        self.lookups = lookups
        self.now = now
    }

    /// Fetches until the list is stored whole: a pass left unfinished goes on from where it
    /// stopped; else, when `refresh` or nothing is stored, a new pass starts at the first page
    /// (nothing to do when the list is whole and not `refresh`). Throws the first error that
    /// isn't a rate limit; the pages before it stay stored.
    public func run(refresh: Bool, progress: @Sendable (Progress) async -> Void = { _ in }) async throws {
        // Pinned: a heal of the database under the run starts it over from what the new file
        // holds, rather than store the next page after records that are gone.
        do {
            try await store.database.pinning { try await fill(refresh: refresh, progress: progress) }
        } catch where Task.isCancelled && !(error is CancellationError) {
            // A request the cancel cut short, or a read of the store it refused: the run was
            // cancelled, nothing failed.
            throw CancellationError()
        }
    }

    private func fill(refresh: Bool, progress: @Sendable (Progress) async -> Void) async throws {
        var state = try await store.state()
        // A position another paging stored (the API version switched) isn't gone on from: a
        // new pass lists anew, merging into what is stored.
        let misfit = state?.next.map { !$0.fits(pager.source.paging) } ?? false
        if misfit { state?.next = nil }
        if let state, state.complete, !refresh, !misfit {
            let stored = try await store.count()
            let short = state.total.flatMap { stored < $0 ? PagingShortfall("got \(stored) of \($0): the API sent no more pages") : nil }
            await progress(Progress(stored: stored, total: state.total, finished: true, skipped: [], shortfall: short))
            return
        }
        let marks = try await store.syncMarks()
        var stored = try await store.count()
        var position: PagingPosition
        var pass: SyncPass
        var condition: String?
        /// The first request's URL, whose answer's ETag the pass keeps; nil when resumed.
        var firstURL: String?
        if let resumed = state?.next {
            position = resumed
            // A position stored before passes were kept goes on appending, and names no time.
            pass = resumed.pass ?? SyncPass(kind: .fill, generation: marks.generation + 1)
        } else {
            pass = newPass(stored: stored, marks: marks)
            position = .start(pager.source.paging)
            position.pass = pass
            firstURL = (try? pager.request(at: position))?.url.absoluteString
            if pass.kind == .full, pager.source.paging?.etag ?? true, let etag = marks.etag, marks.etagURL == firstURL {
                condition = etag
            }
        }
        // A list of changes counts towards its own total, not the list's.
        var total = pass.kind == .changes ? nil : state?.total
        var skipped: [SkippedRecord] = []
        var received = position.received
        func listed() -> Int? { pass.merges ? received : nil }
        var pacer = pager.pacer()
        var fetchesLookups = lookups != nil && state?.next == nil
        if let lookups, !fetchesLookups { fetchesLookups = try await lookups.store.isEmpty() }
        if let lookups, fetchesLookups {
            let known = stored, knownTotal = total
            await progress(Progress(stored: known, total: knownTotal, finished: false, skipped: [], fetchingLookups: true))
            let (failures, refolded) = try await lookups.run(pacer: &pacer) { wait in
                await progress(Progress(stored: known, total: knownTotal, waiting: wait, finished: false, skipped: [], fetchingLookups: true))
            }
            await progress(Progress(
                stored: known, total: knownTotal, finished: false, skipped: [], lookupsStored: true, searchRefolded: refolded > 0,
                lookupFailures: failures.map { LookupFailure(lookup: $0.lookup, message: ($0.error as? FetchError)?.message ?? "\($0.error)") }))
        }
        // Read once, after the lookups are stored: every page's search text reaches into them.
        let searchLookups = try await store.searchLookups()
        let began = now()
        // A first listing's rows are made as each page comes, beside the store of the one
        // before; a merge makes its own in the transaction, as it compares them to what is stored.
        let store = self.store, merges = pass.merges
        // The position of the page asked for next: where a stop stopped.
        var at = position
        var restarted = false
        var changes = MergeOutcome()
        while true {
            do {
                try await pager.run(from: at, ifNoneMatch: restarted ? nil : condition, pacer: &pacer, preparing: { page in
                    merges || page.unchanged ? nil : try await store.prepared(page, lookups: searchLookups)
                }, page: { fetched, prepared in
                    // An answer that came after a cancel isn't stored: the run ends as cancelled.
                    try Task.checkCancellation()
                    var page = fetched
                    if let firstURL, pass.mark == nil {
                        pass.mark = (page.answeredAt ?? began).addingTimeInterval(-SyncPass.overlap)
                        pass.etag = page.etag
                        pass.etagURL = page.etag == nil ? nil : firstURL
                    }
                    if page.unchanged {
                        try await store.keepUnchanged(pass, at: now())
                        await progress(Progress(stored: stored, total: total, finished: true, skipped: [], listed: listed()))
                        return
                    }
                    page.next?.pass = pass
                    var rewritten = false
                    if pass.merges {
                        let merged = try await store.merge(page, pass: pass, after: received, at: now(), lookups: searchLookups)
                        rewritten = merged.rewritten
                        changes.add(merged)
                    } else {
                        let rows = if let prepared { prepared } else { try await store.prepared(page, lookups: searchLookups) }
                        changes.added += try await store.append(page, prepared: rows, at: now())
                        if page.next == nil { try await store.finish(pass) }
                    }
                    received = page.next?.received ?? received + page.records.count + page.skipped.count
                    if let next = page.next { at = next }
                    stored = try await store.count()
                    total = page.total ?? total
                    skipped += page.skipped
                    await progress(Progress(
                        stored: stored, total: total, finished: page.next == nil, skipped: skipped, shortfall: page.shortfall,
                        rewritten: rewritten, listed: listed(), changes: changes))
                }, waiting: { wait in
                    await progress(Progress(
                        stored: stored, total: total, waiting: wait, finished: false, skipped: skipped, listed: listed(), changes: changes))
                })
                return
            } catch let error as FetchError where (!at.isFirst || restarted) && !Task.isCancelled {
                // An expired page token starts the listing over, once: what is stored already is
                // merged (a first listing's append leaves out the ids it has), not stored twice.
                if !restarted, ListStop.refusesPageToken(error) {
                    restarted = true
                    at = .start(pager.source.paging)
                    at.pass = pass
                    received = 0
                    continue
                }
                throw ListStop.partway(error, title: pager.source.title, at: at, received: listed() ?? stored, total: total, restarted: restarted)
            }
        }
    }

    /// The pass a new run starts: the first listing of an empty store, a listing of what
    /// changed since the last whole one where the source names its `since` parameter, else the
    /// whole list again.
    private func newPass(stored: Int, marks: RecordSyncMarks) -> SyncPass {
        let generation = marks.generation + 1
        guard stored > 0 else { return SyncPass(kind: .fill, generation: generation) }
        if pager.source.paging?.since != nil, let synced = marks.synced {
            return SyncPass(kind: .changes, generation: generation, since: synced)
        }
        return SyncPass(kind: .full, generation: generation)
    }
}
