import Foundation
import GRDB
import Testing

@testable import RoloCore

@Suite("PersonStore writes each row's folded search text, and the v2 migration fills it for old rows")
struct PersonStoreSearchTextTests {
    let database: RoloDatabase
    let store: PersonStore<StorePerson>

    init() throws {
        database = try RoloDatabase.inMemory()
        store = PersonStore(database: database)
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    private func searchColumn(_ source: String) throws -> [String] {
        try database.writer().read { db in
            try String.fetchAll(db, sql: "SELECT search FROM person WHERE source = ? ORDER BY position", arguments: [source])
        }
    }

    @Test("the stored search text is the folded name, for append and replaceAll")
    func defaultSearchIsFoldedName() async throws {
        let persons = [StorePerson(id: "1", name: "  Jõe   SMITH "), StorePerson(id: "2", name: "Ängel")]
        try await store.append("pipedrive", persons, page: 1)
        #expect(try searchColumn("pipedrive") == ["joe smith", "angel"])
        try await store.replaceAll(
            "randomuser", firstPage: persons, names: ["Zoë", "ÉVE"], seed: nil, complete: true, cursor: nil)
        #expect(try searchColumn("randomuser") == ["zoe", "eve"])
    }

    @Test("a fresh database has the v2 search column, and rows written to it hold their folded names")
    func freshDatabaseHasSearch() async throws {
        let applied = try await database.writer().read { db in try RoloDatabase.migrator.appliedIdentifiers(db) }
        #expect(applied.contains("v2: person.search"))
        let columns = try await database.writer().read { db in try db.columns(in: "person").map(\.name) }
        #expect(columns.contains("search"))
        try await store.append("pipedrive", [StorePerson(id: "1", name: "Renée Ørsted"), StorePerson(id: "2", name: "Bo")], page: 1)
        #expect(try searchColumn("pipedrive") == ["renee ørsted", "bo"])
    }

    @Test("migrating a v1 database fills the search column of existing rows with the folded name")
    func migratesExistingRows() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/" + RoloDatabase.fileName
        do {
            let old = try DatabaseQueue(path: path)
            try RoloDatabase.migrator.migrate(old, upTo: "v1: person and source_state")
            try await old.write { db in
                for (position, person) in [StorePerson(id: "a", name: "José  ÁLVAREZ"), StorePerson(id: "b", name: "Anna")].enumerated() {
                    try db.execute(
                        sql: "INSERT INTO person (source, position, id, payload, name, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                        arguments: ["randomuser", position, person.id, try PersonStoreSearchTextTests.encoder.encode(person), person.name, Date()])
                }
            }
            try old.close()
        }
        let database = try RoloDatabase(path: path)
        let search = try await database.writer().read { db in
            try String.fetchAll(db, sql: "SELECT search FROM person ORDER BY position")
        }
        #expect(search == ["jose alvarez", "anna"])
        let store = PersonStore<StorePerson>(database: database)
        #expect(try await store.persons("randomuser", range: 0..<2).map(\.id) == ["a", "b"])
    }
}
