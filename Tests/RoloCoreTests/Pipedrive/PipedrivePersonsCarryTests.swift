import Foundation
import GRDB
import Testing

@testable import RoloCore

/// The migration "v11: pipedrive persons into custom_record", run as rolo runs it, at open, over a
/// store made by the migrations before it: Pipedrive's persons (`person`, source `pipedrive`) and
/// their names (`custom_lookup` under `pipedrive`) carried into the record engine's tables under
/// `custom.pipedrive`, read back through ``PipedriveAccount/init(storedIn:api:)``.
@Suite("v11 carries Pipedrive's persons and names onto the record engine: the same list, search, state and names, no fetch")
struct PipedrivePersonsCarryTests {
    static let start = PipedriveLookupsTests.start

    /// A store made by the migrations up to v10 holding `persons` as each source's list, in
    /// order, with `states`, `names` as v9 left them (under `pipedrive`), and a randomuser person
    /// beside them.
    static func writeStore(
        at path: String, _ persons: [(source: String, payload: Data, id: String)], states: [SourceState],
        names: PipedriveNames = PipedriveNames()
    ) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try RoloDatabase.migrator.migrate(queue, upTo: "v10: custom_search_mark")
        try queue.write { db in
            var positions: [String: Int] = [:]
            for person in persons + [(source: "randomuser", payload: Data(#"{"id":"r1"}"#.utf8), id: "r1")] {
                let position = positions[person.source, default: 0]
                positions[person.source] = position + 1
                try PersonRecord(
                    source: person.source, position: position, id: person.id, payload: person.payload, name: person.id,
                    search: SearchKey.fold(person.id), updatedAt: start
                ).insert(db)
            }
            for state in states { try SourceStateRecord(state).insert(db) }
            for lookup in PipedriveNames.lookups {
                for record in PipedriveHTTP.nameRecords(names[lookup]) {
                    try db.execute(
                        sql: "INSERT INTO custom_lookup (source, lookup, id, json) VALUES ('pipedrive', ?, ?, ?)",
                        arguments: [lookup, record.id, record.value.jsonText])
                }
            }
        }
    }

    /// `persons` as `source`'s rows, in rolo's own form.
    static func rows(_ source: String, _ persons: [PipedrivePerson]) throws -> [(source: String, payload: Data, id: String)] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return try persons.map { (source: source, payload: try encoder.encode($0), id: $0.id) }
    }

    /// The rows left in the old table, by source.
    static func leftInPerson(_ database: RoloDatabase) async throws -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT source FROM person ORDER BY source") }
    }

    @Test("the migration is registered after v10, under its name")
    func registered() {
        let names = RoloDatabase.migrator.migrations
        #expect(names.contains("v11: pipedrive persons into custom_record"))
        #expect(names.firstIndex(of: "v10: custom_search_mark").map { $0 + 1 } == names.firstIndex(of: "v11: pipedrive persons into custom_record"))
    }

    @Test("a whole v2 list with names, from a store before v9: the same persons in order, found by their organisation's name, whole, names resolved")
    func wholeListWithNames() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let persons = (1...4).map {
            PipedrivePerson(
                id: String($0), name: "Person \($0)", emails: [LabeledValue(value: "p\($0)@example.com", primary: true)],
                organizationID: $0 % 2 + 1, ownerID: $0 == 4 ? 7 : 1, addTime: Self.start)
        }
        let names = PipedriveNames(organizations: [1: "Acme", 2: "Globex Ühing"], users: [1: "Olive Owner"])
        try PipedriveLookupsTests.writeStoreWithNames(at: path, persons: persons, names: names)

        let database = try RoloDatabase(path: path)
        let account = try PipedriveAccount(storedIn: database)
        let carried = try await account.store.all()
        #expect(carried.map(\.id) == ["1", "2", "3", "4"])
        #expect(try carried.map { try PipedrivePerson(json: $0.value) } == persons)
        #expect(try await account.store.positions(matching: "globex uhing") == [0, 2])
        #expect(try await account.store.positions(matching: "p3@example") == [2])
        let state = try #require(try await account.store.state())
        #expect(state.complete && state.total == 4 && state.pagesStored == 1 && state.refreshedAt == Self.start)

        let values = try await account.lookups.values()
        #expect(PipedriveNames(stored: values) == names)
        let shown = carried.compactMap { PipedriveAccount.person($0, lookups: values) }
        #expect(shown.map(\.organizationName) == ["Globex Ühing", "Acme", "Globex Ühing", "Acme"])
        #expect(shown.map(\.ownerName) == ["Olive Owner", "Olive Owner", "Olive Owner", nil])

        #expect(try await Self.leftInPerson(database) == [])
        #expect(try await database.read { db in try SourceStateRecord.stored(db, PipedrivePersonsCarry.source) } == nil)
        let oldNames = try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM custom_lookup WHERE source = ?", arguments: [PipedrivePersonsCarry.source])
        }
        #expect(oldNames == 0)
    }

    @Test("a list stopped half-way goes on from its cursor (v2) or offset (v1); the side list of a refresh is dropped; names move too",
          arguments: [("v2:c:6", "c:6", 2), ("v1:6", nil, 6)] as [(String, String?, Int)])
    func stoppedList(stored cursor: String, next: String?, offset: Int) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let persons = FakePipedriveAccount.people(1...2)
        let staged = FakePipedriveAccount.people(5...6)
        let names = PipedriveNames(organizations: [3: "Initech"], users: [1: "Olive Owner"])
        try Self.writeStore(
            at: path,
            try Self.rows("pipedrive", persons) + Self.rows("pipedrive.refresh", staged),
            states: [
                SourceState(source: "pipedrive", seed: nil, pagesStored: 2, total: 10, complete: false, cursor: cursor, fetchedAt: Self.start),
                SourceState(source: "pipedrive.refresh", seed: nil, pagesStored: 1, complete: false, cursor: "v2:c:2", fetchedAt: Self.start),
            ],
            names: names)

        let database = try RoloDatabase(path: path)
        let account = try PipedriveAccount(storedIn: database, api: next == nil ? .v1 : .v2)
        #expect(try await account.store.persons() == persons)
        let state = try #require(try await account.store.state())
        #expect(!state.complete && state.total == 10 && state.pagesStored == 2)
        let position = try #require(state.next)
        #expect(position.cursor == next && position.offset == offset && position.page == 3 && position.pass == nil)
        #expect(position.received == (next == nil ? 6 : 2))
        #expect(position.fits(account.source.paging), "the engine goes on from it")
        #expect(try await Self.leftInPerson(database) == ["randomuser"])
        #expect(try await account.storedNames() == names)
    }

    @Test("the stopped list goes on with the next page once migrated, and ends whole",
          arguments: PipedriveAPIVersion.allCases)
    func stoppedListResumes(api: PipedriveAPIVersion) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let everyone = FakePipedriveAccount.people(1...8)
        try Self.writeStore(
            at: path, try Self.rows("pipedrive", Array(everyone.prefix(3))),
            states: [SourceState(
                source: "pipedrive", seed: nil, pagesStored: 1, total: 8, complete: false, cursor: api == .v2 ? "v2:c:3" : "v1:3",
                fetchedAt: Self.start)])

        let database = try RoloDatabase(path: path)
        let fake = FakePipedriveAccount(everyone, api: api)
        try await ProgressLog.run(fake.sync(into: database, at: Self.start))
        #expect(await fake.requested == [fake.token(at: 3), fake.token(at: 6)])
        #expect(try await PipedriveAccount(storedIn: database).store.persons() == everyone)
    }

    @Test("a cursor of neither form keeps no state, so the next pass lists from the first page; an unreadable person is left out, no gap")
    func unknownCursorAndUnreadablePerson() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let persons = FakePipedriveAccount.people(1...3)
        var rows = try Self.rows("pipedrive", persons)
        rows[1].payload = Data("not json".utf8)
        try Self.writeStore(at: path, rows, states: [
            SourceState(source: "pipedrive", seed: nil, pagesStored: 1, complete: false, cursor: "page 2", fetchedAt: Self.start)
        ])

        let store = try PipedriveAccount(storedIn: try RoloDatabase(path: path)).store
        #expect(try await store.persons() == [persons[0], persons[2]])
        #expect(try store.position(ofID: "3") == 1)
        #expect(try await store.state() == nil)
    }

    @Test("a store without Pipedrive persons carries nothing and keeps randomuser's")
    func nothingToCarry() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        try Self.writeStore(at: path, [], states: [])
        let database = try RoloDatabase(path: path)
        #expect(try await PipedriveAccount(storedIn: database).store.count() == 0)
        #expect(try await Self.leftInPerson(database) == ["randomuser"])
    }
}
