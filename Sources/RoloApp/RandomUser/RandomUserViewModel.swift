import Foundation
import Logging
import RoloCore
import TerminalUI

/// The `randomuser` source: random persons kept in rolo's database, paged 10 at a time.
///
/// What is stored is shown without a request; scrolling to the last row loads the next page,
/// from the database while it has it, then from the API (``RandomUserPager`` decides). `r`
/// fetches page 1 again and, only when that succeeds, replaces the stored persons and empties
/// the avatar cache. No request is ever retried by itself: a 429 waits for the user's `r`, and a
/// failed next page leaves a row below the persons that says why and that Enter tries again.
@MainActor
public final class RandomUserViewModel: SourceModel, ActionRows, FollowsSelection, DetailPictures,
    RowThumbnails, CopyableValues {
    public let id = RandomUserSource.id
    /// The user's `[[actions]]` for this source, rolo's set-title, and what runs them.
    public var recordActions: [RecordAction] = []
    public var shippedActions: [RecordAction] = []
    public let actionState = ActionState()
    /// The list's title: "Random persons" until `t` makes it a person's name.
    public private(set) var listTitle = RandomUserViewModel.defaultTitle
    public let noun = (singular: "person", plural: "persons")
    public let columns = RandomUserDetail.columns
    public var onEvent: (SourceEvent) -> Void = { _ in }

    public private(set) var lastUpdated: Date?
    public private(set) var searchTerm: String?
    public private(set) var entries: any ListEntrySource = [ListEntry]()
    public var showsThumbnails = true {
        didSet { rebuildEntries() }
    }

    /// The persons loaded so far, in the list's order (unfiltered).
    public private(set) var persons: [RandomPerson] = []
    /// Whether the API has no more pages: scrolling to the end loads nothing more.
    public private(set) var reachedEnd = false
    /// How many persons the database holds for randomuser.
    public private(set) var storedCount = 0

    static let defaultTitle = "Random persons"
    /// The entry below the rows while the next page loads.
    static let loadingMore = "loading more…"
    /// The id of the row below the persons after the next page failed.
    static let retryRowID = "randomuser/retry-next-page"

    let service: any RandomUserService
    /// Nil only when not even an in-memory database could be made; nothing can be loaded then.
    let store: PersonStore<RandomPerson>?
    /// Whether the persons outlive the run (false: the integrator had no database to give, or its
    /// file didn't open).
    private(set) var persistent: Bool
    let pager: RandomUserPager
    public let busy: BusyTracker
    let pictures: PictureStore?
    let imageLoader: RemoteImageLoader?
    /// randomuser's own avatar cache, emptied by a successful `r`.
    let avatarCache: ImageDiskCache?
    let now: () -> Date
    let calendar: Calendar
    let logger = Logger(label: "rolo.randomuser")
    var pictureSlot = Size(width: 40, height: 20)
    var selectedID: String?
    /// Changes with every refresh, so a picture key never names an image from before it.
    var generation = 0
    private var pageTask: Task<Void, Never>?
    private var refreshTask: Task<Void, Never>?
    /// Why the first page couldn't be loaded, while nothing is shown.
    private var firstFailure: String?
    /// Why the next page couldn't be loaded, while the retry row offers it again.
    private(set) var nextPageFailure: String?
    private var started = false
    /// How many persons the pages shown left out because they couldn't be read.
    private var skippedCount = 0
    /// What the page a running `r` fetched left out: it replaces ``skippedCount`` only when the
    /// refresh succeeds, since until then the old pages stay shown.
    private var refreshSkipped = 0
    /// The first page, read from the database before the screen was up; ``start()`` shows it.
    private var readAhead: LoadedPage?
    /// The page ``start()`` showed from ``readAhead``: read from the file before the database
    /// opened, so if the open fails it is copied into the in-memory store (``keepInMemory()``).
    private var shownAhead: LoadedPage?

    /// Persons a page.
    nonisolated static let pageSize = 10

    /// A page to add below the list, with the stored count and state after it.
    public struct LoadedPage: Sendable {
        let page: StoredPage<RandomPerson>
        let storedCount: Int
        let state: SourceState?
    }

    /// Creates the source. A nil `store` keeps the persons in memory for this run only; `seed`
    /// (`--randomuser-seed`) seeds an empty store and every `r`. `avatarCache` is the disk cache
    /// behind `imageLoader`, randomuser's own, which `r` empties. `firstPage` is the stored first
    /// page when it was read ahead (``storedFirstPage(in:)``), for the first frame to show.
    public init(service: any RandomUserService, store: PersonStore<RandomPerson>?, seed: String?, busy: BusyTracker,
                pictures: PictureStore?, imageLoader: RemoteImageLoader?, avatarCache: ImageDiskCache?,
                firstPage: LoadedPage? = nil,
                now: @escaping () -> Date = Date.init, calendar: Calendar = Calendar(identifier: .gregorian),
                timeZone: TimeZone = .current) {
        self.service = service
        persistent = store != nil
        self.store = store ?? (try? RoloDatabase.inMemory()).map { PersonStore(database: $0) }
        pager = RandomUserPager(pageSize: Self.pageSize, seedOverride: seed)
        readAhead = store == nil ? nil : firstPage
        self.busy = busy
        self.pictures = pictures
        self.imageLoader = imageLoader
        self.avatarCache = avatarCache
        self.now = now
        var calendar = calendar
        calendar.timeZone = timeZone
        self.calendar = calendar
        pictures?.onChange = { [weak self] in
            self?.rebuildEntries()
            self?.onEvent(.changed)
        }
        whenNotSaved(store?.database, busy: busy) { [weak self] in self?.keepInMemory() }
    }

    public var isLoading: Bool { pageTask != nil || refreshTask != nil }

    public var status: SourceStatus {
        SourceStatus(isLoading: isLoading, lastUpdated: lastUpdated, items: statusItems, placeholder: placeholder)
    }

    public var placeholder: ListPlaceholder? {
        guard entries.entryCount == 0 else { return nil }
        if store == nil { return .failed("rolo couldn't make a database for the persons — see the log") }
        if let searchTerm { return .empty("No person matches “\(searchTerm)” — Esc clears the search") }
        if isLoading || !started { return .loading("Loading persons…") }
        if let firstFailure { return .failed("Couldn't load persons. \(firstFailure)") }
        return .empty("randomuser.me sent no persons — r to try again")
    }

    public var statusItems: [String] {
        guard !persons.isEmpty else { return [] }
        var items = ["page \((persons.count + pager.pageSize - 1) / pager.pageSize)"]
        items.append(persistent ? "\(storedCount) stored" : "not saved")
        if reachedEnd { items.append("all loaded") }
        return items + SkippedRecordsReport.statusItem(skippedCount)
    }

    public func start() {
        guard !started else { return }
        started = true
        if let page = readAhead {
            readAhead = nil
            shownAhead = page
            pageLoaded(.success(page))
        } else {
            loadNextPage()
        }
    }

    /// randomuser's first page when the database holds it, read apart from any view-model and on
    /// the calling thread, which waits for it: a launch reads it from the file while the database
    /// opens, beside the terminal's set-up, so the first frame can show it. Nil when it must be
    /// fetched, or can't be read (``start()`` then reads it again and says why).
    public nonisolated static func storedFirstPage(in store: PersonStore<RandomPerson>) -> LoadedPage? {
        guard let read = try? RandomUserPager(pageSize: pageSize).readStoredAtLaunch(shown: 0, store: store),
            case .stored(let page) = read.next
        else { return nil }
        return LoadedPage(page: page, storedCount: read.count, state: read.state)
    }

    /// The database file didn't open after all, so the persons live in memory from now on: "not
    /// saved". A first page read from the file before the open stays shown and is stored in
    /// memory, state and seed and all, so the next page continues that list rather than start
    /// another under it.
    private func keepInMemory() {
        persistent = false
        onEvent(.changed)
        guard let shown = shownAhead, let store, refreshTask == nil else { return }
        shownAhead = nil
        let pending = pageTask
        pageTask = busy.task { [weak self] in
            await pending?.value
            let state = shown.state
            let persons = shown.page.persons
            var kept: [RandomPerson]?
            if (try? await store.count(RandomUserPager.source)) == 0 {
                kept = try? await store.appendPage(
                    RandomUserPager.source, persons: persons, names: persons.map(\.fullName), page: 1, seed: state?.seed,
                    complete: shown.page.reachedEnd, cursor: nil, at: state?.fetchedAt ?? Date())
            }
            guard let self else { return }
            self.pageTask = nil
            if let kept { self.storedCount = kept.count }
            self.onEvent(.changed)
        }
    }

    // MARK: - Pages

    /// Loads the page after the persons shown, unless one is loading, a refresh runs or the
    /// data has ended: never two loads at once.
    func loadNextPage() {
        guard let store, pageTask == nil, refreshTask == nil, !reachedEnd else { return }
        nextPageFailure = nil
        let (pager, fetch, shown) = (self.pager, fetcher(), persons.count)
        // The read begins at once, off the main actor: at launch it runs beside the first
        // frame rather than waiting behind it for the main actor to start the task.
        let read = Task.detached(priority: .userInitiated) {
            await Self.load(shown: shown, pager: pager, store: store, fetch: fetch)
        }
        pageTask = busy.task { [weak self] in
            let result = await read.value
            self?.pageLoaded(result)
        }
        rebuildEntries()
        onEvent(.changed)
    }

    /// The page after the first `shown` persons: from the database in one read when it holds
    /// it, else fetched and stored, then counted.
    private nonisolated static func load(
        shown: Int, pager: RandomUserPager, store: PersonStore<RandomPerson>, fetch: RandomUserPager.Fetch<RandomPerson>
    ) async -> Result<LoadedPage, any Error> {
        do {
            let stored = try await pager.readStored(shown: shown, store: store)
            switch stored.next {
            case .stored(let page):
                return .success(LoadedPage(page: page, storedCount: stored.count, state: stored.state))
            case .fetch(let number, let seed):
                let page = try await pager.fetchNext(page: number, seed: seed, store: store, fetch: fetch, name: { $0.fullName })
                let totals = try await store.totals(RandomUserPager.source)
                return .success(LoadedPage(page: page, storedCount: totals.count, state: totals.state))
            }
        } catch {
            return .failure(error)
        }
    }

    private func pageLoaded(_ result: Result<LoadedPage, any Error>) {
        pageTask = nil
        defer {
            rebuildEntries()
            onEvent(.changed)
        }
        switch result {
        case .success(let loaded):
            let page = loaded.page
            persons += page.persons
            reachedEnd = page.reachedEnd
            storedCount = loaded.storedCount
            firstFailure = nil
            lastUpdated = page.origin == .network ? now() : (lastUpdated ?? loaded.state?.fetchedAt)
            requestPhoto()
        case .failure(let error) where persons.isEmpty:
            failed(error, doing: "first page")
        case .failure(let error):
            // The row says it where the user is looking, and a banner there would cover the row.
            logger.warning("next page failed: \(Self.detail(of: error))")
            nextPageFailure = Self.reason(Self.message(for: error))
        }
    }

    /// The API as the pager calls it: page `number` of 10 with `seed`. A refresh's pages count
    /// their skipped persons apart, for the list that replaces the one shown.
    private func fetcher(refreshing: Bool = false) -> RandomUserPager.Fetch<RandomPerson> {
        let (service, size) = (self.service, pager.pageSize)
        return { [weak self] number, seed in
            let page = try await service.page(number, size: size, seed: seed)
            // A page of which no one could be read fails here, before its skipped count is shown.
            let fetched = try page.readable()
            if !page.skipped.isEmpty { await self?.skippedOnPage(number, page.skipped, refreshing: refreshing) }
            return fetched
        }
    }

    /// Logs the persons a page left out and says so on screen; the page's others are shown.
    private func skippedOnPage(_ number: Int, _ skipped: [SkippedRecord], refreshing: Bool) {
        SkippedRecordsReport.log(skipped, noun: noun, source: "page \(number)", logger: logger)
        if refreshing {
            refreshSkipped += skipped.count
        } else {
            skippedCount += skipped.count
        }
        if let notice = SkippedRecordsReport.notice(skipped, noun: noun) { onEvent(notice) }
    }

    // MARK: - Refresh

    /// `r`: page 1 again with the same seed (or the override); only on success the stored
    /// persons are replaced and the avatar cache emptied. A page load in flight lands first.
    public func refresh() {
        guard let store, refreshTask == nil else { return }
        // Only a successful refresh replaces the avatars; until then the failed ones are retried.
        pictures?.retryFailed()
        refreshSkipped = 0
        let (pager, fetch, pending, cache) = (self.pager, fetcher(refreshing: true), pageTask, avatarCache)
        refreshTask = busy.task { [weak self] in
            await pending?.value
            let result: Result<StoredPage<RandomPerson>, any Error>
            do {
                let page = try await pager.refresh(store: store, fetch: fetch, name: { @Sendable in $0.fullName })
                await cache?.removeAll()
                result = .success(page)
            } catch {
                result = .failure(error)
            }
            self?.refreshed(result)
        }
        rebuildEntries()
        onEvent(.changed)
    }

    private func refreshed(_ result: Result<StoredPage<RandomPerson>, any Error>) {
        refreshTask = nil
        defer {
            rebuildEntries()
            onEvent(.changed)
        }
        switch result {
        case .success(let page):
            persons = page.persons
            skippedCount = refreshSkipped
            nextPageFailure = nil
            reachedEnd = page.reachedEnd
            storedCount = page.persons.count
            firstFailure = nil
            lastUpdated = now()
            generation += 1
            pictures?.removeAll()
            requestPhoto()
        case .failure(let error):
            failed(error, doing: "refresh")
        }
    }

    /// A failed load: a banner over the persons still shown, or the placeholder when none are.
    private func failed(_ error: any Error, doing what: String) {
        let message = Self.message(for: error)
        logger.warning("\(what) failed: \(Self.detail(of: error))")
        if persons.isEmpty {
            firstFailure = message
        } else {
            onEvent(.banner(message, isError: true))
        }
    }

    // MARK: - List

    public func setSearch(_ term: String?) {
        searchTerm = term.searchTerm
        rebuildEntries()
        onEvent(.changed)
    }

    /// The persons the list shows now: all loaded, or those matching the search.
    var visiblePersons: [RandomPerson] {
        searchTerm.map { term in persons.filter { $0.matches(term) } } ?? persons
    }

    /// Rows are made as they are drawn, so only the thumbnails of rows on screen are asked for.
    func rebuildEntries() {
        let shown = visiblePersons
        let ids = shown.map(\.id)
        // Below the rows, not alone: with no rows the placeholder says "Loading persons…".
        let layout = pageTask != nil && !shown.isEmpty
            ? RowLayout(ids: ids, sections: [(nil, Array(shown.indices)), (Self.loadingMore, [])])
            : RowLayout(ids: ids)
        let rows = RecordRows(records: shown, layout: layout) { [weak self] person in
            var row = RandomUserDetail.row(for: person)
            row.thumbnail = self?.thumbnail(of: person)
            return row
        }
        let retry = pageTask == nil && !shown.isEmpty ? nextPageFailure.map(Self.retryRow) : nil
        entries = EntriesWithTrailer(rows: rows, trailer: retry)
    }

    func person(withID id: String) -> RandomPerson? {
        persons.first { $0.id == id }
    }

    // MARK: - Title

    /// The detail's avatar titles the list: rolo's set-title action.
    public var detailButtonAction: CapabilityAction? { CapabilityAction(Self.setTitleAction) }

    /// The name of rolo's action that titles the list (``RandomUserSource/shippedActions``).
    static let setTitleAction = "set-title"

    /// `t`, Enter or a click on the avatar (the set-title action): the person's name becomes
    /// the list's title.
    public func setListTitle(_ title: String) -> Bool {
        listTitle = title.isEmpty ? Self.defaultTitle : title
        onEvent(.changed)
        return true
    }
}
