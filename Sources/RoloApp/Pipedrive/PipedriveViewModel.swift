import Foundation
import Logging
import RoloCore
import TerminalUI

/// The `pipedrive` source: every person of a Pipedrive account, stored in rolo's database and
/// read from it as the list is drawn, so 100,000 persons scroll like 100.
///
/// The persons are the record engine's (``PipedriveAccount``): what is stored shows at once; the
/// engine's sync runs in the background, one request at a time, until the account is stored
/// whole (the first time, rows appear as pages land; later, a refresh merges page by page and
/// never drops what is stored). With API v2 the organisations' and owners' names come first.
/// When Pipedrive can't be reached the stored persons stay, with a banner saying since when. A
/// search scans the stored persons' search text held in memory (``StoredSearchIndex``), off the
/// main actor: at 100,000 persons a keystroke takes milliseconds.
@MainActor
public final class PipedriveViewModel: SourceModel, ReportsOffline, WaitsForFirstFrame, FollowsSelection, DetailPictures, CopyableValues {
    public let id = PipedriveSource.id
    public let listTitle = "Pipedrive persons"
    public let noun = (singular: "person", plural: "persons")
    public let columns = PipedriveDetail.columns
    public var onEvent: (SourceEvent) -> Void = { _ in }

    public private(set) var lastUpdated: Date?
    public private(set) var searchTerm: String?
    /// Pipedrive rows carry no thumbnails: at 100,000 persons they would be as many requests.
    public var entries: any ListEntrySource { rows.map { $0 as any ListEntrySource } ?? [ListEntry]() }

    /// What the status line says about the sync, updated after every page.
    public var progress: RecordSync.Progress? { sync.progress }
    /// When the shown persons were last fetched, for "saved 2 h ago".
    public private(set) var savedAt: Date?
    /// Whether the last sync found Pipedrive unreachable.
    public var isOffline: Bool { sync.isOffline }
    /// The config file's `[[actions]]` with `source = "pipedrive"`.
    public var recordActions: [RecordAction] = []
    /// What runs them, and what is in flight.
    public let actionState = ActionState()

    static let loadingMore = "loading more…"

    /// Why the source can't be used as configured (no URL, no token); nil when it can.
    let unconfigured: String?
    /// The account's persons on the record engine: synced when configured, else only read (the
    /// persons an earlier run stored stay readable); nil without a database.
    let account: PipedriveAccount?
    let rows: PipedriveRows?
    /// The stored names of the organisations and owners, read in order; nil without an account.
    private let names: LookupReads?
    /// Whether the persons outlive the run (false: no database file could be opened).
    private(set) var persistent: Bool
    let busy: BusyTracker
    let pictures: PictureStore?
    let imageLoader: RemoteImageLoader?
    let gravatarBase: URL
    /// The account's web app, `https://COMPANY.pipedrive.com`, for each person's "In Pipedrive" link.
    let companyURL: URL?
    let now: () -> Date
    let timeZone: TimeZone
    let logger = Logger(label: "rolo.pipedrive")
    var pictureSlot = Size(width: 40, height: 20)
    var selectedID: String?
    var selectedPerson: PipedrivePerson?
    private var syncTask: Task<Void, Never>?
    /// What the last sync said: its progress, a first failure, offline.
    private var sync = SyncFollowing()
    /// The search of the stored persons; nil without a store.
    private let search: StoredSearch<ListSearchAnswer>?
    /// What of the search couldn't be applied, a sentence each.
    public private(set) var searchProblems: [String] = []
    /// The names a query's search reads, kept as the rows' lookups.
    private let queryLookups: QueryLookups
    /// The stored persons' search text in memory, which ``search`` scans.
    private let searchIndex: StoredSearchIndex?
    private var started = false
    /// Whether the screen's first frame with data is out (``firstFrameDrawn()``): the search
    /// index is read only then, or at the first search.
    private var firstFrameOut = false

    /// Creates the source.
    ///
    /// - `http`, `token`, `companyURL`: the account (``PipedriveAccount``); when one is missing,
    ///   or `unconfigured` says what to set, the tab says so. `apiURL`, when given, is where the
    ///   API is asked instead of `companyURL` (a stand-in's), and without `companyURL` the
    ///   persons have no "In Pipedrive" link.
    /// - `database`: rolo's database; nil keeps the persons in memory for this run.
    /// - `pageSize`: persons (and organisations) a request.
    /// - `imageLoader`: fetches Gravatar avatars through the disk cache; nil shows badges only.
    public init(
        http: (any HTTPClient)?, token: String?, unconfigured: String? = nil, api: PipedriveAPIVersion,
        database: RoloDatabase?, pageSize: Int = 500, timeout: TimeInterval = 30,
        sleep: @escaping RecordPager.Sleep = { try await Task.sleep(for: .seconds($0)) },
        busy: BusyTracker, pictures: PictureStore?, imageLoader: RemoteImageLoader?, gravatarBase: URL, companyURL: URL? = nil,
        apiURL: URL? = nil, now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current
    ) {
        persistent = database != nil
        let database = database ?? (try? RoloDatabase.inMemory())
        var problem = unconfigured
        var account: PipedriveAccount?
        if let database, let http, let token, let apiURL = apiURL ?? companyURL, unconfigured == nil {
            do {
                account = try PipedriveAccount(
                    companyURL: apiURL, token: token, api: api, http: http, database: database, pageSize: pageSize,
                    timeout: timeout, sleep: sleep, now: now)
            } catch {
                problem = (error as? ConfigError)?.description ?? String(describing: error)
            }
        }
        self.unconfigured = account == nil ? (problem ?? (database == nil ? nil : "Pipedrive isn't configured")) : nil
        let shown = account ?? database.flatMap { try? PipedriveAccount(storedIn: $0, api: api) }
        self.account = shown
        rows = shown.map { PipedriveRows(store: $0.store) }
        names = shown.map { LookupReads(store: $0.lookups, busy: busy) }
        let searchIndex = shown?.store.memorySearch()
        self.searchIndex = searchIndex
        // Nil from the index is a search a newer one replaced, whose answer is dropped anyway.
        let queryLookups = QueryLookups()
        self.queryLookups = queryLookups
        search = searchIndex.flatMap { index in shown.map { account in
            StoredSearch(busy: busy) { term in
                try await ListQuery.answer(term, index: index, store: account.store, lookups: queryLookups, now: { Date() })
            }
        } }
        self.busy = busy
        self.pictures = pictures
        self.imageLoader = imageLoader
        self.gravatarBase = gravatarBase
        self.companyURL = companyURL
        self.now = now
        self.timeZone = timeZone
        pictures?.onChange = { [weak self] in self?.onEvent(.changed) }
        search?.onAnswer = { [weak self] in self?.searchAnswered($0) }
        whenNotSaved(persistent ? database : nil, busy: busy) { [weak self] in
            self?.persistent = false
            self?.onEvent(.changed)
        }
    }

    public var isLoading: Bool { syncTask != nil || search?.isRunning == true }

    public var status: SourceStatus {
        SourceStatus(isLoading: isLoading, lastUpdated: lastUpdated, items: statusItems, placeholder: placeholder)
    }

    public var placeholder: ListPlaceholder? {
        if let unconfigured { return .unconfigured(unconfigured) }
        guard let rows else { return .failed("rolo couldn't make a database for the persons — see the log") }
        guard rows.entryCount == 0 else { return nil }
        if let searchTerm {
            return search?.isRunning == true ? .loading("Searching…") : .empty("No person matches “\(searchTerm)” — Esc clears the search")
        }
        if let firstFailure = sync.firstFailure { return .failed("Couldn't load persons. \(firstFailure)") }
        if syncTask != nil || !started { return .loading("Loading persons from Pipedrive…") }
        return .empty("This Pipedrive account has no persons — r to check again")
    }

    public var statusItems: [String] {
        var items: [String] = []
        if let progress, syncTask != nil { items += StatusText.sync(progress, lookups: "names of organisations and owners") }
        if isOffline, let savedAt { items.append("offline · saved \(StatusText.age(of: savedAt, now: now(), timeZone: timeZone))") }
        if !persistent { items.append("not saved") }
        return items + SkippedRecordsReport.statusItem(progress?.skipped.count ?? 0)
    }

    // MARK: - Sync

    public func start() {
        guard !started else { return }
        started = true
        rows?.reloadCount()
        readNames()
        startSync()
        if firstFrameOut { searchIndex?.prepare() }
    }

    /// The screen's first frame with data is out: the search index is read now, for a
    /// keystroke to find.
    public func firstFrameDrawn() {
        firstFrameOut = true
        if started { searchIndex?.prepare() }
    }

    /// `r`: fetches the account again (or goes on where a stopped sync left off); the stored
    /// persons stay shown, merged page by page. Nothing while a sync runs.
    public func refresh() {
        guard started else { return start() }
        pictures?.retryFailed()
        startSync()
    }

    private func startSync() {
        guard let account, let run = account.sync(), syncTask == nil else { return }
        sync.began()
        syncTask = busy.task { [weak self] in
            let state = try? await account.store.state()
            if let self, self.savedAt == nil { self.savedAt = state?.refreshedAt }
            // A whole list is listed again and merged; one a stop left goes on.
            let result = await SyncFollowing.outcome {
                try await run.run(refresh: true) { [weak self] progress in await self?.progressed(progress) }
            }
            self?.syncEnded(result)
        }
        updateTrailer()
        onEvent(.changed)
    }

    /// Reads the stored names of the organisations and owners, and shows them.
    private func readNames() {
        guard let rows else { return }
        names?.read { [weak self] result in
            switch result {
            case .success(let values):
                guard values != rows.lookups else { return }
                rows.lookups = values
                self?.queryLookups.values = values
                self?.personsReread()
            case .failure(let error):
                self?.onEvent(.banner(String(describing: error), isError: true))
            }
        }
    }

    /// The shown persons changed, went or moved, or their names did: every cached row and the
    /// selected person are read again.
    private func personsReread() {
        rows?.invalidate()
        selectedPerson = selectedID.flatMap { rows?.person(withID: $0) }
        onEvent(.changed)
    }

    private func progressed(_ progress: RecordSync.Progress) {
        if let notice = sync.reported(progress, noun: noun, logger: logger) { onEvent(notice) }
        // Any answer, a wait or the names included, says Pipedrive can be reached.
        sync.serverAnswered()
        for failure in progress.lookupFailures {
            logger.warning("names not fetched: \(failure.message)")
            onEvent(.banner("Organisation and owner names couldn't be fetched: \(failure.message)", isError: true))
        }
        if progress.lookupsStored {
            if progress.searchRefolded {
                searchIndex?.reset()
                search?.rowsChanged()
            }
            readNames()
        } else if progress.waiting == nil, !progress.fetchingLookups {
            // A page was stored: the list grew, or (merged) changed in place.
            savedAt = now()
            lastUpdated = now()
            if progress.rewritten {
                searchIndex?.reset()
                personsReread()
            } else {
                rows?.reloadCount()
                searchIndex?.prepare()
            }
            search?.rowsChanged()
        }
        updateTrailer()
        onEvent(.changed)
    }

    private func syncEnded(_ result: Result<Void, any Error>) {
        syncTask = nil
        let banner = sync.ended(
            result, stored: rows?.storedCount ?? 0, savedAt: savedAt, shown: "persons", now: now(), timeZone: timeZone, logger: logger)
        if let banner { onEvent(banner) }
        updateTrailer()
        onEvent(.changed)
    }

    /// "loading more…" under the rows while the first fill of the list is still going.
    private func updateTrailer() {
        guard let rows else { return }
        // Only once a page of a first listing has landed: a launch over a whole list refreshes
        // it in place, and nothing more is coming below its rows.
        let filling = syncTask != nil && progress.map { $0.listed == nil && !$0.finished && !$0.fetchingLookups && !$0.lookupsStored } == true
            && searchTerm == nil && rows.storedCount > 0
        rows.trailer = filling ? Self.loadingMore : nil
    }

    // MARK: - Search

    public func setSearch(_ term: String?) {
        searchTerm = term.searchTerm
        searchProblems = ListQuery.problems(searchTerm)
        if searchTerm == nil { rows?.setFilter(nil) }
        search?.search(searchTerm)
        updateTrailer()
        onEvent(.changed)
    }

    private func searchAnswered(_ result: Result<ListSearchAnswer, any Error>) {
        switch result {
        case .success(let answer):
            rows?.setFilter(answer.positions, sections: answer.sections)
            searchProblems = answer.problems
        case .failure(let error): onEvent(.banner("The search failed: \(error)", isError: true))
        }
        onEvent(.changed)
    }

    // MARK: - Selection and detail

    public func selectionChanged(to rowID: String?) {
        selectedID = rowID
        selectedPerson = rowID.flatMap { rows?.person(withID: $0) }
        let keep = selectedPerson.flatMap(avatarURL).map(avatarKey)
        pictures?.cancel { $0 == keep }
        requestAvatar()
    }

    public func detail(for rowID: String) -> [DetailBlock] {
        let person = selectedPerson?.id == rowID ? selectedPerson : rows?.person(withID: rowID)
        guard let person else { return [] }
        return PipedriveDetail.blocks(for: person, picture: picture(for: person), timeZone: timeZone, companyURL: companyURL)
    }
}

extension PipedriveViewModel: ExplainsSearch {
    public var searchHighlight: String? { ListQuery.highlight(searchTerm) }
}
