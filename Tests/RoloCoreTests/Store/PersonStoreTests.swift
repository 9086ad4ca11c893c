import Foundation
import Testing

@testable import RoloCore

@Suite("PersonStore")
struct PersonStoreTests {
    let store: PersonStore<StorePerson>

    init() throws {
        store = PersonStore(database: try RoloDatabase.inMemory())
    }

    @Test("pages appended are read back by range, in order")
    func appendAndRead() async throws {
        try await store.append("randomuser", StorePerson.numbered(1...10), page: 1)
        try await store.append("randomuser", StorePerson.numbered(11...20), page: 2)
        #expect(try await store.count("randomuser") == 20)
        #expect(try await store.persons("randomuser", range: 8..<13) == StorePerson.numbered(9...13))
        #expect(try await store.persons("randomuser", range: 18..<30) == StorePerson.numbered(19...20))
        let state = try #require(try await store.state("randomuser"))
        #expect(state.pagesStored == 2 && state.seed == "s1" && !state.complete)
    }

    @Test("a snapshot reads the state, the count and the persons its pick chooses from them, together")
    func snapshot() async throws {
        let empty = try await store.snapshot("randomuser") { _, _ in 0..<10 }
        #expect(empty.state == nil && empty.count == 0 && empty.persons.isEmpty)
        try await store.append("randomuser", StorePerson.numbered(1...20), page: 1)
        let seen = LockedValue<(SourceState?, Int)?>(nil)
        let picked = try await store.snapshot("randomuser") { state, count in
            seen.withLock { $0 = (state, count) }
            return count - 5..<count
        }
        #expect(picked.count == 20 && picked.state?.pagesStored == 1)
        #expect(picked.persons == StorePerson.numbered(16...20))
        #expect(seen.withLock { $0?.1 } == 20 && seen.withLock { $0?.0?.seed } == "s1", "the pick saw what was stored")
        let none = try await store.snapshot("randomuser") { _, _ in nil }
        #expect(none.count == 20 && none.persons.isEmpty)
        let totals = try await store.totals("randomuser")
        #expect(totals.count == 20 && totals.state == picked.state)
    }

    @Test("sources are kept apart")
    func sourcesApart() async throws {
        try await store.append("randomuser", StorePerson.numbered(1...3), page: 1)
        try await store.append("pipedrive", StorePerson.numbered(1...5), page: 1)
        #expect(try await store.count("randomuser") == 3)
        #expect(try await store.count("pipedrive") == 5)
        try await store.clear("pipedrive")
        #expect(try await store.count("pipedrive") == 0)
        #expect(try await store.state("pipedrive") == nil)
        #expect(try await store.count("randomuser") == 3)
    }

    @Test("a page that fails half way is not stored at all, and the state stays")
    func onePageOneTransaction() async throws {
        try await store.append("randomuser", StorePerson.numbered(1...10), page: 1)
        var page = StorePerson.numbered(11...20)
        page[5].poisoned = true
        await #expect(throws: StoreError.self) {
            try await store.append("randomuser", page, page: 2)
        }
        #expect(try await store.count("randomuser") == 10)
        #expect(try await store.state("randomuser")?.pagesStored == 1)
    }

    @Test("names must line up with persons")
    func namesMismatch() async throws {
        await #expect(throws: StoreError.self) {
            try await store.appendPage(
                "randomuser", persons: StorePerson.numbered(1...2), names: ["one"], page: 1, seed: nil,
                complete: false, cursor: nil)
        }
    }

    @Test("persons already stored are skipped, the rest continue the order")
    func deduplicates() async throws {
        try await store.append("randomuser", StorePerson.numbered(1...25), page: 3)
        let added = try await store.append("randomuser", StorePerson.numbered(21...30) + StorePerson.numbered(30...30), page: 3)
        #expect(added == StorePerson.numbered(26...30))
        #expect(try await store.persons("randomuser", range: 0..<100) == StorePerson.numbered(1...30))
    }

    @Test("replaceAll drops the old rows and state and stores page 1")
    func replaceAll() async throws {
        try await store.append("randomuser", StorePerson.numbered(1...30), page: 3, complete: true)
        let fresh = StorePerson.numbered(101...110)
        try await store.replaceAll(
            "randomuser", firstPage: fresh, names: fresh.map(\.name), seed: "s2", complete: false, cursor: nil)
        #expect(try await store.persons("randomuser", range: 0..<50) == fresh)
        let state = try #require(try await store.state("randomuser"))
        #expect(state.pagesStored == 1 && state.seed == "s2" && !state.complete)
    }

    @Test("replaceAll with the same ids (r with the same seed) stores them again, not nothing")
    func replaceAllSameIDs() async throws {
        try await store.append("randomuser", StorePerson.numbered(1...20), page: 2)
        let again = StorePerson.numbered(1...10)
        let added = try await store.replaceAll(
            "randomuser", firstPage: again, names: again.map(\.name), seed: "s", complete: false, cursor: nil)
        #expect(added == again)
        #expect(try await store.persons("randomuser", range: 0..<50) == again)
        #expect(try await store.count("randomuser") == 10)
    }

    @Test("a replaceAll that fails keeps the old list whole")
    func replaceAllFailure() async throws {
        try await store.append("randomuser", StorePerson.numbered(1...20), page: 2)
        var fresh = StorePerson.numbered(101...110)
        fresh[9].poisoned = true
        await #expect(throws: StoreError.self) {
            try await store.replaceAll(
                "randomuser", firstPage: fresh, names: fresh.map(\.name), seed: "s2", complete: false, cursor: nil)
        }
        #expect(try await store.persons("randomuser", range: 0..<50) == StorePerson.numbered(1...20))
        #expect(try await store.state("randomuser")?.seed == "s1")
    }

    @Test("cursor and total are kept for cursor-paged sources")
    func cursorAndTotal() async throws {
        try await store.appendPage(
            "pipedrive", persons: StorePerson.numbered(1...2), names: ["a", "b"], page: 1, seed: nil,
            complete: false, cursor: "c2", total: 100_000)
        let state = try #require(try await store.state("pipedrive"))
        #expect(state.cursor == "c2" && state.total == 100_000 && state.seed == nil)
    }
}
