import Foundation
import Testing

@testable import RoloCore

@Suite("Stored search index: a stored list's search text in memory, grown as pages land, reset when replaced")
struct StoredSearchIndexTests {
    let database: RoloDatabase
    let store: PersonStore<StorePerson>

    init() throws {
        database = try RoloDatabase.inMemory()
        store = PersonStore(database: database)
    }

    /// The folded search text of the stored persons from `position` on, as a list's reader
    /// gives it.
    private static func searchText(_ database: RoloDatabase, from position: Int) async throws -> SearchIndex {
        try await database.read { db in
            try SearchIndex.fetch(
                db, sql: "SELECT search FROM person WHERE source = 'pipedrive' AND position >= ? ORDER BY position",
                arguments: [position])
        }
    }

    private func index() -> StoredSearchIndex {
        let database = self.database
        return StoredSearchIndex(everyWord: false) { try await Self.searchText(database, from: $0) }
    }

    @Test("Finds the stored names, folded; a page stored since is searched too, narrowing or not")
    func grows() async throws {
        try await store.append("pipedrive", StorePerson.numbered(1...12), page: 1)
        let search = index()
        search.prepare()
        #expect(try await search.positions(matching: "PERSON 1") == [0, 9, 10, 11])
        #expect(try await search.positions(matching: "pérson 1") == [0, 9, 10, 11])
        try await store.append("pipedrive", StorePerson.numbered(13...20), page: 2)
        #expect(try await search.positions(matching: "person 1") == [0] + Array(9...18))
        try await store.append("pipedrive", [StorePerson(id: "x", name: "Person 1x")], page: 3)
        // Narrowed from "person 1"'s matches, which didn't hold the new row.
        #expect(try await search.positions(matching: "person 1x") == [20])
        #expect(try await search.current().count == 21)
        #expect(try await search.positions(matching: "") == Array(0..<21))
    }

    @Test("After the stored rows are replaced, a reset makes the next search read them again")
    func reset() async throws {
        try await store.append("pipedrive", StorePerson.numbered(1...5), page: 1)
        let search = index()
        #expect(try await search.positions(matching: "person 3") == [2])
        try await store.clear("pipedrive")
        try await store.append("pipedrive", [StorePerson(id: "a", name: "Ada"), StorePerson(id: "b", name: "Person 3")], page: 1)
        search.reset()
        #expect(try await search.positions(matching: "person 3") == [1])
        #expect(try await search.positions(matching: "ada") == [0])
    }

    @Test("A search whose task is cancelled answers nil; the next one answers in full")
    func cancelled() async throws {
        try await store.append("pipedrive", StorePerson.numbered(1...500), page: 1)
        let search = index()
        _ = try await search.current()
        let older = Task { () -> [Int]? in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await search.positions(matching: "person")
        }
        #expect(try await older.value == nil)
        #expect(try await search.positions(matching: "person 50") == [49, 499])
    }
}
