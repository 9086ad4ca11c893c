import Foundation
import Testing

@testable import RoloCore

@Suite("Pipedrive's sync on the record engine stores a whole account, resumes, backs off and refreshes in place")
struct PipedriveSyncTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    let database: RoloDatabase
    let store: RecordStore

    init() throws {
        database = try RoloDatabase.inMemory()
        store = try PipedriveAccount(storedIn: database).store
    }

    /// The requests a v2 sync sends before its persons: the organisations' and users' lists
    /// (one page each while the account has none). Scripted failures count them.
    static func names(_ api: PipedriveAPIVersion) -> Int { api == .v2 ? 2 : 0 }

    /// The sync of `account` into this test's database in pages of `pageSize`, at `date`.
    func sync(_ account: FakePipedriveAccount, pageSize: Int = 3, at date: Date = start) throws -> RecordSync {
        try account.sync(into: database, pageSize: pageSize, at: date)
    }

    /// Runs `sync` and returns the persons' steps (the names' left out).
    @discardableResult
    func run(_ sync: RecordSync) async throws -> [SyncStep] {
        SyncStep.persons(try await ProgressLog.run(sync))
    }

    func storedPersons() async throws -> [PipedrivePerson] { try await store.persons() }

    /// Expects the list's state to say whole after `pages` pages stored, refreshed at `date`.
    private func expectWhole(pages: Int, total: Int?, at date: Date = start, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let whole = RecordListState(next: nil, total: total, pagesStored: pages, refreshedAt: date)
        #expect(try await store.state() == whole, sourceLocation: sourceLocation)
    }

    // MARK: - End of data

    @Test("pages until the end: the whole account stored in order, complete, progress finished", arguments: PipedriveAPIVersion.allCases)
    func wholeAccount(api: PipedriveAPIVersion) async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...7), api: api)
        let steps = try await run(sync(account))

        #expect(try await storedPersons() == FakePipedriveAccount.people(1...7))
        #expect(await account.requested == [nil, account.token(at: 3), account.token(at: 6)])
        #expect(await account.sleeps == [])
        #expect(await account.mostInFlight == 1)
        #expect(steps == [SyncStep(3, of: 7), SyncStep(6, of: 7), SyncStep(7, of: 7, finished: true)])
        try await expectWhole(pages: 3, total: 7)
    }

    @Test("an account that fits one page is one request, and no total means none reported")
    func onePage() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...2), api: .v2, announcesTotal: false)
        let steps = try await run(sync(account, pageSize: 5))
        #expect(await account.requested == [nil])
        #expect(steps == [SyncStep(2, finished: true)])
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...2))
    }

    @Test("an empty account is stored complete with no rows")
    func emptyAccount() async throws {
        let account = FakePipedriveAccount([], api: .v2)
        let steps = try await run(sync(account))
        #expect(steps == [SyncStep(0, of: 0, finished: true)])
        #expect(try await store.count() == 0)
        #expect(try await store.state()?.complete == true)
    }

    @Test("each person's search text is stored: name, emails and organisation, folded")
    func searchColumn() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...7), api: .v2)
        try await run(sync(account))
        #expect(try await store.positions(matching: "ORG 7") == [6])
        #expect(try await store.positions(matching: "p3@EXAMPLE.com") == [2])
        #expect(try await store.positions(matching: "person 5") == [4])
        // A match never spans two fields.
        #expect(try await store.positions(matching: "person 5 p5") == [])
    }

    @Test("v2: a page whose next cursor is the one just asked for ends the sync instead of looping")
    func sameCursorAgain() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...12), api: .v2)
        await account.repeatToken(request: Self.names(.v2) + 2)
        let steps = try await run(sync(account))
        #expect(await account.requested == [nil, account.token(at: 3)])
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...6))
        #expect(steps.last == SyncStep(6, of: 12, finished: true))
        try await expectWhole(pages: 2, total: 12)
    }

    @Test("v1 pages by the offsets it counts itself: a next_start naming the page just asked for can't loop it")
    func v1CountsItsOffsets() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...12), api: .v1)
        await account.repeatToken(request: 2)
        try await run(sync(account))
        #expect(await account.requested == [nil, .start(3), .start(6), .start(9)])
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...12))
    }

    // MARK: - Failure and resume

    @Test("a failure on page 3 keeps pages 1–2; the next run resumes at the stored position", arguments: PipedriveAPIVersion.allCases)
    func resumesAfterFailure(api: PipedriveAPIVersion) async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...10), api: api)
        await account.fail(request: Self.names(api) + 3, with: .offline)

        // A page after the first: the stop says where, in its own kind.
        let refusal = await #expect(throws: FetchError.self) { try await run(sync(account)) }
        #expect(refusal?.kind == FetchError.offline.kind && refusal?.partway == true && refusal?.message.hasSuffix(": offline — r to retry") == true)
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...6))
        let halfway = try #require(try await store.state())
        #expect(!halfway.complete && halfway.pagesStored == 2 && halfway.total == 10)
        let next = try #require(halfway.next)
        #expect(api == .v2 ? next.cursor == "c:6" : next.offset == 6 && next.cursor == nil)

        let steps = try await run(sync(account))
        let t = account.token(at:)
        #expect(await account.requested == [nil, t(3), t(6), t(6), t(9)])
        let served = await account.served
        #expect(served == [nil, t(3), t(6), t(9)])
        #expect(Set(served).count == served.count)
        #expect(steps == [SyncStep(9, of: 10), SyncStep(10, of: 10, finished: true)])
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...10))
        try await expectWhole(pages: 4, total: 10)
    }

    @Test("a failure on the first page stores nothing, and the next run starts from the first page")
    func failsOnFirstPage() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...4), api: .v1)
        await account.fail(request: 1, with: .offline)
        await #expect(throws: FetchError.offline) { try await run(sync(account)) }
        #expect(try await store.state() == nil)
        try await run(sync(account))
        #expect(await account.requested == [nil, nil, .start(3)])
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...4))
    }

    // MARK: - Rate limits

    @Test("a 429 naming a reset waits exactly that long (at least half a second) and asks for the same page")
    func retryAfter() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...5), api: .v2)
        await account.fail(request: Self.names(.v2) + 1, with: .tooManyRequests(retryAfter: 3))
        await account.fail(request: Self.names(.v2) + 3, with: .tooManyRequests(retryAfter: 0.1))
        let steps = try await run(sync(account))
        #expect(await account.events == [
            "organizations first", "users", "fetch first", "sleep 3.0", "fetch first", "fetch c:3", "sleep 0.5", "fetch c:3",
        ])
        #expect(steps == [
            SyncStep(0, waiting: 3), SyncStep(3, of: 5), SyncStep(3, of: 5, waiting: 0.5), SyncStep(5, of: 5, finished: true),
        ])
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...5))
    }

    @Test("429s without a reset wait 1, 2, 4 … capped at 60 s, and a page that lands starts again at 1")
    func doublingBackoff() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...6), api: .v2)
        let names = Self.names(.v2)
        await account.fail(requests: names + 1...names + 7, with: .tooManyRequests())
        await account.fail(request: names + 9, with: .tooManyRequests())
        try await run(sync(account))
        #expect(await account.sleeps == [1, 2, 4, 8, 16, 32, 60, 1])
        #expect(await account.requested == Array(repeating: nil, count: 8) + [.cursor("c:3"), .cursor("c:3")])
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...6))
    }

    @Test("after 8 429s in a row the sync gives up and throws the 429, as Pipedrive's own sync did")
    func givesUp() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...6), api: .v2)
        let refusal = FetchError.tooManyRequests()
        await account.fail(requests: Self.names(.v2) + 1...100, with: refusal)
        await #expect(throws: refusal) { try await run(sync(account)) }
        #expect(RecordPager.pacing == RequestPacer.Limits(maxRefusals: 8, maxBackoff: 60))
        #expect(await account.requested.count == 8)
        #expect(await account.sleeps == [1, 2, 4, 8, 16, 32, 60])
        #expect(try await store.state() == nil)
    }

    @Test("refusals only count in a row: a page between them starts the count again")
    func refusalsInARow() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...6), api: .v2)
        let almost = RecordPager.pacing.maxRefusals - 1, names = Self.names(.v2)
        await account.fail(requests: names + 1...names + almost, with: .tooManyRequests(retryAfter: 2))
        await account.fail(requests: names + almost + 2...names + 2 * almost + 1, with: .tooManyRequests(retryAfter: 2))
        try await run(sync(account))
        #expect(await account.sleeps == Array(repeating: 2, count: 2 * almost))
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...6))
    }

    @Test("x-ratelimit-remaining 0 waits x-ratelimit-reset before the next request, none after the last")
    func rateLimitHeaders() async throws {
        let account = FakePipedriveAccount(FakePipedriveAccount.people(1...12), api: .v2)
        let names = Self.names(.v2)
        await account.limit(request: names + 1, RateLimit(remaining: 0, resetSeconds: 7))
        await account.limit(request: names + 2, RateLimit(remaining: 0))
        await account.limit(request: names + 3, RateLimit(remaining: 0, resetSeconds: 0))
        await account.limit(request: names + 4, RateLimit(remaining: 0, resetSeconds: 9))
        let steps = try await run(sync(account))
        #expect(await account.events == [
            "organizations first", "users", "fetch first", "sleep 7.0", "fetch c:3", "sleep 1.0", "fetch c:6", "sleep 0.5", "fetch c:9",
        ])
        #expect(steps == [
            SyncStep(3, of: 12), SyncStep(3, of: 12, waiting: 7),
            SyncStep(6, of: 12), SyncStep(6, of: 12, waiting: 1),
            SyncStep(9, of: 12), SyncStep(9, of: 12, waiting: 0.5),
            SyncStep(12, of: 12, finished: true),
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
        #expect(try await storedPersons() == FakePipedriveAccount.people(1...100))
    }
}
