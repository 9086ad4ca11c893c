import Foundation
import Testing
@testable import RoloCore

@Suite("RecordSource store: records in order, resume state, search, sync")
struct RecordStoreTests {
    private static let toml = """
        [[sources]]
        name = "crew"
        url = "https://api.example/crew"
        records = "items"
        label = "{name}"
        columns = [ { title = "Email", value = "{email}" } ]
        [sources.paging]
        style = "cursor"
        next = "next"
        total = "total"
        """

    private func page(_ ids: [Int], next cursor: String?, total: Int? = nil) -> RecordPage {
        let records = ids.map { id in
            JSONRecord(id: String(id), value: .object([
                JSONMember("id", .number(String(id))), JSONMember("name", .string("Person Nö\(id)")),
                JSONMember("email", .string("p\(id)@example.com")),
            ]))
        }
        var next = PagingPosition.start(nil)
        next.cursor = cursor
        return RecordPage(records: records, skipped: [], next: cursor.map { _ in next }, total: total)
    }

    @Test("Pages append in order, ids already stored are left out, the state resumes where it was")
    func appendAndResume() async throws {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.toml))
        #expect(try await store.state() == nil)
        let at = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(try await store.append(page([1, 2], next: "c2", total: 4), at: at) == 2)
        #expect(try await store.append(page([2, 3], next: "c3"), at: at) == 1)
        let state = try #require(try await store.state())
        #expect(state.next?.cursor == "c3" && !state.complete && state.total == 4 && state.pagesStored == 2 && state.refreshedAt == at)
        #expect(try await store.count() == 3)
        #expect(try await store.all().map(\.id) == ["1", "2", "3"])
        #expect(try await store.records(1..<2).first?.value["email"] == .string("p2@example.com"))
        try await store.append(page([4], next: nil))
        #expect(try await store.state()?.complete == true)
        // A refresh's first page replaces the list in the same transaction.
        try await store.append(page([9], next: "x"), replacing: true)
        #expect(try await store.all().map(\.id) == ["9"])
        try await store.clear()
        #expect(try await store.count() == 0)
        #expect(try await store.state() == nil)
    }

    @Test("A damaged page of the records: rebuilt from what reads, the search index made anew, the state forgotten so a sync starts over")
    func damagedPage() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let source = try RecordSourceFixtures.source(Self.toml)
        do {
            let database = try RoloDatabase(path: path)
            let store = RecordStore(database: database, source: source)
            for first in stride(from: 1, through: 600, by: 50) {
                try await store.append(page(Array(first..<first + 50), next: first == 551 ? nil : "c\(first + 50)", total: 600))
            }
            #expect(try await store.state()?.complete == true)
            database.checkpointAtExit()
        }
        let leaves = try DamagedPages.pages(of: "custom_record", in: path)
        #expect(leaves.count > 4)
        try DamagedPages.overwrite(page: leaves[leaves.count / 2], of: path)

        let database = try RoloDatabase(path: path)
        let store = RecordStore(database: database, source: source)
        let kept = try await store.all()
        let heal = try #require(database.heals.first)
        #expect(kept.count == heal.recordsKept && kept.count > 300 && kept.count < 600 && heal.lostSome)
        #expect(try await store.count() == kept.count, "positions counted again without gaps")
        #expect(try await store.positions(matching: "example.com").count == kept.count, "the search finds every record kept")
        #expect(try await store.state() == nil, "a sync starts from the first page, replacing what is kept")
        #expect(database.heals.count == 1)
    }

    @Test("Search: folded, one and two characters too; sources kept apart")
    func search() async throws {
        let database = try RoloDatabase.inMemory()
        let source = try RecordSourceFixtures.source(Self.toml)
        let store = RecordStore(database: database, source: source)
        var other = source
        other.name = "other"
        let otherStore = RecordStore(database: database, source: other)
        try await store.append(page(Array(1...30), next: nil))
        try await otherStore.append(page([1, 2], next: nil))
        #expect(try await store.positions(matching: "PERSON NO12") == [11])
        #expect(try await store.positions(matching: "nö3") == [2, 29])
        #expect(try await store.positions(matching: "p7@") == [6])
        #expect(try await store.positions(matching: "25") == [24])
        #expect(try await store.positions(matching: "").count == 30)
        #expect(try await store.positions(matching: "\"quoted\"").isEmpty)
        #expect(try await store.positions(matching: "p").count == 30)
        #expect(try await store.positions(matching: "12") == [11])
        #expect(try await otherStore.positions(matching: "person").count == 2)
        // Replaced rows leave the index with them.
        try await store.append(page([100], next: nil), replacing: true)
        #expect(try await store.positions(matching: "person").count == 1)
    }

    @Test("Search in memory: the same positions as the store's, grown and reset")
    func memorySearch() async throws {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.toml))
        try await store.append(page(Array(1...30), next: "c"))
        let search = store.memorySearch()
        for term in ["p", "2", "25", "PERSON NO12", "nö3", "no3", "p7@", "", "\"quoted\"", "zz"] {
            #expect(try await search.positions(matching: term) == (try await store.positions(matching: term)), "\(term)")
        }
        try await store.append(page([31, 32], next: nil))
        #expect(try await search.positions(matching: "no3") == [2, 29, 30, 31])
        try await store.append(page([100], next: nil), replacing: true)
        search.reset()
        #expect(try await search.positions(matching: "person") == [0])
    }

    @Test("A sync stores every page, resumes a stopped list, and a refresh starts over")
    func sync() async throws {
        let source = try RecordSourceFixtures.source(Self.toml)
        let database = try RoloDatabase.inMemory()
        let store = RecordStore(database: database, source: source)
        let failing = ScriptedHTTPClient([
            "https://api.example/crew": [.json(#"{"items": [{"id": 1, "name": "A"}], "next": "c2", "total": 2}"#)],
            "https://api.example/crew?cursor=c2": [ScriptedHTTPClient.Answer(status: 500, body: Data())],
        ])
        let first = RecordSync(pager: try RecordSourceFixtures.pager(source, failing), store: store)
        await #expect(throws: FetchError.self) { try await first.run(refresh: false) }
        #expect(try await store.count() == 1)
        #expect(try await store.state()?.next?.cursor == "c2")

        let working = ScriptedHTTPClient([
            "https://api.example/crew?cursor=c2": [.json(#"{"items": [{"id": 2, "name": "B"}], "next": null, "total": 2}"#)],
            "https://api.example/crew": [.json(#"{"items": [{"id": 7, "name": "New"}], "total": 1}"#)],
        ])
        let progress = Log<RecordSync.Progress>()
        let second = RecordSync(pager: try RecordSourceFixtures.pager(source, working), store: store)
        try await second.run(refresh: false) { progress.append($0) }
        #expect(working.urls == ["https://api.example/crew?cursor=c2"])
        #expect(try await store.all().map(\.id) == ["1", "2"])
        #expect(progress.values.last == RecordSync.Progress(stored: 2, total: 2, finished: true, skipped: [], changes: MergeOutcome(added: 1)), "the resumed page's record is new")

        try await second.run(refresh: false)
        #expect(working.urls.count == 1)
        try await second.run(refresh: true)
        #expect(try await store.all().map(\.id) == ["7"])
    }
}
