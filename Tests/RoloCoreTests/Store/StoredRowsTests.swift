import Foundation
import GRDB
import Testing

@testable import RoloCore

@Suite("StoredRows reads rows by position, id and search; PersonStore stores search text and swaps staging")
struct StoredRowsTests {
    let database: RoloDatabase
    let store: PersonStore<StorePerson>

    init() throws {
        database = try RoloDatabase.inMemory()
        store = PersonStore(database: database)
    }

    private func list(_ source: String = "pipedrive") -> StoredRows<StorePerson> {
        StoredRows(database: database, source: source)
    }

    @Test("an empty source has no rows, positions or matches")
    func empty() async throws {
        let rows = list()
        #expect(try rows.count() == 0)
        #expect(try rows.persons(0..<10) == [])
        #expect(try rows.persons(atPositions: [0, 1]) == [])
        #expect(try rows.position(ofID: "p1") == nil)
        #expect(try await rows.positions(matching: "person") == [])
    }

    @Test("count and ranges follow the stored order; a range past the end is cut short")
    func ranges() async throws {
        try await store.append("pipedrive", StorePerson.numbered(1...4), page: 1)
        try await store.append("pipedrive", StorePerson.numbered(5...7), page: 2)
        try await store.append("pipedrive", StorePerson.numbered(8...10), page: 3)
        let rows = list()
        #expect(try rows.count() == 10)
        #expect(try rows.persons(0..<3) == StorePerson.numbered(1...3))
        #expect(try rows.persons(3..<7) == StorePerson.numbered(4...7))
        #expect(try rows.persons(8..<50) == StorePerson.numbered(9...10))
        #expect(try rows.persons(5..<5) == [])
        #expect(try rows.persons(10..<20) == [])
    }

    @Test("persons at positions come back in the order asked, skipping positions not stored")
    func atPositions() async throws {
        try await store.append("pipedrive", StorePerson.numbered(1...6), page: 1)
        let rows = list()
        #expect(try rows.persons(atPositions: [4, 0, 2]) == StorePerson.numbered([5, 1, 3]))
        #expect(try rows.persons(atPositions: [5, 99, 1]) == StorePerson.numbered([6, 2]))
        #expect(try rows.persons(atPositions: []) == [])
    }

    @Test("position(ofID:) finds an id in its own source only")
    func positionOfID() async throws {
        try await store.append("pipedrive", StorePerson.numbered(1...5), page: 1)
        try await store.append("randomuser", StorePerson.numbered(7...9), page: 1)
        #expect(try list().position(ofID: "p1") == 0)
        #expect(try list().position(ofID: "p5") == 4)
        #expect(try list().position(ofID: "p8") == nil)
        #expect(try list("randomuser").position(ofID: "p8") == 1)
        #expect(try list("randomuser").count() == 3)
    }

    @Test("a search ignores case, accents and extra spaces, in the term and in the names")
    func foldedSearch() async throws {
        let persons = [
            StorePerson(id: "1", name: "Jõe  Smith"), StorePerson(id: "2", name: "JOE BLOGGS"),
            StorePerson(id: "3", name: "Anna Åström"), StorePerson(id: "4", name: "joey"),
        ]
        try await store.append("pipedrive", persons, page: 1)
        let rows = list()
        #expect(try await rows.positions(matching: "joe") == [0, 1, 3])
        #expect(try await rows.positions(matching: "JÓE ") == [0, 1, 3])
        #expect(try await rows.positions(matching: "joe smith") == [0])
        #expect(try await rows.positions(matching: "  jöe\tSMITH ") == [0])
        #expect(try await rows.positions(matching: "astrom") == [2])
        #expect(try await rows.positions(matching: "nobody") == [])
        #expect(try await list("randomuser").positions(matching: "joe") == [])
    }

    @Test("a search looks in the given search text, and never across two of its fields")
    func givenSearchText() async throws {
        let persons = StorePerson.numbered(1...3)
        try await store.appendPage(
            "pipedrive", persons: persons, names: persons.map(\.name),
            search: ["person 1\nann@acme.com\nacme", "person 2\nbob@other.org", "person 3"],
            page: 1, seed: nil, complete: true, cursor: nil)
        let rows = list()
        #expect(try await rows.positions(matching: "ACME") == [0])
        #expect(try await rows.positions(matching: "bob@other") == [1])
        #expect(try await rows.positions(matching: "person") == [0, 1, 2])
        #expect(try await rows.positions(matching: "person 1 ann") == [])
        #expect(try rows.persons(atPositions: try await rows.positions(matching: "acme")) == [persons[0]])
    }

    @Test("rows that don't decode as the asked type are a StoreError, not a crash")
    func undecodable() async throws {
        struct Other: Codable, Sendable, Identifiable { var id: String; var required: Int }
        try await store.append("pipedrive", StorePerson.numbered(1...2), page: 1)
        let rows = StoredRows<Other>(database: database, source: "pipedrive")
        #expect(try rows.count() == 2)
        #expect(throws: StoreError.self) { try rows.persons(0..<2) }
        #expect(throws: StoreError.self) { try rows.persons(atPositions: [1]) }
    }

    @Test("100,000 rows in a WAL file: count, the last 50, an id's position, a search and keystrokes")
    func hundredThousandOnDisk() async throws {
        let directory = try TemporaryDirectory()
        let database = try RoloDatabase(dataDirectory: directory.path)
        let store = PersonStore<StorePerson>(database: database)
        for page in 0..<200 {
            try await store.append("pipedrive", StorePerson.numbered(page * 500 + 1...(page + 1) * 500), page: page + 1)
        }
        let rows = StoredRows<StorePerson>(database: database, source: "pipedrive")
        #expect(try rows.count() == 100_000)
        #expect(try rows.persons(99_950..<100_000) == StorePerson.numbered(99_951...100_000))
        #expect(try rows.position(ofID: "p100000") == 99_999)
        #expect(try rows.persons(atPositions: [99_999, 0]) == StorePerson.numbered([100_000, 1]))
        #expect(try await rows.positions(matching: "PERSON 99999") == [99_998])
        // "person 1000" is in 1000, 10000…10009 and 100000.
        #expect(try await rows.positions(matching: "person 1000") == [999] + Array(9_999...10_008) + [99_999])
        // Typed a character at a time into the list's index, each keystroke narrowing the last.
        let search = StoredSearchIndex(everyWord: false) { try await rows.searchIndex(from: $0) }
        #expect(try await search.positions(matching: "9")?.count == 40_951)
        #expect(try await search.positions(matching: "99")?.count == 3_691)
        #expect(try await search.positions(matching: "999")?.count == 280)
        #expect(try await search.positions(matching: "9999") == stride(from: 9_998, to: 90_000, by: 10_000) + Array(99_989...99_998))
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()
}

// MARK: - PersonStore's search text, staging swap and the v2 migration, read back through StoredRows

extension StoredRowsTests {
    private func searchColumn(_ source: String) throws -> [String] {
        try database.writer().read { db in
            try String.fetchAll(db, sql: "SELECT search FROM person WHERE source = ? ORDER BY position", arguments: [source])
        }
    }

    @Test("without search: the stored search text is the folded name")
    func defaultSearchIsFoldedName() async throws {
        let persons = [StorePerson(id: "1", name: "  Jõe   SMITH "), StorePerson(id: "2", name: "Ängel")]
        try await store.append("pipedrive", persons, page: 1)
        #expect(try searchColumn("pipedrive") == ["joe smith", "angel"])
        try await store.replaceAll(
            "randomuser", firstPage: persons, names: ["Zoë", "ÉVE"], seed: nil, complete: true, cursor: nil)
        #expect(try searchColumn("randomuser") == ["zoe", "eve"])
    }

    @Test("with search: the given text is stored as it is, for appendPage and replaceAll")
    func givenSearchStored() async throws {
        let persons = StorePerson.numbered(1...2)
        try await store.appendPage(
            "pipedrive", persons: persons, names: ["One", "Two"], search: ["x\ny", "Kept AS Given"],
            page: 1, seed: nil, complete: false, cursor: nil)
        #expect(try searchColumn("pipedrive") == ["x\ny", "Kept AS Given"])
        try await store.replaceAll(
            "pipedrive", firstPage: StorePerson.numbered(2...3), names: ["Two", "Three"], search: ["b", "c"],
            seed: nil, complete: true, cursor: nil)
        #expect(try searchColumn("pipedrive") == ["b", "c"])
        #expect(try await store.persons("pipedrive", range: 0..<5) == StorePerson.numbered(2...3))
    }

    @Test("search texts that don't line up with the persons are refused, and nothing is stored")
    func searchMismatch() async throws {
        await #expect(throws: StoreError.self) {
            try await store.appendPage(
                "pipedrive", persons: StorePerson.numbered(1...2), names: ["a", "b"], search: ["a"],
                page: 1, seed: nil, complete: false, cursor: nil)
        }
        await #expect(throws: StoreError.self) {
            try await store.replaceAll(
                "pipedrive", firstPage: StorePerson.numbered(1...2), names: ["a", "b"], search: ["a", "b", "c"],
                seed: nil, complete: false, cursor: nil)
        }
        #expect(try await store.count("pipedrive") == 0)
        #expect(try await store.state("pipedrive") == nil)
    }

    @Test("promote: the staging rows and state become the source's, the old rows go, staging is empty")
    func promote() async throws {
        let fetched = Date(timeIntervalSince1970: 1_000)
        try await store.append("pipedrive", StorePerson.numbered(1...5), page: 1, complete: true)
        try await store.appendPage(
            "pipedrive.refresh", persons: StorePerson.numbered(11...13), names: ["a", "b", "c"], page: 2,
            seed: "s9", complete: true, cursor: "v2:x", total: 3, at: fetched)
        try await store.append("randomuser", StorePerson.numbered(1...2), page: 1)

        try await store.promote("pipedrive.refresh", to: "pipedrive")

        #expect(try await store.persons("pipedrive", range: 0..<10) == StorePerson.numbered(11...13))
        #expect(try StoredRows<StorePerson>(database: database, source: "pipedrive").position(ofID: "p12") == 1)
        #expect(try await store.state("pipedrive") == SourceState(
            source: "pipedrive", seed: "s9", pagesStored: 2, total: 3, complete: true, cursor: "v2:x",
            fetchedAt: fetched))
        #expect(try await store.count("pipedrive.refresh") == 0)
        #expect(try await store.state("pipedrive.refresh") == nil)
        #expect(try await store.count("randomuser") == 2)
        #expect(try searchColumn("pipedrive") == ["a", "b", "c"])
        // The promoted list goes on at the next position.
        try await store.append("pipedrive", StorePerson.numbered(14...14), page: 3)
        #expect(try await store.persons("pipedrive", range: 3..<4) == StorePerson.numbered(14...14))
    }

    @Test("promote into a source that has nothing stored")
    func promoteIntoEmpty() async throws {
        try await store.append("pipedrive.refresh", StorePerson.numbered(1...3), page: 1, complete: true)
        try await store.promote("pipedrive.refresh", to: "pipedrive")
        #expect(try await store.persons("pipedrive", range: 0..<10) == StorePerson.numbered(1...3))
        #expect(try await store.state("pipedrive")?.source == "pipedrive")
    }

    @Test("promote does nothing when staging has no state")
    func promoteWithoutStaging() async throws {
        try await store.append("pipedrive", StorePerson.numbered(1...4), page: 1, complete: true)
        let before = try await store.state("pipedrive")
        try await store.promote("pipedrive.refresh", to: "pipedrive")
        #expect(try await store.persons("pipedrive", range: 0..<10) == StorePerson.numbered(1...4))
        #expect(try await store.state("pipedrive") == before)
        #expect(before != nil)
    }

    @Test("a fresh database has the v2 search column, and rows written without search are found")
    func freshDatabaseHasSearch() async throws {
        let applied = try await database.writer().read { db in try RoloDatabase.migrator.appliedIdentifiers(db) }
        #expect(applied.contains("v2: person.search"))
        let columns = try await database.writer().read { db in try db.columns(in: "person").map(\.name) }
        #expect(columns.contains("search"))
        try await store.append("pipedrive", [StorePerson(id: "1", name: "Renée Ørsted"), StorePerson(id: "2", name: "Bo")], page: 1)
        let rows = StoredRows<StorePerson>(database: database, source: "pipedrive")
        #expect(try await rows.positions(matching: "RENEE") == [0])
        #expect(try await rows.positions(matching: "bo") == [1])
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
                        arguments: ["randomuser", position, person.id, try StoredRowsTests.encoder.encode(person), person.name, Date()])
                }
            }
            try old.close()
        }
        let database = try RoloDatabase(path: path)
        let search = try await database.writer().read { db in
            try String.fetchAll(db, sql: "SELECT search FROM person ORDER BY position")
        }
        #expect(search == ["jose alvarez", "anna"])
        // randomuser's: v11 carries the person table's Pipedrive rows out to the record engine.
        let rows = StoredRows<StorePerson>(database: database, source: "randomuser")
        #expect(try await rows.positions(matching: "Alvarez") == [0])
        #expect(try rows.persons(0..<2).map(\.id) == ["a", "b"])
    }
}
