import Foundation
import RoloCore
import TerminalUI

/// One reading of the foods list from its first answer on: the one shown, or a refresh that
/// isn't shown yet.
struct FoodsLoad {
    /// ``OptimisticWrites/reloadStarted()`` when the reading began. Its pages are believed about a
    /// like only as far as a request from that moment would be: later pages can only know more,
    /// so the rule errs on the safe side.
    let token: Int
    /// When its first page was asked for, for the log's "all 40 in 4 pages, 130 ms".
    var started = ContinuousClock.now
    /// How far the pages have come and which one is next.
    var paging = FoodsPaging()
    /// The foods read while the reading isn't shown; the shown one's are the view-model's list.
    var foods: [Food] = []
    /// Whether its next page has been asked for and not answered yet.
    var asking = false
}

/// An answer worked into its reading off the main actor: the paging after it, the foods to
/// append, and the row index and search text of the whole list with them.
struct FoodsLanded: Sendable {
    let paging: FoodsPaging
    /// The foods the answer adds (for a whole list, the list).
    let added: [Food]
    /// The reading's foods with them.
    let all: [Food]
    let prepared: FoodsList
    /// The records of this answer that couldn't be read.
    let skipped: [SkippedRecord]

    @concurrent
    static func make(_ page: FoodsPage, into paging: FoodsPaging, after read: [Food]) async -> FoodsLanded {
        var paging = paging
        let before = paging.skipped.count
        let added = paging.add(page)
        let all = read.isEmpty ? added : read + added
        return FoodsLanded(paging: paging, added: added, all: all, prepared: await FoodsList.prepare(all),
                           skipped: Array(paging.skipped.dropFirst(before)))
    }
}

/// Reading the list: `r` and a like's reload start a new reading from page 0; the shown one
/// goes on page after page in the background, one request at a time, until it has ended.
extension FoodsViewModel {
    /// The id of the row below the foods after a page failed.
    static let retryRowID = "foods/retry-next-page"
    /// The line below the foods while the next page loads.
    static let loadingMore = "loading more…"
    /// How close to the last food a selection must come to ask for a failed page again.
    static let nearEnd = 10

    /// `r`: reads the list again from its first page; what is shown stays until the new
    /// reading has as many foods, or has ended. A newer `r` replaces a reading still running.
    public func refresh() {
        guard service != nil else { return }
        pictures?.retryFailed()
        newLoad = FoodsLoad(token: actionState.optimistic.reloadStarted())
        askNextPage(\.newLoad, after: [])
    }

    /// Asks for the next page of a reading, unless it is being asked or the reading has ended.
    /// `read` is what the reading holds so far, for the answer's row index.
    private func askNextPage(_ which: ReferenceWritableKeyPath<FoodsViewModel, FoodsLoad?>, after read: [Food]) {
        guard let service, let load = self[keyPath: which], !load.asking, let number = load.paging.nextPage else { return }
        self[keyPath: which]?.asking = true
        reloadsInFlight += 1
        rebuildEntries()
        onEvent(.changed)
        let (token, paging) = (load.token, load.paging)
        busy.task { [weak self] in
            let result: Result<FoodsLanded, FetchError>
            do {
                let page = try await service.page(number)
                result = .success(await FoodsLanded.make(page, into: paging, after: read))
            } catch {
                result = .failure(FetchError.wrap(error))
            }
            self?.pageAnswered(result, token: token)
        }
    }

    /// The next page of the shown list, in the background: not while a refresh will replace
    /// the list, nor after a page failed (the user asks again).
    private func continueShownList() {
        guard newLoad == nil, nextPageFailure == nil else { return }
        askNextPage(\.shownLoad, after: confirmed ?? [])
    }

    private func pageAnswered(_ result: Result<FoodsLanded, FetchError>, token: Int) {
        reloadsInFlight -= 1
        defer {
            rebuildEntries()
            onEvent(.changed)
        }
        if case .success(let landed) = result { landed.prepared.search.count(in: busy) }
        if token == newLoad?.token {
            newLoad?.asking = false
            switch result {
            case .success(let landed):
                newLoad?.paging = landed.paging
                newLoad?.foods = landed.all
                // Shown once it shortens nothing: the list never jumps back while a refresh runs.
                if landed.paging.isComplete || landed.all.count >= confirmed?.count ?? 0 {
                    show(landed, token: token)
                } else {
                    askNextPage(\.newLoad, after: landed.all)
                }
            case .failure(let error):
                newLoad = nil
                // A list that isn't whole waits for the user now, as after its own page failed.
                if shownLoad?.paging.isComplete == false { nextPageFailure = error }
                listFailed(error)
            }
        } else if token == shownLoad?.token {
            shownLoad?.asking = false
            switch result {
            case .success(let landed):
                shownLoad?.paging = landed.paging
                // Foods new to the list: no like of theirs can be pending.
                confirmed = (confirmed ?? []) + landed.added
                absorb(landed)
            case .failure(let error):
                nextPageFailure = error
                listFailed(error)
            }
        }
        // Any other answer belongs to a reading a newer one replaced: it knows less.
    }

    /// The new reading becomes the shown list.
    private func show(_ landed: FoodsLanded, token: Int) {
        confirmed = actionState.optimistic.merge(landed.all, over: confirmed ?? [], startedAt: token, id: \.id) { $0.isLiked = $1.isLiked }
        shownLoad = FoodsLoad(token: token, started: newLoad?.started ?? .now, paging: landed.paging)
        newLoad = nil
        nextPageFailure = nil
        absorb(landed)
    }

    /// What every answer added to the shown list brings: its row index, the skipped records'
    /// notice, the time, and the next page.
    private func absorb(_ landed: FoodsLanded) {
        prepared = landed.prepared
        lastError = nil
        lastUpdated = now()
        skippedCount = landed.paging.skipped.count
        if let notice = SkippedRecordsReport.report(landed.skipped, noun: noun, logger: logger) { onEvent(notice) }
        if landed.paging.isComplete, landed.paging.end != .whole, let started = shownLoad?.started {
            let milliseconds = Int((ContinuousClock.now - started) / .milliseconds(1))
            logger.info("food list whole: \(landed.paging.loaded) foods in \(landed.paging.pagesRead) pages, \(milliseconds) ms from the first request")
        }
        if let shortfall = landed.paging.shortfall {
            logger.warning("food list ended short: \(shortfall)")
            onEvent(.banner("The foods server \(shortfall)", isError: false))
        }
        setSearch(searchTerm)
        requestPhoto()
        continueShownList()
    }

    private func listFailed(_ error: FetchError) {
        logger.warning("food list failed: \(error.detail)")
        lastError = error
        if confirmed != nil { onEvent(.banner(error.message, isError: true)) }
    }

    /// The selection reached `rowID`: near the end of a list whose page failed, that page is
    /// asked for again. Resting on the retry row asks nothing, so its reason can be read.
    func scrolled(to rowID: String) {
        guard rowID != Self.retryRowID, nextPageFailure != nil, let index = entries.index(ofRowID: rowID),
            index >= entries.entryCount - Self.nearEnd
        else { return }
        retryNextPage()
    }

    /// Enter on the retry row asks for the failed page again.
    public func activatesRow(_ rowID: String) -> Bool {
        guard rowID == Self.retryRowID else { return false }
        retryNextPage()
        return true
    }

    private func retryNextPage() {
        nextPageFailure = nil
        continueShownList()
    }

    /// The status line while the list isn't whole: how much of it is here.
    var pagesStatus: [String] {
        if let newLoad, let total = newLoad.paging.totalCount, !newLoad.paging.isComplete {
            return ["refreshing: \(newLoad.paging.loaded) of \(total)…"]
        }
        guard let paging = shownLoad?.paging, !paging.isComplete else { return [] }
        let done = paging.totalCount.map { "\(paging.loaded) of \($0)" } ?? "\(paging.loaded)"
        return [shownLoad?.asking == true ? "loaded \(done)…" : "\(done) loaded"]
    }

    /// Below the foods: "loading more…" while the next page comes, the retry row after it failed.
    var pagesTrailer: ListEntry? {
        guard let shownLoad, !shownLoad.paging.isComplete else { return nil }
        if shownLoad.asking { return .header(Self.loadingMore) }
        guard let nextPageFailure else { return nil }
        return .row(.retryingMore(id: Self.retryRowID, reason: nextPageFailure.message.withoutKeyHint))
    }

    /// The retry row's detail.
    var retryDetail: [DetailBlock] {
        guard let nextPageFailure else { return [] }
        return [.title("More foods"), .gap, .notice(ListRow.couldNotLoadMore(nextPageFailure.message.withoutKeyHint), isError: true),
                .gap, .paragraph("Enter, or scrolling to the end again, tries again; r reloads the whole list.")]
    }
}
