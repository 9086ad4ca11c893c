import Foundation
import Testing

@testable import RoloCore

@Suite("PipedriveSync stores a whole account, resumes, backs off and refreshes beside the shown list")
struct PipedriveSyncTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    let database: RoloDatabase
    let store: PersonStore<PipedrivePerson>

    init() throws {
        database = try RoloDatabase.inMemory()
        store = PersonStore(database: database)
    }

    /// A sync of `account` in pages of `pageSize`, on the fake's clock and sleep, at `date`.
    func sync(_ account: FakePipedriveAccount, pageSize: Int = 3, at date: Date = start) -> PipedriveSync {
        account.sync(into: store, pageSize: pageSize, at: date)
    }

    /// Runs `sync`, recording every progress report.
    @discardableResult
    func run(_ sync: PipedriveSync) async throws -> [PipedriveSyncProgress] {
        try await ProgressLog.run(sync)
    }

    var shown: StoredRows<PipedrivePerson> { StoredRows(database: database, source: PipedriveSync.source) }
    private var staging: StoredRows<PipedrivePerson> { StoredRows(database: database, source: PipedriveSync.staging) }

    func shownPersons() throws -> [PipedrivePerson] { try shown.persons(0..<1_000) }

    /// The stored form of the cursor before the page at `offset`.
    private func storedCursor(_ api: PipedriveAPIVersion, at offset: Int) -> String {
        api == .v2 ? "v2:c:\(offset)" : "v1:\(offset)"
    }

    private func progress(
        _ stored: Int, of total: Int? = nil, refreshing: Bool = false, waiting: Double? = nil, finished: Bool = false
    ) -> PipedriveSyncProgress {
        PipedriveSyncProgress(stored: stored, total: total, refreshing: refreshing, waiting: waiting, finished: finished)
    }

    /// Expects the shown list's state to say whole after `pages` pages, and no side list left.
    private func expectWhole(
        pages: Int, total: Int?, at date: Date = start, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let state = try await store.state(PipedriveSync.source)
        let whole = SourceState(
            source: PipedriveSync.source, seed: nil, pagesStored: pages, total: total, complete: true, cursor: nil,
            fetchedAt: date)
        #expect(state == whole, sourceLocation: sourceLocation)
        #expect(try await store.state(PipedriveSync.staging) == nil, sourceLocation: sourceLocation)
        #expect(try staging.count() == 0, sourceLocation: sourceLocation)
    }

    // MARK: - End of data

    @Test("pages until the end: the whole account stored in order, complete, progress finished", arguments: PipedriveAPIVersion.allCases)
    func wholeAccount(api: PipedriveAPIVersion) async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...7), api: api)
        let reports = try await run(sync(account))

        #expect(try shownPersons() == FakePipedriveAccount.people(1...7))
        #expect(await account.requested == [nil, account.token(at: 3), account.token(at: 6)])
        #expect(await account.sleeps == [])
        #expect(await account.mostInFlight == 1)
        #expect(reports == [progress(3, of: 7), progress(6, of: 7), progress(7, of: 7, finished: true)])
        try await expectWhole(pages: 3, total: 7)
    }

    @Test("an account that fits one page is one request, and no total means none reported")
    func onePage() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...2), api: .v2, announcesTotal: false)
        let reports = try await run(sync(account, pageSize: 5))
        #expect(await account.requested == [nil])
        #expect(reports == [progress(2, finished: true)])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...2))
    }

    @Test("an empty account is stored complete with no rows")
    func emptyAccount() async throws {
        let account = FakePipedriveAccount([], api: .v2)
        let reports = try await run(sync(account))
        #expect(reports == [progress(0, of: 0, finished: true)])
        #expect(try shown.count() == 0)
        #expect(try await store.state(PipedriveSync.source)?.complete == true)
    }

    @Test("each person's search text is stored: name, emails and organisation, folded")
    func searchColumn() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...7), api: .v2)
        try await run(sync(account))
        #expect(try await shown.positions(matching: "ORG 7") == [6])
        #expect(try await shown.positions(matching: "p3@EXAMPLE.com") == [2])
        #expect(try await shown.positions(matching: "person 5") == [4])
        // A match never spans two fields.
        #expect(try await shown.positions(matching: "person 5 p5") == [])
    }

    @Test("a page whose next token is the one just asked for ends the sync instead of looping", arguments: PipedriveAPIVersion.allCases)
    func sameTokenAgain(api: PipedriveAPIVersion) async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...12), api: api)
        await account.repeatToken(request: 2)
        let reports = try await run(sync(account))
        #expect(await account.requested == [nil, account.token(at: 3)])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...6))
        #expect(reports.last == progress(6, of: 12, finished: true))
        try await expectWhole(pages: 2, total: 12)
    }

    // MARK: - Failure and resume

    @Test("a failure on page 3 keeps pages 1–2; the next run resumes at the stored cursor", arguments: PipedriveAPIVersion.allCases)
    func resumesAfterFailure(api: PipedriveAPIVersion) async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...10), api: api)
        await account.fail(request: 3, with: .offline)

        await #expect(throws: FetchError.offline) { try await run(sync(account)) }
        #expect(try shownPersons() == FakePipedriveAccount.people(1...6))
        let halfway = try #require(try await store.state(PipedriveSync.source))
        #expect(!halfway.complete && halfway.pagesStored == 2 && halfway.total == 10)
        #expect(halfway.cursor == storedCursor(api, at: 6))

        let reports = try await run(sync(account))
        let t = account.token(at:)
        #expect(await account.requested == [nil, t(3), t(6), t(6), t(9)])
        let served = await account.served
        #expect(served == [nil, t(3), t(6), t(9)])
        #expect(Set(served).count == served.count)
        #expect(reports == [progress(9, of: 10), progress(10, of: 10, finished: true)])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...10))
        try await expectWhole(pages: 4, total: 10)
    }

    @Test("a failure on the first page stores nothing, and the next run starts from the first page")
    func failsOnFirstPage() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...4), api: .v1)
        await account.fail(request: 1, with: .offline)
        await #expect(throws: FetchError.offline) { try await run(sync(account)) }
        #expect(try await store.state(PipedriveSync.source) == nil)
        try await run(sync(account))
        #expect(await account.requested == [nil, nil, .start(3)])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...4))
    }

    // MARK: - Rate limits

    @Test("a 429 naming a reset waits exactly that long (at least half a second) and asks for the same page")
    func retryAfter() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...5), api: .v2)
        await account.fail(request: 1, with: .tooManyRequests(retryAfter: 3))
        await account.fail(request: 3, with: .tooManyRequests(retryAfter: 0.1))
        let reports = try await run(sync(account))
        #expect(await account.events == [
            "fetch first", "sleep 3.0", "fetch first", "fetch c:3", "sleep 0.5", "fetch c:3",
        ])
        #expect(reports == [
            progress(0, waiting: 3), progress(3, of: 5), progress(3, of: 5, waiting: 0.5),
            progress(5, of: 5, finished: true),
        ])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...5))
    }

    @Test("429s without a reset wait 1, 2, 4 … capped at 60 s, and a page that lands starts again at 1")
    func doublingBackoff() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...6), api: .v2)
        await account.fail(requests: 1...7, with: .tooManyRequests())
        await account.fail(request: 9, with: .tooManyRequests())
        try await run(sync(account))
        #expect(await account.sleeps == [1, 2, 4, 8, 16, 32, 60, 1])
        #expect(await account.requested == Array(repeating: nil, count: 8) + [.cursor("c:3"), .cursor("c:3")])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...6))
    }

    @Test("after maxRefusals 429s in a row the sync gives up and throws the 429")
    func givesUp() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...6), api: .v2)
        let refusal = FetchError.tooManyRequests()
        await account.fail(requests: 1...100, with: refusal)
        await #expect(throws: refusal) { try await run(sync(account)) }
        #expect(PipedriveSync.maxRefusals == 8)
        #expect(await account.requested.count == PipedriveSync.maxRefusals)
        #expect(await account.sleeps == [1, 2, 4, 8, 16, 32, 60])
        #expect(try await store.state(PipedriveSync.source) == nil)
    }

    @Test("refusals only count in a row: a page between them starts the count again")
    func refusalsInARow() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...6), api: .v2)
        let almost = PipedriveSync.maxRefusals - 1
        await account.fail(requests: 1...almost, with: .tooManyRequests(retryAfter: 2))
        await account.fail(requests: almost + 2...2 * almost + 1, with: .tooManyRequests(retryAfter: 2))
        try await run(sync(account))
        #expect(await account.sleeps == Array(repeating: 2, count: 2 * almost))
        #expect(try shownPersons() == FakePipedriveAccount.people(1...6))
    }

    @Test("x-ratelimit-remaining 0 waits x-ratelimit-reset before the next request, none after the last")
    func rateLimitHeaders() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...12), api: .v2)
        await account.limit(request: 1, RateLimit(remaining: 0, resetSeconds: 7))
        await account.limit(request: 2, RateLimit(remaining: 0))
        await account.limit(request: 3, RateLimit(remaining: 0, resetSeconds: 0))
        await account.limit(request: 4, RateLimit(remaining: 0, resetSeconds: 9))
        let reports = try await run(sync(account))
        #expect(await account.events == [
            "fetch first", "sleep 7.0", "fetch c:3", "sleep 1.0", "fetch c:6", "sleep 0.5", "fetch c:9",
        ])
        #expect(reports == [
            progress(3, of: 12), progress(3, of: 12, waiting: 7),
            progress(6, of: 12), progress(6, of: 12, waiting: 1),
            progress(9, of: 12), progress(9, of: 12, waiting: 0.5),
            progress(12, of: 12, finished: true),
        ])
    }

    @Test("never more than one request in flight, through back-offs and rate limits")
    func oneRequestAtATime() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...100), api: .v1)
        await account.fail(requests: [2, 5, 6], with: .tooManyRequests())
        await account.limit(request: 8, RateLimit(remaining: 0, resetSeconds: 2))
        try await run(sync(account, pageSize: 7))
        #expect(await account.mostInFlight == 1)
        #expect(await account.requested.count == 15 + 3)
        #expect(try shownPersons() == FakePipedriveAccount.people(1...100))
    }

    // MARK: - Refresh beside the shown list

    @Test("a run after a complete one fills the side list while the old rows stay shown, then swaps it in")
    func refreshInStaging() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...7), api: .v2)
        try await run(sync(account))
        let old = FakePipedriveAccount.people(1...7)
        let new = FakePipedriveAccount.people(1...8, prefix: "New")
        await account.replacePersons(new)

        let seen = SeenLists()
        let shown = self.shown, staging = self.staging
        try await sync(account).run { report in
            await seen.record(report, shown: (try? shown.persons(0..<100)) ?? [], staging: (try? staging.count()) ?? -1)
        }
        let snapshots = await seen.snapshots
        #expect(snapshots.map(\.report) == [
            progress(3, of: 8, refreshing: true), progress(6, of: 8, refreshing: true),
            progress(8, of: 8, refreshing: true, finished: true),
        ])
        #expect(snapshots.map(\.staging) == [3, 6, 0])
        #expect(snapshots.map(\.shown) == [old, old, new])
        #expect(Array(await account.requested.suffix(3)) == [nil, .cursor("c:3"), .cursor("c:6")])

        #expect(try shownPersons() == new)
        #expect(try await shown.positions(matching: "new 8") == [7])
        try await expectWhole(pages: 3, total: 8)
    }

    @Test("a refresh that fails leaves the shown list whole and a fresh side list is resumed")
    func refreshResumes() async throws {
        let account = try await halfRefreshed()
        let later = Self.start.addingTimeInterval(PipedriveSync.staleAfter - 1)
        try await run(sync(account, at: later))
        #expect(Array(await account.requested.suffix(3)) == [.cursor("c:3"), .cursor("c:3"), .cursor("c:6")])
        #expect(Array(await account.served.suffix(2)) == [.cursor("c:3"), .cursor("c:6")])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...8, prefix: "New"))
        try await expectWhole(pages: 3, total: 8, at: later)
    }

    @Test("a side list stored whole by a run killed before its swap is swapped in first, then refreshed")
    func wholeSideListSwappedIn() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...4), api: .v2)
        try await run(sync(account))
        let side = FakePipedriveAccount.people(1...5, prefix: "Side")
        try await store.appendPage(
            PipedriveSync.staging, persons: side, names: side.map(\.displayName), page: 1, seed: nil, complete: true,
            cursor: nil, at: Self.start)
        let seen = SeenLists()
        let shown = self.shown, staging = self.staging
        try await sync(account).run { report in
            await seen.record(report, shown: (try? shown.persons(0..<100)) ?? [], staging: (try? staging.count()) ?? -1)
        }
        let snapshots = await seen.snapshots
        #expect(snapshots.first?.report == progress(5, refreshing: true, finished: true))
        #expect(snapshots.first?.shown == side)
        #expect(try shownPersons() == FakePipedriveAccount.people(1...4))
    }

    @Test("a side list older than staleAfter is started again from the first page")
    func staleStagingRestarts() async throws {
        let account = try await halfRefreshed()
        let later = Self.start.addingTimeInterval(PipedriveSync.staleAfter + 1)
        try await run(sync(account, at: later))
        #expect(Array(await account.requested.suffix(3)) == [nil, .cursor("c:3"), .cursor("c:6")])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...8, prefix: "New"))
        try await expectWhole(pages: 3, total: 8, at: later)
    }

    /// A complete list of 7, then a refresh to 8 "New" persons that fails after its first page.
    private func halfRefreshed() async throws -> FakePipedriveAccount {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...7), api: .v2)
        try await run(sync(account))
        await account.replacePersons(FakePipedriveAccount.people(1...8, prefix: "New"))
        await account.fail(request: 5, with: .offline)
        await #expect(throws: FetchError.offline) { try await run(sync(account)) }
        #expect(try shownPersons() == FakePipedriveAccount.people(1...7))
        #expect(try await store.state(PipedriveSync.source)?.complete == true)
        #expect(try staging.persons(0..<100) == FakePipedriveAccount.people(1...3, prefix: "New"))
        let side = try #require(try await store.state(PipedriveSync.staging))
        #expect(side.cursor == "v2:c:3" && !side.complete && side.fetchedAt == Self.start)
        return account
    }

    @Test("a stored cursor of the other API version restarts in the side list, the shown rows kept until the swap")
    func otherAPIVersionCursor() async throws {
        let v1 = FakePipedriveAccount(FakePipedriveAccount.people(1...10), api: .v1)
        await v1.fail(request: 3, with: .offline)
        await #expect(throws: FetchError.offline) { try await run(sync(v1)) }
        #expect(try await store.state(PipedriveSync.source)?.cursor == "v1:6")

        let v2 = FakePipedriveAccount(FakePipedriveAccount.people(1...10, prefix: "Two"), api: .v2)
        let seen = SeenLists()
        let shown = self.shown, staging = self.staging
        try await sync(v2).run { report in
            await seen.record(report, shown: (try? shown.persons(0..<100)) ?? [], staging: (try? staging.count()) ?? -1)
        }
        #expect(await v2.requested == [nil, .cursor("c:3"), .cursor("c:6"), .cursor("c:9")])
        let snapshots = await seen.snapshots
        #expect(snapshots.map(\.report.refreshing) == [true, true, true, true])
        #expect(snapshots.dropLast().allSatisfy { $0.shown == FakePipedriveAccount.people(1...6) })
        #expect(snapshots.map(\.staging) == [3, 6, 9, 0])
        #expect(try shownPersons() == FakePipedriveAccount.people(1...10, prefix: "Two"))
        try await expectWhole(pages: 4, total: 10)
    }

    // MARK: - Stored cursors

    @Test("stored cursors are tagged with their API version and only read back by the same one")
    func cursorEncoding() {
        let v2 = PipedriveSync(store: store, api: .v2) { _, _ in throw FetchError.offline }
        let v1 = PipedriveSync(store: store, api: .v1) { _, _ in throw FetchError.offline }
        #expect(v2.encode(.cursor("eyJ:9")) == "v2:eyJ:9")
        #expect(v1.encode(.start(500)) == "v1:500")
        #expect(v2.decode("v2:eyJ:9") == .cursor("eyJ:9"))
        #expect(v1.decode("v1:500") == .start(500))
        #expect(v2.decode("v1:500") == nil)
        #expect(v1.decode("v2:eyJ:9") == nil)
        #expect(v2.decode("v2:") == nil)
        #expect(v1.decode("v1:next") == nil)
        #expect(v2.decode("eyJ:9") == nil)
    }
}

/// What the lists held at each progress report of a run.
private actor SeenLists {
    struct Snapshot: Sendable {
        var report: PipedriveSyncProgress
        var shown: [PipedrivePerson]
        var staging: Int
    }

    private(set) var snapshots: [Snapshot] = []

    func record(_ report: PipedriveSyncProgress, shown: [PipedrivePerson], staging: Int) {
        snapshots.append(Snapshot(report: report, shown: shown, staging: staging))
    }
}
