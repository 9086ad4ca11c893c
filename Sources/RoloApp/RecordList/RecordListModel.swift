import Foundation
import Logging
import RoloCore
import TerminalUI

/// A configured source (`[[sources]]` in the config file): any JSON REST API as a list and a
/// detail, with nothing written in Swift for it.
///
/// What is stored shows at once; a ``RecordSync`` then runs in the background, one request
/// at a time, until the list is whole: the first time rows appear as pages land, a relaunch
/// refreshes the stored list in place, page by page, and drops what went only once the new
/// listing is whole (a 304 to its `ETag`, or a `since` list of changes, costs a request). When the
/// API can't be reached the stored records stay, with a banner saying since when. The list is
/// read from the store in windows as it is drawn (``JSONRecordWindow``), never every record
/// at once; a search asks the store's index, off the main actor. `offline = false` keeps the
/// records in an in-memory database.
@MainActor
public final class RecordListModel: SourceModel, ReportsOffline, WaitsForFirstFrame, FollowsSelection, DetailPictures, RowThumbnails, CopyableValues {
    public let id: SourceID
    /// The source as configured.
    public let source: RecordSource
    public var listTitle: String { source.title }
    public let noun = (singular: "record", plural: "records")
    public let columns: [ListColumn]
    public var onEvent: (SourceEvent) -> Void = { _ in }

    public private(set) var lastUpdated: Date?
    public internal(set) var searchTerm: String?
    public internal(set) var entries: any ListEntrySource = [ListEntry]()
    public var showsThumbnails = true {
        didSet { rebuildEntries() }
    }

    /// What the sync has done, updated after every page and wait.
    public var progress: RecordSync.Progress? { sync.progress }
    /// Whether the last sync found the API unreachable.
    public var isOffline: Bool { sync.isOffline }
    /// The `[[sources.actions]]`' session and the runs in flight.
    public let actionState = ActionState()
    /// Settings naming a path no record has, "label: no record has 'first_nme' …".
    public private(set) var templateProblems: [String] = []

    static let loadingMore = "loading more…"

    /// Why the source can't be used (a variable not set); nil when it can.
    let unconfigured: String?
    let store: RecordStore?
    let pager: RecordPager?
    /// The URL and headers with their variables filled in: which pictures get the headers
    /// (those on the configured URL's origin), and the secrets kept out of their errors.
    let endpoint: RecordEndpoint?
    /// Whether the records outlive the run: false for `offline = false`, or when the database
    /// didn't open.
    private(set) var persistent: Bool
    let busy: BusyTracker
    let pictures: PictureStore?
    let imageLoader: RemoteImageLoader?
    let now: @Sendable () -> Date
    let locale: Locale
    let timeZone: TimeZone
    let logger: Logger
    var pictureSlot = Size(width: 40, height: 20)
    var selectedID: String?
    /// The stored records as the list draws them, a block at a time; nil without a store.
    let window: JSONRecordWindow?
    /// The list's layout before a search: the stored order, or `group`/`sort`'s, made off the
    /// main actor; with how many records it covers.
    var arranged = Arranged(count: 0, layout: RowLayout(count: 0), inOrder: true)
    /// The `group`/`sort` texts of the records arranged so far, kept to arrange the next pages'.
    var arrangeTexts = ArrangeTexts()
    /// The positions the search matched; nil when not filtered.
    var matches: [Int]?
    var arrangeTask: Task<Void, Never>?
    /// The arranged layout being cut down to the search's matches, off the main actor.
    var filterTask: Task<Void, Never>?
    /// The search of the stored records; nil without a store.
    let search: StoredSearch<ListSearchAnswer>?
    /// A `sort:`'s order of the matches, in sections; nil: the arranged layout cut to ``matches``.
    var matchSections: [QueryAnswer.Section]?
    /// What of the search couldn't be applied, a sentence each.
    public internal(set) var searchProblems: [String] = []
    /// The lookups a query's search reads, kept as ``lookupValues``.
    let queryLookups: QueryLookups
    /// The stored records' search text in memory, which ``search`` scans.
    let searchIndex: StoredSearchIndex?
    /// Full records fetched from `detail_url`, by id.
    var details: [String: RecordDetail.Fetch] = [:]
    var detailTask: Task<Void, Never>?
    /// The listed JSON each of ``details`` was asked for: a refresh page that leaves a record as
    /// it was keeps its detail, fetched or in flight, even before the store holds it.
    var detailsAskedFor: [String: String] = [:]
    /// Whether the screen's first frame with data is out (``firstFrameDrawn()``): the search
    /// index is read only then, or at the first search.
    private var firstFrameOut = false
    /// Fields of `optimistic` writes the server confirmed, by record, shown until the record is
    /// read again as the server left it: the row doesn't show the old value in between.
    var confirmedWrites: [String: [JSONMember]] = [:]
    /// The on-screen rows' details: which are fresh, failed, in flight, wanted next.
    var rowDetails = RowDetailQueue()
    /// The requests of ``rowDetails`` in flight, by row id.
    var rowDetailTasks: [String: Task<Void, Never>] = [:]
    /// Whether the rows read fields only the details have, so the drawn rows' are fetched.
    var rowsNeedDetails = false
    /// Whether details merged since the in-memory search index was read: the next search
    /// reads it again.
    var searchIndexStale = false
    /// Changes with every refresh, so a picture key never names an image from before it.
    var generation = 0
    /// The records the `[[sources.lookups]]` name, as stored; none until read.
    var lookupValues = LookupValues.none {
        didSet { queryLookups.values = lookupValues }
    }
    /// Fetches the lookups' lists into the store; nil without lookups, a store or their variables.
    let lookupSync: LookupSync?
    /// The stored lookups, read at start and after each sync stored them; nil without lookups.
    let lookupReads: LookupReads?
    private var loadTask: Task<Void, Never>?
    private(set) var syncTask: Task<Void, Never>?
    /// Whether the running sync refreshes a whole stored list, which its status says.
    private(set) var replacing = false
    /// When the shown records were last fetched, for "saved 2 h ago".
    private var savedAt: Date?
    /// What the last sync said: its progress, a first failure, offline.
    private var sync = SyncFollowing()
    /// The source's sign-in flow for `L`, when its `[sources.auth]` is OAuth 2.0.
    public internal(set) var signInFlow: SignInFlow?
    private var started = false

    /// A layout and how many records it covers.
    struct Arranged: Sendable {
        var count: Int
        var layout: RowLayout
        /// Whether it shows every record in the stored order.
        var inOrder: Bool
    }

    /// Creates the source's view-model.
    ///
    /// - `database`: rolo's database; nil (or `offline = false`) keeps the records in memory.
    /// - `http`: the client the API, its `detail_url` and nothing else are fetched with.
    /// - `environment`: where `${VAR}`s come from; one that isn't set makes the tab say so.
    /// - `imageLoader`: fetches `image` and `thumbnail` URLs through the disk cache, with the
    ///   headers for those on the configured URL's origin; nil, or nil `pictures`, shows no pictures.
    /// - `sleep`: how a rate limit is waited out (tests return at once).
    public init(
        source: RecordSource, database: RoloDatabase?, http: any HTTPClient,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        busy: BusyTracker, pictures: PictureStore?, imageLoader: RemoteImageLoader?, timeout: TimeInterval = 30,
        sleep: @escaping RecordPager.Sleep = { try await Task.sleep(for: .seconds($0)) },
        now: @escaping @Sendable () -> Date = Date.init, locale: Locale = .current, timeZone: TimeZone = .current
    ) {
        id = SourceID(rawValue: source.name)
        self.source = source
        columns = RecordDetail.columns(of: source)
        let kept = source.offline ? database : nil
        persistent = kept != nil
        let store = (kept ?? (try? RoloDatabase.inMemory())).map { RecordStore(database: $0, source: source) }
        self.store = store
        let logger = Logger(label: "rolo.\(source.name)")
        window = store.map { JSONRecordWindow(store: $0, logger: logger) }
        // The records' search text in memory (1- and 2-character terms too, within a frame at
        // 100,000); nil from it is a search a newer one replaced, whose answer is dropped anyway.
        let searchIndex = store?.memorySearch()
        self.searchIndex = searchIndex
        // A big list shows a term's first matches while the rest are counted; one laid out by
        // `group`/`sort` shows none apart, as its first rows aren't the first stored.
        let showsFirst = source.group == nil && source.sort == nil
        let queryLookups = QueryLookups()
        self.queryLookups = queryLookups
        search = searchIndex.flatMap { index in store.map { store in
            var first: StoredSearch<ListSearchAnswer>.FirstMatches?
            if showsFirst {
                first = { term in
                    guard ListQuery.isPlainText(term) else { return nil }
                    return try await index.firstPositions(matching: term, limit: Self.firstMatchesShown)
                }
            }
            return StoredSearch(busy: busy, query: { term in
                try await ListQuery.answer(term, index: index, store: store, lookups: queryLookups, now: now)
            }, first: first)
        } }
        do {
            let endpoint = try source.endpoint(environment: environment)
            _ = try source.auth?.expanded(for: source, environment: environment)
            pager = RecordPager(source: source, endpoint: endpoint, client: http, timeout: timeout, sleep: sleep, now: now)
            self.endpoint = endpoint
            unconfigured = nil
        } catch {
            pager = nil
            endpoint = nil
            unconfigured = (error as? ConfigError)?.description ?? String(describing: error)
        }
        lookupSync = Self.lookupSync(of: source, store: store, http: http, environment: environment, timeout: timeout, sleep: sleep)
        lookupReads = lookupSync.map { LookupReads(store: $0.store, busy: busy) }
        self.busy = busy
        self.pictures = pictures
        self.imageLoader = imageLoader
        self.now = now
        self.locale = locale
        self.timeZone = timeZone
        self.logger = logger
        pictures?.onChange = { [weak self] in
            self?.rebuildEntries()
            self?.onEvent(.changed)
        }
        search?.onAnswer = { [weak self] in self?.searchAnswered($0) }
        search?.onFirstMatches = { [weak self] in self?.firstMatchesFound($0) }
        whenNotSaved(kept, busy: busy) { [weak self] in
            self?.persistent = false
            self?.onEvent(.changed)
        }
    }

    public var isLoading: Bool { loadTask != nil || syncTask != nil || search?.isRunning == true }

    public var status: SourceStatus {
        SourceStatus(isLoading: isLoading, lastUpdated: lastUpdated, items: statusItems, placeholder: placeholder)
    }

    public var placeholder: ListPlaceholder? {
        if let unconfigured { return .unconfigured(unconfigured) }
        guard store != nil else { return .failed("rolo couldn't make a database for the records — see the log") }
        guard entries.entryCount == 0 else { return nil }
        if let searchTerm {
            return search?.isRunning == true || arrangeTask != nil || filterTask != nil
                ? .loading("Searching…") : .empty("No record matches “\(searchTerm)” — Esc clears the search")
        }
        if let firstFailure = sync.firstFailure {
            // Not an error: what to do next.
            return sync.needsSignIn ? .unconfigured(firstFailure) : .failed("Couldn't load \(source.title). \(firstFailure)")
        }
        if isLoading || !started || arranged.count < recordCount { return .loading("Loading \(source.title)…") }
        return .empty("\(source.title) sent no records — r to check again")
    }

    public var statusItems: [String] {
        var items: [String] = []
        if let progress, syncTask != nil { items += StatusText.sync(progress, lookups: "lookups") }
        // A list that ended before the total its API named says so, never silently short.
        if let progress, progress.finished, let shortfall = progress.shortfall { items.append(shortfall.description) }
        if isOffline, let savedAt { items.append("offline · saved \(StatusText.age(of: savedAt, now: now(), timeZone: timeZone))") }
        if source.offline, !persistent { items.append("not saved") }
        return items + SkippedRecordsReport.statusItem(progress?.skipped.count ?? 0)
    }

    // MARK: - Loading

    /// How many records are stored, as the list last read.
    public var recordCount: Int { window?.count ?? 0 }

    /// The screen's first frame with data is out: the search index is read now, for a
    /// keystroke to find.
    public func firstFrameDrawn() {
        firstFrameOut = true
        if started, unconfigured == nil { searchIndex?.prepare() }
    }

    /// Shows what is stored, then syncs: a refresh beside a whole stored list, else the list
    /// from where it stopped (or from its first page). The list shows the stored count at
    /// once, its rows read as they are drawn, so End right after the first frame lands on the
    /// last record.
    public func start() {
        guard !started else { return }
        started = true
        guard let store, unconfigured == nil else { return }
        if firstFrameOut { searchIndex?.prepare() }
        readLookups()
        loadTask = busy.task { [weak self] in
            let state: RecordListState?
            do {
                state = try await store.state()
                if let fresh = try? await store.freshDetailIDs(now: self?.now() ?? Date()) { self?.rowDetails.fresh = fresh }
            } catch {
                self?.loadTask = nil
                self?.onEvent(.banner(String(describing: error), isError: true))
                self?.startSync(refresh: false)
                return
            }
            guard let self else { return }
            self.loadTask = nil
            self.savedAt = state?.refreshedAt
            self.lastUpdated = state?.refreshedAt
            self.recordsChanged()
            self.startSync(refresh: state?.complete == true)
        }
    }

    /// `r`: fetches the list again, the stored records shown until its first page comes; a list
    /// a sync left unfinished goes on from where it stopped. Nothing while a sync runs.
    public func refresh() {
        guard started else { return start() }
        guard loadTask == nil else { return }
        pictures?.retryFailed()
        startSync(refresh: nil)
    }

    /// Starts the sync: a refresh, a resume, or (`refresh` nil) whichever the stored list
    /// needs: a whole one is fetched again, an unfinished one goes on.
    private func startSync(refresh: Bool?) {
        guard let pager, let store, syncTask == nil else { return }
        let run = RecordSync(pager: pager, store: store, lookups: lookupSync, now: now)
        sync.began()
        syncTask = busy.task { [weak self] in
            let result = await SyncFollowing.outcome {
                let state = try await store.state()
                let refreshing = refresh ?? state?.complete ?? true
                // A refresh a kill stopped goes on over the whole stored list.
                self?.replacing = refreshing || state?.refreshing == true
                try await run.run(refresh: refreshing) { [weak self] progress in await self?.progressed(progress) }
            }
            self?.syncEnded(result)
        }
        rebuildEntries()
        onEvent(.changed)
    }

    /// A page was stored (or a wait begins): the list reads the new count; a page that changed,
    /// removed or moved stored records drops what was read of the old list.
    private func progressed(_ progress: RecordSync.Progress) async {
        if let notice = sync.reported(progress, noun: noun, logger: logger) { onEvent(notice) }
        if progress.lookupsStored { return lookupsFetched(progress) }
        guard progress.waiting == nil, !progress.fetchingLookups, let store else { return onEvent(.changed) }
        var replaced = false
        if progress.rewritten {
            generation += 1
            // Before the next await: a frame drawn meanwhile reads the new list, not old blocks.
            storedRecordsReplaced()
            searchIndex?.reset()
            // A record listed as it was keeps its fetched detail, as the store kept it; a changed
            // one asks again.
            let fresh = (try? await store.freshDetailIDs(now: now())) ?? []
            let unchanged = detailsListedAsAsked()
            details = details.filter { fresh.contains($0.key) || unchanged.contains($0.key) }
            detailsAskedFor = detailsAskedFor.filter { details[$0.key] != nil }
            resetRowDetails(fresh: fresh)
            if selectedID.map({ details[$0] == nil }) ?? true {
                detailTask?.cancel()
                detailTask = nil
            }
            pictures?.removeAll()
            replaced = true
        }
        sync.serverAnswered()
        savedAt = now()
        lastUpdated = now()
        recordsChanged()
        // The selection stays where it was, so nothing asks again for what the new list dropped.
        if replaced {
            fetchDetail()
            requestPicture()
        }
    }

    private func syncEnded(_ result: Result<Void, any Error>) {
        syncTask = nil
        replacing = false
        let banner = sync.ended(
            result, stored: recordCount, savedAt: savedAt, shown: source.title, now: now(), timeZone: timeZone, logger: logger)
        if let banner { onEvent(banner) }
        rebuildEntries()
        onEvent(.changed)
    }

    /// The records changed: the settings are checked against them, and the list is laid out
    /// again and searched again.
    func recordsChanged() {
        window?.reloadCount()
        checkTemplates()
        arrange()
        search?.rowsChanged()
        onEvent(.changed)
    }

    /// Names each setting whose path no record has, once a problem first shows.
    func checkTemplates() {
        judgeRowsNeedDetails()
        let problems = source.problems(with: (window?.first(50) ?? []).map(\.value), detailed: detailedRecords)
        guard problems != templateProblems else { return }
        // A problem said before, its list of the fields records have grown by a detail, is
        // updated in the detail pane but not announced again.
        let said = Set(templateProblems.map(Self.problemHead))
        templateProblems = problems
        let new = problems.filter { !said.contains(Self.problemHead($0)) }
        for problem in new { logger.warning("\(problem)") }
        if let first = new.first {
            onEvent(.banner("\(source.title): \(first)\(new.count > 1 ? " (and \(new.count - 1) more)" : "")", isError: true))
        }
    }

    /// A problem's setting and path, before what the records have: "label: no record has 'frist'".
    private static func problemHead(_ problem: String) -> String {
        problem.components(separatedBy: " (did you mean").first?.components(separatedBy: " — ").first ?? problem
    }
}
