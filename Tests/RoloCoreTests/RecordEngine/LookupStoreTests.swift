import Foundation
import GRDB
import Testing
@testable import RoloCore

/// The looked-up records in the database: replaced whole per lookup, read back by name and id,
/// and carried over by the migration from a store made before lookups.
@Suite("Configured sources: the lookups' store")
struct LookupStoreTests {
    private static let toml = """
        [[sources]]
        name = "staff"
        url = "https://api.example.com/people"

        [[sources.lookups]]
        name = "dept"
        field = "dept_id"
        url = "https://api.example.com/departments"

        [[sources.lookups]]
        name = "boss"
        field = "boss_id"
        url = "https://api.example.com/bosses"
        """

    private static func record(_ id: Int, _ name: String) -> JSONRecord {
        JSONRecord(id: String(id), value: .object([JSONMember("id", .number(String(id))), JSONMember("name", .string(name))]))
    }

    @Test("Each lookup is replaced whole and read back by name and id; another source's stay apart")
    func replaceAndRead() async throws {
        let database = try RoloDatabase.inMemory()
        let source = try RecordSourceFixtures.source(Self.toml)
        let store = LookupStore(beside: RecordStore(database: database, source: source))
        try await store.replace("dept", with: [Self.record(1, "Sales"), Self.record(2, "Design")])
        try await store.replace("boss", with: [Self.record(9, "Ada")])
        try await store.replace("dept", with: [Self.record(2, "Design"), Self.record(3, "Support")])
        var other = source
        other.name = "crew"
        try await LookupStore(beside: RecordStore(database: database, source: other)).replace("dept", with: [Self.record(1, "Elsewhere")])
        let values = try await store.values()
        #expect(values.records["dept"]?.keys.sorted() == ["2", "3"])
        #expect(values.records["dept"]?["3"]?["name"] == .string("Support"))
        #expect(values.records["boss"]?["9"]?["name"] == .string("Ada"))
        var fewer = source
        fewer.lookups.removeLast()
        #expect(try await LookupStore(beside: RecordStore(database: database, source: fewer)).values().records.keys.sorted() == ["dept"],
                "a lookup no longer configured is left out")
    }

    @Test("v8 adds custom_lookup to a store from before it, whose records stay; rows survive a reopen")
    func migration() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let queue = try DatabaseQueue(path: path)
        try RoloDatabase.migrator.migrate(queue, upTo: "v5: custom_detail")
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO custom_record (source, id, position, json, search) VALUES ('custom.staff', '1', 0, '{\"id\":1}', '1')")
        }
        try queue.close()
        let source = try RecordSourceFixtures.source(Self.toml)
        do {
            let database = try RoloDatabase(path: path)
            #expect(try await RecordStore(database: database, source: source).count() == 1)
            try await LookupStore(beside: RecordStore(database: database, source: source)).replace("dept", with: [Self.record(1, "Sales")])
        }
        let reopened = try RoloDatabase(path: path)
        #expect(try await LookupStore(beside: RecordStore(database: reopened, source: source)).values().records["dept"]?["1"]?["name"] == .string("Sales"))
        #expect(try await RecordStore(database: reopened, source: source).count() == 1)
        let applied = try await reopened.read { db in try RoloDatabase.migrator.appliedMigrations(db) }
        #expect(applied.contains("v8: custom_lookup"))
    }
}
