import Foundation
import GRDB
import Testing

@testable import RoloCore

@Suite("PipedriveSync fetches and stores organisation and owner names with v2's persons")
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
    let store: PersonStore<PipedrivePerson>

    init() throws {
        database = try RoloDatabase.inMemory()
        store = PersonStore(database: database)
    }

    private func account(_ persons: [PipedrivePerson] = persons(1...7), api: PipedriveAPIVersion = .v2) async -> FakePipedriveAccount {
        let account = FakePipedriveAccount(persons, api: api)
        await account.setNames(organizations: Self.organizations, users: Self.users)
        return account
    }

    /// A sync of `account`, names included, in pages of three.
    private func sync(_ account: FakePipedriveAccount, store: PersonStore<PipedrivePerson>? = nil) -> PipedriveSync {
        account.sync(into: store ?? self.store, at: Self.start, withNames: true)
    }

    @discardableResult
    private func run(_ sync: PipedriveSync) async throws -> [PipedriveSyncProgress] {
        try await ProgressLog.run(sync)
    }

    private var shown: StoredRows<PipedrivePerson> { StoredRows(database: database, source: PipedriveSync.source) }

    private func progress(
        _ stored: Int, of total: Int? = nil, refreshing: Bool = false, waiting: Double? = nil, finished: Bool = false,
        fetchingNames: Bool = false, namesStored: Bool = false
    ) -> PipedriveSyncProgress {
        PipedriveSyncProgress(
            stored: stored, total: total, refreshing: refreshing, waiting: waiting, finished: finished,
            fetchingNames: fetchingNames, namesStored: namesStored)
    }

    // MARK: - Fetching

    @Test("v2: the users, then the organisations page by page, are stored before the first person page")
    func namesFirst() async throws {
        let account = await account()
        let reports = try await run(sync(account))
        #expect(await account.events == [
            "users", "organizations first", "organizations o:3", "fetch first", "fetch c:3", "fetch c:6",
        ])
        #expect(reports == [
            progress(0, fetchingNames: true), progress(0, namesStored: true),
            progress(3, of: 7), progress(6, of: 7), progress(7, of: 7, finished: true),
        ])
        #expect(await account.mostInFlight == 1)
        let names = PipedriveNameStore(database: database)
        #expect(try await names.all() == PipedriveNames(organizations: Self.organizations, users: Self.users))
        // The persons are stored as the API sent them, ids only; names are looked up as they are shown.
        #expect(try shown.persons(0..<10) == Self.persons(1...7))
    }

    @Test("the persons' search text holds their organisation's name; a deleted organisation adds nothing")
    func searchByOrganization() async throws {
        try await run(sync(await account()))
        #expect(try await shown.positions(matching: "GLOBEX") == [0, 3, 6])
        #expect(try await shown.positions(matching: "initech") == [1])
        #expect(try await shown.positions(matching: "person 5") == [4])
        // Owners aren't searched: "olive" would match half the account.
        #expect(try await shown.positions(matching: "olive") == [])
    }

    @Test("a deleted organisation or owner names nothing: read back, the person keeps the bare id")
    func deletedOrganization() async throws {
        try await run(sync(await account()))
        let names = try PipedriveNameStore(database: database).names(organizations: [2, 9], users: [1, 7])
        #expect(names == PipedriveNames(organizations: [2: "Globex"], users: [1: "Olive Owner"]))
        let stored = try shown.persons(0..<10)
        let five = names.resolving(stored[4]), six = names.resolving(stored[5]), four = names.resolving(stored[3])
        #expect(five.organizationID == 9 && five.organizationName == nil)
        #expect(six.ownerID == 7 && six.ownerName == nil)
        #expect(four.organizationName == "Globex" && four.ownerName == "Olive Owner")
    }

    @Test("v1 sends the names inside each person: no names requests, and the search still has them")
    func v1NeedsNoNames() async throws {
        let account = await account(FakePipedriveAccount.people(1...7), api: .v1)
        try await run(sync(account))
        #expect(await account.nameRequests == [])
        #expect(try await PipedriveNameStore(database: database).all().isEmpty)
        #expect(try await shown.positions(matching: "org 4") == [3])
    }

    // MARK: - Rate limits

    @Test("names and persons share the pacing: a spent limit waits before the next request, a 429 asks again")
    func rateLimits() async throws {
        let account = await account()
        await account.limit(request: 1, RateLimit(remaining: 0, resetSeconds: 4))
        await account.fail(request: 3, with: .tooManyRequests(retryAfter: 2))
        await account.limit(request: 4, RateLimit(remaining: 0, resetSeconds: 3))
        let reports = try await run(sync(account))
        #expect(await account.events == [
            "users", "sleep 4.0", "organizations first", "organizations o:3", "sleep 2.0", "organizations o:3",
            "sleep 3.0", "fetch first", "fetch c:3", "fetch c:6",
        ])
        #expect(Array(reports.prefix(5)) == [
            progress(0, fetchingNames: true), progress(0, waiting: 4, fetchingNames: true),
            progress(0, waiting: 2, fetchingNames: true), progress(0, namesStored: true), progress(0, waiting: 3),
        ])
        #expect(await account.mostInFlight == 1)
        #expect(try await PipedriveNameStore(database: database).all().organizations == Self.organizations)
    }

    @Test("eight 429s in a row on the names stop the sync with the 429; nothing is stored")
    func namesRefused() async throws {
        let account = await account()
        let refusal = FetchError.tooManyRequests(at: "v1/users")
        await account.fail(requests: 1...100, with: refusal)
        await #expect(throws: refusal) { try await run(sync(account)) }
        #expect(await account.nameRequests == Array(repeating: "users", count: PipedriveSync.maxRefusals))
        #expect(await account.sleeps == [1, 2, 4, 8, 16, 32, 60])
        #expect(try await PipedriveNameStore(database: database).all().isEmpty)
        #expect(try await store.state(PipedriveSync.source) == nil)
    }

    @Test("a names page that fails stores no names at all, and the next run fetches them from the start")
    func namesFailHalfway() async throws {
        let account = await account()
        await account.fail(request: 3, with: .offline)
        await #expect(throws: FetchError.offline) { try await run(sync(account)) }
        #expect(try await PipedriveNameStore(database: database).all().isEmpty)
        try await run(sync(account))
        #expect(await account.nameRequests == [
            "users", "organizations first", "organizations o:3", "users", "organizations first", "organizations o:3",
        ])
    }

    @Test("names refused on their own (a token that may not list organisations) leave the ids, and the persons are still stored")
    func namesForbidden() async throws {
        let account = await account()
        let forbidden = FetchError.pipedriveSays("forbidden", status: 403, at: "api/v2/organizations")
        await account.fail(request: 2, with: forbidden)
        let reports = try await run(sync(account))
        #expect(reports.prefix(2) == [progress(0, fetchingNames: true), PipedriveSyncProgress(stored: 0, refreshing: false, namesProblem: forbidden.message)])
        #expect(try shown.persons(0..<10) == Self.persons(1...7))
        #expect(try await PipedriveNameStore(database: database).all().isEmpty)
        // The next run asks for the names again, as none are stored.
        try await run(sync(account))
        #expect(await account.nameRequests.suffix(3) == ["users", "organizations first", "organizations o:3"])
    }

    @Test("no network, a refused token or a cancel while fetching names stop the sync as they would the persons")
    func namesFailLikePersons() async throws {
        for error in [FetchError.offline, FetchError.unauthorized(at: "v1/users")] {
            let database = try RoloDatabase.inMemory()
            let account = await account()
            await account.fail(request: 1, with: error)
            await #expect(throws: error) { try await run(sync(account, store: PersonStore(database: database))) }
            #expect(await account.requested == [])
        }
    }

    // MARK: - Resume and refresh

    @Test("a resumed list keeps the stored names; a list resumed with none stored fetches them first")
    func resume() async throws {
        let account = await account()
        await account.fail(request: 5, with: .offline)
        await #expect(throws: FetchError.offline) { try await run(sync(account)) }
        try await run(sync(account))
        #expect(await account.events.suffix(3) == ["fetch c:3", "fetch c:3", "fetch c:6"])
        #expect(await account.nameRequests.count == 3)

        // A half-stored list and no names: as a rolo from before names left it.
        let other = PersonStore<PipedrivePerson>(database: try RoloDatabase.inMemory())
        let first = Self.persons(1...3)
        try await other.appendPage(
            PipedriveSync.source, persons: first, names: first.map(\.displayName), search: first.map(\.searchKey),
            page: 1, seed: nil, complete: false, cursor: "v2:c:3", at: Self.start)
        let fresh = await self.account()
        try await run(sync(fresh, store: other))
        #expect(await fresh.events == ["users", "organizations first", "organizations o:3", "fetch c:3", "fetch c:6"])
        let rows = StoredRows<PipedrivePerson>(database: other.database, source: PipedriveSync.source)
        #expect(try await rows.positions(matching: "globex") == [0, 3, 6])
    }

    @Test("a refresh fetches the names again: the shown persons are searchable by a new name at once, before the swap")
    func refreshRenames() async throws {
        let account = await account()
        try await run(sync(account))
        var renamed = Self.organizations
        renamed[2] = "Globex Nordic"
        renamed[3] = nil
        await account.setNames(organizations: renamed, users: Self.users)

        let seen = SearchLog()
        let shown = self.shown
        try await sync(account).run { report in
            guard report.namesStored else { return }
            let staged = (try? StoredRows<PipedrivePerson>(database: shown.database, source: PipedriveSync.staging).count()) ?? -1
            await seen.record(
                ["nordic": (try? await shown.positions(matching: "nordic")) ?? [],
                 "initech": (try? await shown.positions(matching: "initech")) ?? []],
                staged: staged)
        }
        #expect(await seen.entries == [.init(matches: ["nordic": [0, 3, 6], "initech": []], staged: 0)])
        #expect(try await self.shown.positions(matching: "nordic") == [0, 3, 6])
        #expect(try await PipedriveNameStore(database: database).all().organizations == renamed)
    }

    @Test("replacing names refolds only the persons whose organisation's name changed")
    func refoldsOnlyChanged() async throws {
        try await run(sync(await account()))
        let names = PipedriveNameStore(database: database)
        let same = PipedriveNames(organizations: Self.organizations, users: [1: "Someone Else"])
        #expect(try await names.replace(with: same, refolding: [PipedriveSync.source]) == 0)
        var renamed = Self.organizations
        renamed[1] = "Acme Group"
        // Persons 3 and 6 are at organisation 1.
        #expect(try await names.replace(with: PipedriveNames(organizations: renamed), refolding: [PipedriveSync.source]) == 2)
        #expect(try await shown.positions(matching: "acme group") == [2, 5])
    }

    @Test("the organisation is swapped at the end of the stored search text; text that doesn't end with it is left to a full refold")
    func swapLastField() {
        let swap = PipedriveNameStore.swapLastField
        #expect(swap("ada\nada@x.ee", "", "acme") == "ada\nada@x.ee\nacme")
        #expect(swap("ada\nada@x.ee\nacme", "acme", "acme group") == "ada\nada@x.ee\nacme group")
        #expect(swap("ada\nacme", "acme", "") == "ada")
        #expect(swap("acme", "acme", "globex") == "globex")
        #expect(swap("", "", "acme") == "acme")
        #expect(swap("ada\nxacme", "acme", "globex") == nil)
        #expect(swap("ada\nglobex", "acme", "initech") == nil)
    }

    // MARK: - A database from before names

    @Test("a database from before names: migrated at open, its v2 persons named and searchable after the next sync, offline after a reopen")
    func migration() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let old = Self.persons(1...7)
        try Self.writeDatabaseFromBeforeNames(at: path, persons: old)

        let database = try RoloDatabase(path: path)
        let store = PersonStore<PipedrivePerson>(database: database)
        let rows = StoredRows<PipedrivePerson>(database: database, source: PipedriveSync.source)
        #expect(try rows.persons(0..<10) == old)
        #expect(try await PipedriveNameStore(database: database).all().isEmpty)
        #expect(try await rows.positions(matching: "globex") == [])

        let account = await account(Self.persons(1...7, prefix: "Fresh"))
        let seen = SearchLog()
        try await sync(account, store: store).run { report in
            guard report.namesStored else { return }
            await seen.record(["globex": (try? await rows.positions(matching: "globex")) ?? []], staged: 0)
        }
        // The stored persons were searchable by organisation before the refresh's first page.
        #expect(await seen.entries.map(\.matches) == [["globex": [0, 3, 6]]])

        let reopened = try RoloDatabase(path: path)
        let names = try PipedriveNameStore(database: reopened).names(organizations: [1, 2, 3, 9], users: [1, 2, 7])
        #expect(names == PipedriveNames(organizations: [1: "Acme", 2: "Globex", 3: "Initech"], users: Self.users))
        let stored = StoredRows<PipedrivePerson>(database: reopened, source: PipedriveSync.source)
        #expect(try stored.persons(0..<10) == Self.persons(1...7, prefix: "Fresh"))
        #expect(try await stored.positions(matching: "globex") == [0, 3, 6])
    }

    /// A database file as rolo wrote it before it kept names: the schema up to `v2: person.search`,
    /// and `persons` stored whole as the v2 list, searchable by name and email only.
    static func writeDatabaseFromBeforeNames(at path: String, persons: [PipedrivePerson]) throws {
        let queue = try DatabaseQueue(path: path)
        try RoloDatabase.migrator.migrate(queue, upTo: "v2: person.search")
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        try queue.write { db in
            #expect(try !db.tableExists("pipedrive_name"))
            for (position, person) in persons.enumerated() {
                try PersonRecord(
                    source: PipedriveSync.source, position: position, id: person.id, payload: try encoder.encode(person),
                    name: person.displayName, search: person.searchKey, updatedAt: start
                ).insert(db)
            }
            try SourceStateRecord(SourceState(
                source: PipedriveSync.source, seed: nil, pagesStored: 3, total: persons.count, complete: true,
                fetchedAt: start)).insert(db)
        }
        try queue.close()
    }
}

/// What searches of the shown list found, and how many persons the side list held, when the
/// names were stored.
private actor SearchLog {
    struct Entry: Equatable, Sendable {
        /// Search term → the positions it matched.
        var matches: [String: [Int]]
        var staged: Int
    }

    private(set) var entries: [Entry] = []

    func record(_ matches: [String: [Int]], staged: Int) {
        entries.append(Entry(matches: matches, staged: staged))
    }
}
