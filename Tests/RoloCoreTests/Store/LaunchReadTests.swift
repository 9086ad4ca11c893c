import Foundation
import GRDB
import Testing

@testable import RoloCore

/// The launch reads its first page from the file with SQLite's C API, beside the pool's open:
/// it must read exactly what the pool reads, and give up, never guess, on anything else.
@Suite("The launch's read of a stored page")
struct LaunchReadTests {
    let directory: TemporaryDirectory
    let store: PersonStore<StorePerson>

    init() throws {
        directory = try TemporaryDirectory()
        store = PersonStore(database: try RoloDatabase(dataDirectory: directory.path))
    }

    @Test("it reads what the pool's snapshot reads: state, count and the persons picked")
    func sameAsThePool() async throws {
        let empty = try #require(try store.launchSnapshot("randomuser") { _, _ in 0..<10 })
        #expect(empty.state == nil && empty.count == 0 && empty.persons.isEmpty)
        try await store.append("randomuser", StorePerson.numbered(1...20), page: 1)
        try await store.append("randomuser", StorePerson.numbered(21...23), page: 2, seed: nil, complete: true)
        try await store.append("pipedrive", StorePerson.numbered(1...5), page: 1)
        let seen = LockedValue<(SourceState?, Int)?>(nil)
        let pick: @Sendable (SourceState?, Int) -> Range<Int>? = { state, count in
            seen.withLock { $0 = (state, count) }
            return count - 7..<count
        }
        let launch = try #require(try store.launchSnapshot("randomuser", picking: pick))
        let pool = try await store.snapshot("randomuser", picking: pick)
        #expect(launch.persons == StorePerson.numbered(17...23) && launch.persons == pool.persons)
        #expect(launch.count == 23 && launch.count == pool.count)
        #expect(launch.state == pool.state && launch.state?.complete == true && launch.state?.pagesStored == 2)
        #expect(seen.withLock { $0?.1 } == 23)
        let none = try #require(try store.launchSnapshot("randomuser") { _, _ in nil })
        #expect(none.count == 23 && none.persons.isEmpty && none.state == pool.state)
    }

    @Test("it reads beside an open pool, and with the pool still opening")
    func besideThePool() async throws {
        try await store.append("randomuser", StorePerson.numbered(1...10), page: 1)
        let opening = PersonStore<StorePerson>(database: RoloDatabase(openingIn: directory.path))
        let launch = try #require(try opening.launchSnapshot("randomuser") { _, count in 0..<count })
        #expect(launch.persons == StorePerson.numbered(1...10))
        #expect(try await opening.count("randomuser") == 10, "the opened pool reads the same file")
        #expect(await opening.database.openFailure() == nil)
    }

    @Test("it gives up on a database in memory, a missing file, or one whose migrations differ")
    func givesUp() async throws {
        let memory = PersonStore<StorePerson>(database: try RoloDatabase.inMemory())
        try await memory.append("randomuser", StorePerson.numbered(1...3), page: 1)
        #expect(try memory.launchSnapshot("randomuser") { _, _ in 0..<3 } == nil)

        let missing = LaunchRead.snapshot(
            path: directory.path + "/elsewhere/rolo.sqlite", source: "randomuser", migrations: RoloDatabase.migrator.migrations
        ) { _, _ in 0..<3 }
        #expect(missing == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/elsewhere"), "a read-only open creates nothing")

        try await store.append("randomuser", StorePerson.numbered(1...3), page: 1)
        #expect(try store.launchSnapshot("randomuser") { _, _ in 0..<3 }?.persons.count == 3)
        try await store.database.writer().write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: a later rolo')")
        }
        #expect(try store.launchSnapshot("randomuser") { _, _ in 0..<3 } == nil, "a later version's schema")
    }

    @Test("a state it can't read as rolo writes it gives up rather than guess")
    func oddState() async throws {
        try await store.append("randomuser", StorePerson.numbered(1...3), page: 1)
        for (column, value) in [("fetched_at", "'2026-11-23'"), ("fetched_at", "1795441769"), ("pages_stored", "'one'"),
                                ("seed", "x'00'")] {
            try await store.database.writer().write { db in
                try db.execute(sql: "UPDATE source_state SET \(column) = \(value) WHERE source = 'randomuser'")
            }
            #expect(try store.launchSnapshot("randomuser") { _, _ in 0..<3 } == nil, "\(column) = \(value)")
            try await store.append("randomuser", [], page: 1)
        }
    }

    @Test("a stored person that doesn't decode throws, as the pool's read does")
    func undecodable() async throws {
        try await store.append("randomuser", StorePerson.numbered(1...3), page: 1)
        try await store.database.writer().write { db in
            try db.execute(sql: "UPDATE person SET payload = x'7b7d' WHERE id = 'p2'")
        }
        #expect(throws: StoreError.self) { try store.launchSnapshot("randomuser") { _, _ in 0..<3 } }
        await #expect(throws: StoreError.self) { try await store.snapshot("randomuser") { _, _ in 0..<3 } }
    }

    @Test("dates read as GRDB reads them, to the bit; before 1600 (the Julian calendar's years) it gives up")
    func dates() throws {
        let samples = ["1970-01-01 00:00:00.000", "2026-11-23 13:49:02.517", "2000-02-29 23:59:59.999",
                       "1969-12-31 23:59:59.001", "1900-03-01 12:00:00.250", "2400-12-31 00:00:00.100",
                       "2024-02-29 06:07:08.009", "1600-01-01 00:00:00.000"]
        var generator = SystemRandomNumberGenerator()
        let random = (0..<2_000).map { _ -> String in
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -3_000_000_000...8_000_000_000, using: &generator)) / 1_000)
            return date.databaseValue.storage.value as? String ?? ""
        }
        for text in samples + random {
            let grdb = Date.fromDatabaseValue(text.databaseValue)
            #expect(LaunchRead.storedDate(text) == grdb, "\(text)")
        }
        for text in ["2026-11-23 13:49:02", "2026-11-23T13:49:02.517", "2026-13-23 13:49:02.517", "2026-11-23 24:00:00.000",
                     "2026-11-23 13:49:02.5170", "２026-11-23 13:49:02.517",
                     "1582-10-15 00:00:00.000", "0001-01-01 00:00:00.000"] {
            #expect(LaunchRead.storedDate(text) == nil, "\(text)")
        }
    }
}
