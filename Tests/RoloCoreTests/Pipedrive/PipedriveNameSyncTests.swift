import Foundation
import GRDB
import Testing

@testable import RoloCore

@Suite("Pipedrive's sync fetches and stores organisation and owner names (its lookups) before v2's persons")
struct PipedriveNameSyncTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    /// Five organisations: two pages of three.
    static let organizations = [1: "Acme", 2: "Globex", 3: "Initech", 4: "Hooli", 5: "Tyrell"]
    static let users = [1: "Olive Owner", 2: "Mart Müüja"]

    /// v2 persons 1…n: ids only. Person n is at organisation n % 3 + 1 and owned by user n % 2 + 1,
    /// except person 5, at organisation 9 (deleted), and person 6, owned by user 7 (deleted).
    static func persons(_ numbers: ClosedRange<Int>, prefix: String = "Person") -> [PipedrivePerson] {
        numbers.map {
            PipedrivePerson(
                id: String($0), name: "\(prefix) \($0)",
                emails: [LabeledValue(value: "p\($0)@example.com", label: "work", primary: true)],
                organizationID: $0 == 5 ? 9 : $0 % 3 + 1, ownerID: $0 == 6 ? 7 : $0 % 2 + 1)
        }
    }

    let database: RoloDatabase
    let stored: PipedriveAccount
    var store: RecordStore { stored.store }

    init() throws {
        database = try RoloDatabase.inMemory()
        stored = try PipedriveAccount(storedIn: database)
    }

    private func account(_ persons: [PipedrivePerson] = persons(1...7), api: PipedriveAPIVersion = .v2) async -> FakePipedriveAccount {
        let account = FakePipedriveAccount(persons, api: api)
        await account.setNames(organizations: Self.organizations, users: Self.users)
        return account
    }

    /// The sync of `account` into `database` (this test's by default), in pages of three.
    private func sync(_ account: FakePipedriveAccount, into database: RoloDatabase? = nil) throws -> RecordSync {
        try account.sync(into: database ?? self.database, at: Self.start)
    }

    @discardableResult
    private func run(_ sync: RecordSync) async throws -> [RecordSync.Progress] {
        try await ProgressLog.run(sync)
    }

    // MARK: - Fetching

    @Test("v2: the organisations page by page, then the users, are stored before the first person page")
    func namesFirst() async throws {
        let account = await account()
        let reports = try await run(sync(account))
        #expect(await account.events == [
            "organizations first", "organizations o:3", "users", "fetch first", "fetch c:3", "fetch c:6",
        ])
        #expect(SyncStep.steps(reports) == [
            SyncStep(0, names: .fetching), SyncStep(0, names: .stored),
            SyncStep(3, of: 7), SyncStep(6, of: 7), SyncStep(7, of: 7, finished: true),
        ])
        #expect(await account.mostInFlight == 1)
        #expect(try await stored.storedNames() == PipedriveNames(organizations: Self.organizations, users: Self.users))
        // The persons are stored as the API sent them, ids only; names are looked up as they are shown.
        #expect(try await store.persons() == Self.persons(1...7))
    }

    @Test("the persons' search text holds their organisation's name; a deleted organisation adds nothing")
    func searchByOrganization() async throws {
        try await run(sync(await account()))
        #expect(try await store.positions(matching: "GLOBEX") == [0, 3, 6])
        #expect(try await store.positions(matching: "initech") == [1])
        #expect(try await store.positions(matching: "person 5") == [4])
        // Owners aren't searched: "olive" would match half the account.
        #expect(try await store.positions(matching: "olive") == [])
    }

    @Test("a deleted organisation or owner names nothing: read back, the person keeps the bare id")
    func deletedOrganization() async throws {
        try await run(sync(await account()))
        let names = try await stored.lookups.values()
        let shown = try await store.all().compactMap { PipedriveAccount.person($0, lookups: names) }
        try #require(shown.count == 7)
        let four = shown[3], five = shown[4], six = shown[5]
        #expect(five.organizationID == 9 && five.organizationName == nil)
        #expect(six.ownerID == 7 && six.ownerName == nil)
        #expect(four.organizationName == "Globex" && four.ownerName == "Olive Owner")
    }

    @Test("v1 sends the names inside each person: no names requests, and the search still has them")
    func v1NeedsNoNames() async throws {
        let account = await account(FakePipedriveAccount.people(1...7), api: .v1)
        try await run(sync(account))
        #expect(await account.nameRequests == [])
        #expect(try await stored.lookups.isEmpty())
        #expect(try await store.positions(matching: "org 4") == [3])
    }

    // MARK: - Rate limits and failures

    @Test("names and persons share the pacing: a spent limit waits before the next request, a 429 asks again")
    func rateLimits() async throws {
        let account = await account()
        await account.limit(request: 1, RateLimit(remaining: 0, resetSeconds: 4))
        await account.fail(request: 3, with: .tooManyRequests(retryAfter: 2, at: "v1/users"))
        await account.limit(request: 4, RateLimit(remaining: 0, resetSeconds: 3))
        let reports = try await run(sync(account))
        #expect(await account.events == [
            "organizations first", "sleep 4.0", "organizations o:3", "users", "sleep 2.0", "users",
            "sleep 3.0", "fetch first", "fetch c:3", "fetch c:6",
        ])
        #expect(Array(SyncStep.steps(reports).prefix(5)) == [
            SyncStep(0, names: .fetching), SyncStep(0, waiting: 4, names: .fetching),
            SyncStep(0, waiting: 2, names: .fetching), SyncStep(0, names: .stored), SyncStep(0, waiting: 3),
        ])
        #expect(await account.mostInFlight == 1)
        #expect(try await stored.storedNames().organizations == Self.organizations)
    }

    @Test("eight 429s in a row on the names stop the sync with the 429; nothing is stored")
    func namesRefused() async throws {
        let account = await account()
        let refusal = FetchError.tooManyRequests(at: "api/v2/organizations")
        await account.fail(requests: 1...100, with: refusal)
        let thrown = await #expect(throws: FetchError.self) { try await run(sync(account)) }
        #expect(thrown?.kind == .httpStatus(429) && thrown?.message == refusal.message)
        #expect(await account.nameRequests == Array(repeating: "organizations first", count: 8))
        #expect(await account.sleeps == [1, 2, 4, 8, 16, 32, 60])
        #expect(try await stored.lookups.isEmpty())
        #expect(try await store.state() == nil)
    }

    @Test("a names page that fails stores no names of its list, and the next run fetches them from the start")
    func namesFailHalfway() async throws {
        let account = await account()
        await account.fail(request: 2, with: .offline)
        await #expect(throws: FetchError.offline) { try await run(sync(account)) }
        #expect(try await stored.lookups.isEmpty())
        try await run(sync(account))
        #expect(await account.nameRequests == [
            "organizations first", "organizations o:3", "organizations first", "organizations o:3", "users",
        ])
        #expect(try await stored.storedNames() == PipedriveNames(organizations: Self.organizations, users: Self.users))
    }

    @Test("names refused on their own (a token that may not list organisations) are reported, leave the ids, and the persons are still stored")
    func namesForbidden() async throws {
        let account = await account()
        let forbidden = FetchError.pipedriveSays("forbidden", status: 403, at: "api/v2/organizations")
        await account.fail(request: 2, with: forbidden)
        let reports = try await run(sync(account))
        #expect(reports.flatMap(\.lookupFailures) == [RecordSync.LookupFailure(lookup: "org", message: forbidden.message)])
        #expect(reports.first { !$0.lookupFailures.isEmpty }?.lookupsStored == true)
        #expect(try await store.persons() == Self.persons(1...7))
        #expect(try await stored.storedNames() == PipedriveNames(users: Self.users))
        // The next run asks for the names again.
        try await run(sync(account))
        #expect(await account.nameRequests.suffix(3) == ["organizations first", "organizations o:3", "users"])
        #expect(try await stored.storedNames().organizations == Self.organizations)
    }

    @Test("no network or a refused token while fetching names stop the sync as they would the persons")
    func namesFailLikePersons() async throws {
        for error in [FetchError.offline, FetchError.unauthorized(at: "api/v2/organizations")] {
            let database = try RoloDatabase.inMemory()
            let account = await account()
            await account.fail(request: 1, with: error)
            let thrown = await #expect(throws: FetchError.self) { try await run(sync(account, into: database)) }
            #expect(thrown?.kind == error.kind && thrown?.message == error.message)
            #expect(await account.requested == [])
        }
    }

    // MARK: - Resume and refresh

    @Test("a resumed list keeps the stored names; a list resumed with none stored fetches them first")
    func resume() async throws {
        let account = await account()
        await account.fail(request: 5, with: .offline)
        // A page after the first: the stop says where, in its own kind.
        let refusal = await #expect(throws: FetchError.self) { try await run(sync(account)) }
        #expect(refusal?.kind == FetchError.offline.kind && refusal?.partway == true && refusal?.message.hasSuffix(": offline — r to retry") == true)
        try await run(sync(account))
        #expect(await account.events.suffix(3) == ["fetch c:3", "fetch c:3", "fetch c:6"])
        #expect(await account.nameRequests.count == 3)

        // A half-stored list and no names: as a store carried from before names left it.
        let other = try RoloDatabase.inMemory()
        let first = Self.persons(1...3)
        let next = PagingPosition(page: 2, offset: 0, cursor: "c:3", url: nil, received: 3, lastPage: nil)
        try await PipedriveAccount(storedIn: other).store.append(
            RecordPage(records: first.map { JSONRecord(id: $0.id, value: $0.v2JSON) }, next: next))
        let fresh = await self.account()
        try await run(sync(fresh, into: other))
        #expect(await fresh.events == ["organizations first", "organizations o:3", "users", "fetch c:3", "fetch c:6"])
        #expect(try await PipedriveAccount(storedIn: other).store.positions(matching: "globex") == [0, 3, 6])
    }

    @Test("a refresh fetches the names again: the stored persons are searchable by a new name at once, before their pages")
    func refreshRenames() async throws {
        let account = await account()
        try await run(sync(account))
        var renamed = Self.organizations
        renamed[2] = "Globex Nordic"
        renamed[3] = nil
        await account.setNames(organizations: renamed, users: Self.users)

        let seen = SearchLog()
        let store = self.store
        try await sync(account).run(refresh: true) { report in
            guard report.lookupsStored else { return }
            await seen.record(
                ["nordic": (try? await store.positions(matching: "nordic")) ?? [],
                 "initech": (try? await store.positions(matching: "initech")) ?? []],
                refolded: report.searchRefolded)
        }
        #expect(await seen.entries == [.init(matches: ["nordic": [0, 3, 6], "initech": []], refolded: true)])
        #expect(try await store.positions(matching: "nordic") == [0, 3, 6])
        #expect(try await stored.storedNames().organizations == renamed)
    }

    @Test("replacing a lookup's list refolds only the persons whose organisation's name changed; owners aren't searched")
    func refoldsOnlyChanged() async throws {
        try await run(sync(await account()))
        #expect(try await stored.lookups.replace("owner", with: PipedriveHTTP.nameRecords([1: "Someone Else"])) == 0)
        var renamed = Self.organizations
        renamed[1] = "Acme Group"
        // Persons 3 and 6 are at organisation 1.
        #expect(try await stored.lookups.replace("org", with: PipedriveHTTP.nameRecords(renamed)) == 2)
        #expect(try await store.positions(matching: "acme group") == [2, 5])
    }

    // MARK: - A database from before names

    @Test("a database from before names: migrated at open to the engine, its v2 persons named and searchable after the next sync, offline after a reopen")
    func migration() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let old = Self.persons(1...7)
        try Self.writeDatabaseFromBeforeNames(at: path, persons: old)

        let database = try RoloDatabase(path: path)
        let store = try PipedriveAccount(storedIn: database).store
        #expect(try await store.persons() == old)
        #expect(try await PipedriveAccount(storedIn: database).lookups.isEmpty())
        #expect(try await store.positions(matching: "globex") == [])

        let account = await account(Self.persons(1...7, prefix: "Fresh"))
        let seen = SearchLog()
        try await sync(account, into: database).run(refresh: true) { report in
            guard report.lookupsStored else { return }
            await seen.record(["globex": (try? await store.positions(matching: "globex")) ?? []], refolded: report.searchRefolded)
        }
        // The stored persons were searchable by organisation before the refresh's first page.
        #expect(await seen.entries.map(\.matches) == [["globex": [0, 3, 6]]])

        let reopened = try PipedriveAccount(storedIn: try RoloDatabase(path: path))
        let names = try await reopened.storedNames()
        #expect(names == PipedriveNames(organizations: Self.organizations, users: Self.users))
        #expect(try await reopened.store.persons() == Self.persons(1...7, prefix: "Fresh"))
        #expect(try await reopened.store.positions(matching: "globex") == [0, 3, 6])
    }

    /// A database file as rolo wrote it before it kept names: the schema up to `v2: person.search`,
    /// and `persons` stored whole as the v2 list in Pipedrive's own table, searchable by name and
    /// email only.
    static func writeDatabaseFromBeforeNames(at path: String, persons: [PipedrivePerson]) throws {
        let queue = try DatabaseQueue(path: path)
        try RoloDatabase.migrator.migrate(queue, upTo: "v2: person.search")
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        try queue.write { db in
            #expect(try !db.tableExists("pipedrive_name"))
            for (position, person) in persons.enumerated() {
                try PersonRecord(
                    source: PipedrivePersonsCarry.source, position: position, id: person.id, payload: try encoder.encode(person),
                    name: person.displayName, search: person.searchKey, updatedAt: start
                ).insert(db)
            }
            try SourceStateRecord(SourceState(
                source: PipedrivePersonsCarry.source, seed: nil, pagesStored: 3, total: persons.count, complete: true,
                fetchedAt: start)).insert(db)
        }
        try queue.close()
    }
}

/// What searches of the stored list found, and whether the search text was refolded, when the
/// names were stored.
private actor SearchLog {
    struct Entry: Equatable, Sendable {
        /// Search term → the positions it matched.
        var matches: [String: [Int]]
        var refolded: Bool
    }

    private(set) var entries: [Entry] = []

    func record(_ matches: [String: [Int]], refolded: Bool) {
        entries.append(Entry(matches: matches, refolded: refolded))
    }
}
