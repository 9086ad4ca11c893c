import Foundation
import GRDB
import Testing
@testable import RoloCore

/// "v6: custom_record without fts": a store of today's schema (the trigram table and its three
/// triggers) opens with every record, no FTS left, and searches and stores as before.
@Suite("RecordSource store: the migration off FTS5")
struct RecordMigrationTests {
    private static let toml = """
        [[sources]]
        name = "crew"
        url = "https://api.example/crew"
        records = "items"
        label = "{name}"
        """

    @Test("A v5 store keeps its records, state and details; the trigram table and triggers go")
    func fromV5() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000)
        do {
            let queue = try DatabaseQueue(path: path)
            try RoloDatabase.migrator.migrate(queue, upTo: "v5: custom_detail")
            try await queue.write { db in
                for n in 0..<300 {
                    let name = n % 3 == 0 ? "Jüri Tamm \(n)" : "Mari Saar \(n)"
                    try db.execute(
                        sql: "INSERT INTO custom_record (source, id, position, json, search) VALUES (?, ?, ?, ?, ?)",
                        arguments: ["custom.crew", "\(n)", n, #"{"id":\#(n),"name":"\#(name)"}"#, SearchKey.fold([name])])
                }
                try db.execute(
                    sql: "INSERT INTO custom_detail (source, id, listed, json, fetched_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: ["custom.crew", "0", #"{"id":0,"name":"Jüri Tamm 0"}"#, #"{"bio":"first"}"#, fetchedAt])
                try db.execute(
                    sql: "INSERT INTO source_state (source, pages_stored, complete, fetched_at) VALUES (?, 3, 1, ?)",
                    arguments: ["custom.crew", fetchedAt])
                // Today's store: the triggers filled the trigram index.
                #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM custom_record_search WHERE custom_record_search MATCH 'tamm'") == 100)
            }
            try queue.close()
        }

        let database = try RoloDatabase(path: path)
        let store = RecordStore(database: database, source: try RecordSourceFixtures.source(Self.toml))
        #expect(try await store.count() == 300)
        let state = try await store.state()
        #expect(state?.complete == true && state?.pagesStored == 3)
        #expect(try await store.records(0..<1).first?.value["bio"] == .string("first"))
        let left = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'custom_record_search%' ORDER BY name")
        }
        #expect(left.isEmpty)
        #expect(try await store.positions(matching: "JURI tamm") == Array(stride(from: 0, to: 300, by: 3)))
        #expect(try await store.positions(matching: "saar 29") == [29] + Array(290...299).filter { $0 % 3 != 0 })

        var next = PagingPosition.start(nil)
        next.cursor = "more"
        let added = try await store.append(RecordPage(
            records: [JSONRecord(id: "300", value: .object([JSONMember("name", .string("Tõnu Tamm"))])),
                      JSONRecord(id: "5", value: .object([JSONMember("name", .string("again"))]))],
            skipped: [], next: next, total: nil))
        #expect(added == 1, "an id already stored is left out")
        #expect(try await store.positions(matching: "tonu") == [300])
    }
}
