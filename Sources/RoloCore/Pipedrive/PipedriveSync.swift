import Foundation

/// Where a sync stands, for the status line.
public struct PipedriveSyncProgress: Sendable, Equatable {
    /// Persons stored so far in the list being filled.
    public var stored: Int
    /// The account's person count, when the API says.
    public var total: Int?
    /// Whether a refresh is filling a side list while the stored one stays shown.
    public var refreshing: Bool
    /// Seconds the sync waits before its next request (rate limit); nil while it fetches.
    public var waiting: Double?
    /// Whether the account is stored whole.
    public var finished: Bool
    /// Whether the sync is fetching the organisations' and users' names (before the persons).
    public var fetchingNames: Bool
    /// Whether the names were just stored: what is shown should be read again with them.
    public var namesStored: Bool
    /// Why the names couldn't be fetched this run, when the persons are fetched without them.
    public var namesProblem: String?
    /// Persons this run left out because they couldn't be read, indexed from the first person
    /// of the run.
    public var skipped: [SkippedRecord]

    public init(
        stored: Int, total: Int? = nil, refreshing: Bool, waiting: Double? = nil, finished: Bool = false,
        fetchingNames: Bool = false, namesStored: Bool = false, namesProblem: String? = nil,
        skipped: [SkippedRecord] = []
    ) {
        self.stored = stored
        self.skipped = skipped
        self.total = total
        self.refreshing = refreshing
        self.waiting = waiting
        self.finished = finished
        self.fetchingNames = fetchingNames
        self.namesStored = namesStored
        self.namesProblem = namesProblem
    }
}

/// Stores a whole Pipedrive account, page after page, one request at a time.
///
/// - The first run fills the shown list (`pipedrive`) directly, so rows appear as pages land.
/// - Once the list is whole, a later run (the next launch, or `r`) fills a side list
///   (`pipedrive.refresh`) and swaps it in, in one transaction, when that is whole too: the
///   stored persons stay shown meanwhile and are never half replaced.
/// - A run that stops (error, kill, quit) resumes at the stored cursor: every page and the cursor
///   after it are written in one transaction. A cursor of the other API version, or a side list
///   older than ``staleAfter``, is started again instead.
/// - With API v2, which names a person's organisation and owner by id only, a run that starts a
///   list from its first page (and any run while no names are stored) first fetches the
///   account's users and organisations and stores their names, so the persons it stores are
///   searchable by organisation and the list shows names from the first row. v1 sends the names
///   inside each person and fetches none.
/// - Rate limits (a ``RequestPacer`` with ``pacing``): when `x-ratelimit-remaining` reaches 0 it
///   waits `x-ratelimit-reset` seconds before the next request; a 429 waits the reset it names (else
///   1, 2, 4 … 60 s) and asks again, giving up after ``maxRefusals`` refusals in a row. Names and
///   persons share the pacing: one request at a time, whichever list it is for.
public struct PipedriveSync: Sendable {
    /// Fetches the page after a token, at most `limit` persons (``PipedriveClient/page(after:limit:)``).
    public typealias Fetch = @Sendable (_ after: PipedrivePageToken?, _ limit: Int) async throws -> (PipedrivePage, RateLimit)
    /// Fetches a page of organisations or users (``PipedriveClient/names(_:after:limit:)``).
    public typealias FetchNames = @Sendable (_ kind: PipedriveNameKind, _ after: String?, _ limit: Int) async throws -> (PipedriveNamePage, RateLimit)
    /// Waits a number of seconds; tests pass a fake clock.
    public typealias Sleep = RequestPacer.Sleep

    /// The stored list the screen shows.
    public static let source = "pipedrive"
    /// The side list a refresh fills.
    public static let staging = "pipedrive.refresh"
    /// A side list left older than this is fetched again rather than finished.
    public static let staleAfter: TimeInterval = 3600
    /// 429s in a row before the sync gives up and says so.
    public static let maxRefusals = 8
    /// The longest back-off after a 429 that named no reset.
    public static let maxBackoff: Double = 60
    /// Pipedrive's patience with 429s, for its ``RequestPacer``.
    static let pacing = RequestPacer.Limits(maxRefusals: maxRefusals, maxBackoff: maxBackoff)

    let store: PersonStore<PipedrivePerson>
    let names: PipedriveNameStore
    let fetch: Fetch
    let fetchNames: FetchNames?
    let api: PipedriveAPIVersion
    let pageSize: Int
    let sleep: Sleep
    let now: @Sendable () -> Date

    /// A sync of `api` pages of `pageSize` into `store`; with v2, the names through `fetchNames`
    /// (nil: persons only, their organisations and owners shown by id).
    public init(
        store: PersonStore<PipedrivePerson>, api: PipedriveAPIVersion, pageSize: Int = 500,
        sleep: @escaping Sleep = { try await Task.sleep(for: .seconds($0)) },
        now: @escaping @Sendable () -> Date = Date.init, fetchNames: FetchNames? = nil, fetch: @escaping Fetch
    ) {
        self.store = store
        names = PipedriveNameStore(database: store.database)
        self.fetchNames = fetchNames
        self.api = api
        self.pageSize = pageSize
        self.sleep = sleep
        self.now = now
        self.fetch = fetch
    }

    /// Fetches until the account is stored whole, reporting after every page and before every
    /// wait. Throws the first error that isn't a 429 (the pages before it stay stored), and
    /// `CancellationError` when cancelled.
    public func run(progress: @Sendable (PipedriveSyncProgress) async -> Void) async throws {
        do {
            // Pinned: a heal of the database under the run starts it over from what the new
            // file holds, rather than store the next page after rows that are gone.
            try await store.database.pinning { try await fill(progress: progress) }
        } catch _ where Task.isCancelled {
            // The store wraps GRDB's CancellationError in a StoreError, and the HTTP client
            // throws FetchError.cancelled: either way a cancelled run is a CancellationError.
            throw CancellationError()
        }
    }

    private func fill(progress: @Sendable (PipedriveSyncProgress) async -> Void) async throws {
        let (target, start, promoted) = try await plan()
        let refreshing = target == Self.staging
        if promoted {
            let whole = try await store.state(Self.source)
            await progress(PipedriveSyncProgress(
                stored: try await store.count(Self.source), total: whole?.total, refreshing: true, finished: true))
        }
        var token = start
        var state = try await store.state(target)
        var stored = try await store.count(target)
        var pacer = RequestPacer(limits: Self.pacing, sleep: sleep)
        var skipped: [SkippedRecord] = []
        var read = 0
        var known = try await names.all()
        if let fetchNames, api == .v2, start == nil || known.isEmpty {
            await progress(PipedriveSyncProgress(stored: stored, total: state?.total, refreshing: refreshing, fetchingNames: true))
            do {
                known = try await fetchAllNames(fetchNames, pacer: &pacer) { wait in
                    await progress(PipedriveSyncProgress(
                        stored: stored, total: state?.total, refreshing: refreshing, waiting: wait, fetchingNames: true))
                }
                try await names.replace(with: known, refolding: [Self.source, Self.staging])
                await progress(PipedriveSyncProgress(stored: stored, total: state?.total, refreshing: refreshing, namesStored: true))
            } catch let error as FetchError where !Self.stopsPersons(error) {
                // Names only make ids readable: a refusal of them alone (a token that may not
                // list organisations) must not keep the persons from being stored.
                await progress(PipedriveSyncProgress(
                    stored: stored, total: state?.total, refreshing: refreshing, namesProblem: error.message))
            }
        }
        while true {
            let current = token
            let page = try await pacer.send({ try await fetch(current, pageSize) }) { wait in
                await progress(PipedriveSyncProgress(
                    stored: stored, total: state?.total, refreshing: refreshing, waiting: wait, skipped: skipped))
            }
            // A person that can't be read is left out; the page and its cursor are still stored.
            skipped += page.skipped.map { var record = $0; record.index += read; return record }
            read += page.persons.count + page.skipped.count
            // A next token equal to this one would ask for the same page forever.
            let next = page.next == token ? nil : page.next
            try await store.appendPage(
                target, persons: page.persons, names: page.persons.map(\.displayName),
                search: page.persons.map { known.resolving($0).searchKey }, page: (state?.pagesStored ?? 0) + 1, seed: nil,
                complete: next == nil, cursor: next.map(encode), total: page.total, at: now())
            state = try await store.state(target)
            stored = try await store.count(target)
            guard let next else {
                if refreshing { try await store.promote(Self.staging, to: Self.source) }
                await progress(PipedriveSyncProgress(
                    stored: stored, total: state?.total, refreshing: refreshing, finished: true, skipped: skipped))
                return
            }
            token = next
            // The page is reported as soon as it is stored, so the list shows it during any wait.
            await progress(PipedriveSyncProgress(stored: stored, total: state?.total, refreshing: refreshing, skipped: skipped))
        }
    }

    /// Whether a failure to fetch the names would fail the persons' requests too: no network,
    /// a refused token, rate limits that never lifted, a cancel.
    static func stopsPersons(_ error: FetchError) -> Bool {
        switch error.kind {
        case .unreachable, .timedOut, .cancelled, .httpStatus(401), .httpStatus(429): return true
        default: return false
        }
    }

    /// Every user's and organisation's name, page after page through `pacer`.
    private func fetchAllNames(
        _ fetch: FetchNames, pacer: inout RequestPacer, waiting: (Double) async -> Void
    ) async throws -> PipedriveNames {
        var fetched = PipedriveNames()
        for kind in [PipedriveNameKind.users, .organizations] {
            var cursor: String?
            repeat {
                let after = cursor
                let page = try await pacer.send({ try await fetch(kind, after, pageSize) }, waiting: waiting)
                fetched[kind].merge(page.names) { _, new in new }
                // A cursor equal to the one just sent would ask for the same page forever.
                cursor = page.nextCursor == after ? nil : page.nextCursor
            } while cursor != nil
        }
        return fetched
    }

    /// Which list to fill and where to start: the shown list while it isn't whole and its
    /// cursor is this API's, else the side list (resumed when fresh and of this API).
    /// `promoted`: a side list stored whole by a run that ended before its swap was swapped in.
    func plan() async throws -> (target: String, start: PipedrivePageToken?, promoted: Bool) {
        let shown = try await store.state(Self.source)
        guard let shown else { return (Self.source, nil, false) }
        if !shown.complete, let token = shown.cursor.flatMap(decode) {
            return (Self.source, token, false)
        }
        let side = try await store.state(Self.staging)
        if side?.complete == true {
            // Stored whole, but the run ended before the swap (a kill): swap it in now, and
            // refresh from there.
            try await store.promote(Self.staging, to: Self.source)
            return (Self.staging, nil, true)
        }
        if let side, now().timeIntervalSince(side.fetchedAt) < Self.staleAfter, let token = side.cursor.flatMap(decode) {
            return (Self.staging, token, false)
        }
        try await store.clear(Self.staging)
        return (Self.staging, nil, false)
    }

    /// The stored form of a page token, tagged with the API version that gave it.
    func encode(_ token: PipedrivePageToken) -> String {
        switch token {
        case .cursor(let cursor): return "v2:" + cursor
        case .start(let start): return "v1:" + String(start)
        }
    }

    /// The token a stored cursor names, when it is this API version's.
    func decode(_ stored: String) -> PipedrivePageToken? {
        switch api {
        case .v2:
            guard stored.hasPrefix("v2:"), stored.count > 3 else { return nil }
            return .cursor(String(stored.dropFirst(3)))
        case .v1:
            guard stored.hasPrefix("v1:") else { return nil }
            return Int(stored.dropFirst(3)).map(PipedrivePageToken.start)
        }
    }
}

extension PipedrivePerson: Searchable {
    /// The name, every email, and the organisation: folded, what the store's search looks in.
    public var searchFields: [String] { [name] + emails.map(\.value) + [organizationName ?? ""] }
}
