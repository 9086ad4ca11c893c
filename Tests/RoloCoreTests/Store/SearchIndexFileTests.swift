import Foundation
import RoloTestSupport
import Testing

@testable import RoloCore

@Suite("Search index file: a stored list's index kept beside the database, used only while current", .temporaryDirectories)
struct SearchIndexFileTests {
    private static let toml = """
        [[sources]]
        name = "crew"
        url = "https://api.example/crew"
        records = "items"
        label = "{name}"
        columns = [ { title = "Email", value = "{email}" } ]
        """

    private func page(_ ids: ClosedRange<Int>, name: String = "Person") -> RecordPage {
        let records = ids.map { id in
            JSONRecord(id: String(id), value: .object([
                JSONMember("id", .number(String(id))), JSONMember("name", .string("\(name) \(id)")),
                JSONMember("email", .string("p\(id)@example.com")),
            ]))
        }
        return RecordPage(records: records, skipped: [], next: nil, total: nil)
    }

    /// What SQLite's rows say `term` matches: the truth a kept file must never contradict.
    private func stored(_ store: RecordStore, _ term: String) async throws -> [Int]? {
        try await store.searchIndex().positions(matching: term)
    }

    /// Writes over the store's kept file an index of `count` keys "zzz" under the file's own
    /// mark: a later search finding "zzz" read the file, not SQLite.
    private func plantZs(_ store: RecordStore) throws {
        let file = try #require(store.searchIndexFile)
        let kept = try #require(file.load())
        file.save(SearchIndex(keys: Array(repeating: "zzz", count: kept.index.count)), mark: kept.mark)
    }

    /// The keys of `index` as laid out, wherever they lie.
    private func laidOut(_ index: SearchIndex) -> (bytes: [UInt8], starts: [Int32]) {
        index.withKeys { (Array($0), Array($1)) }
    }

    @Test("An index reads back as written; a file cut short, of another format or with starts out of order is ignored")
    func roundTrip() throws {
        let index = SearchIndex(keys: ["ada lovelace", "", "jõe", "grace\nhopper"])
        let path = try TemporaryDirectory.scopedPath("rolo-index") + "/rolo.sqlite"
        let file = try #require(SearchIndexFile(databasePath: path, key: "custom.a/b"))
        #expect(file.path.hasSuffix("/search-custom.a%2Fb.index"))
        #expect(SearchIndexFile(databasePath: ":memory:", key: "custom.a") == nil)
        #expect(file.load() == nil)
        file.save(index, mark: "m1")
        let loaded = try #require(file.load())
        #expect(loaded.mark == "m1" && laidOut(loaded.index) == laidOut(index))
        #expect(loaded.index.positions(matching: "hopper") == [3])

        let whole = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(laidOut(try #require(SearchIndexFile.decode(whole)).index) == laidOut(index))
        #expect(SearchIndexFile.decode(whole.dropLast()) == nil)
        #expect(SearchIndexFile.decode(whole + [0]) == nil)
        // The format before, whose starts weren't kept on a 4-byte boundary.
        #expect(SearchIndexFile.decode(Data("ROLOIDX1".utf8) + whole.dropFirst(8)) == nil)
        // The second start (after the 8-byte magic, three counts and the mark "m1" with its two
        // zeros) made larger than the third.
        var disordered = whole
        disordered[8 + 24 + 4 + 4] = 0x7F
        #expect(SearchIndexFile.decode(disordered) == nil)
        #expect(SearchIndexFile.decode(Data()) == nil)
        // Not a file: nothing to map.
        try FileManager.default.removeItem(atPath: file.path)
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        #expect(file.load() == nil)
    }

    @Test("A mapped index is searched in place, grows into memory of its own, and outlives the file it came from")
    func mapped() throws {
        let path = try TemporaryDirectory.scopedPath("rolo-index") + "/rolo.sqlite"
        let file = try #require(SearchIndexFile(databasePath: path, key: "custom.crew"))
        let keys = (0..<3000).map { "person \($0)\np\($0)@example.com" }
        file.save(SearchIndex(keys: keys), mark: "mark")
        var loaded = try #require(file.load()).index
        // Written anew (renamed over), and then removed: the mapping still reads the first.
        file.save(SearchIndex(keys: ["other"]), mark: "other")
        file.remove()
        #expect(loaded.count == 3000)
        #expect(loaded.positions(matching: "person 2999") == [2999])
        #expect(loaded.positions(matching: "p12@") == [12])
        let narrowed = try #require(loaded.search("person 12"))
        loaded.append(key: "person 12 late")
        loaded.append(contentsOf: SearchIndex(keys: ["person 120 later"]))
        #expect(loaded.count == 3002)
        #expect(loaded.positions(matching: "person 12") == (keys + ["person 12 late", "person 120 later"]).indices.filter {
            (keys + ["person 12 late", "person 120 later"])[$0].contains("person 12")
        })
        // What was found in the mapped index narrows in the grown one: the same lineage.
        #expect(loaded.search("person 120", narrowing: [narrowed])?.positions == [120] + (1200...1209) + [3001])
    }

    @Test("A relaunch's search reads the kept file, and the rows stored after it from SQLite")
    func keptAcrossRuns() async throws {
        let directory = try TemporaryDirectory.scopedPath("rolo-search-file")
        let source = try RecordSourceFixtures.source(Self.toml)
        let store = RecordStore(database: try RoloDatabase(dataDirectory: directory), source: source)
        try await store.append(page(1...30))
        #expect(try await store.memorySearch(rewriteAfter: 1).positions(matching: "person 2") == (try await stored(store, "person 2")))
        try plantZs(store)

        let reopened = RecordStore(database: try RoloDatabase(dataDirectory: directory), source: source)
        try await reopened.append(page(31...32, name: "Zzz"))
        let search = reopened.memorySearch(rewriteAfter: 1000)
        // The 30 kept keys are the planted ones; the two appended since are read from SQLite.
        #expect(try await search.positions(matching: "zzz") == Array(0...31))
        #expect(try await search.positions(matching: "person") == [])
    }

    @Test("Rows changed in place, removed, or a store healed: the kept file is left and made anew")
    func staleIgnored() async throws {
        let directory = try TemporaryDirectory.scopedPath("rolo-search-file")
        let source = try RecordSourceFixtures.source(Self.toml)
        let store = RecordStore(database: try RoloDatabase(dataDirectory: directory), source: source)
        try await store.append(page(1...30))
        let changes: [(String, () async throws -> Void)] = [
            ("a detail", { try await store.saveDetail(.object([JSONMember("name", .string("Detailed 5"))]), id: "5") }),
            ("a replaced record", { _ = try await store.replace(id: "6", with: .object([JSONMember("name", .string("Other"))])) }),
            ("a removed record", { _ = try await store.remove(id: "7") }),
            ("a list stored anew", { try await store.append(page(1...20, name: "Again"), replacing: true) }),
            ("a cleared list", { try await store.clear(); try await store.append(page(1...9)) }),
        ]
        for (change, make) in changes {
            _ = try await store.memorySearch(rewriteAfter: 1).current()
            try plantZs(store)
            #expect(try await store.memorySearch().positions(matching: "zzz") != [], "\(change): the file is used")
            try await make()
            let search = store.memorySearch(rewriteAfter: 1)
            for term in ["zzz", "person", "detailed", "again", "other", "2"] {
                #expect(try await search.positions(matching: term) == (try await stored(store, term)), "\(change): \(term)")
            }
        }
        // A salvaged database holds no mark: the file is no use to it.
        _ = try await store.memorySearch(rewriteAfter: 1).current()
        try plantZs(store)
        try await store.database.writer().write { db in try db.execute(sql: "DELETE FROM custom_search_mark") }
        #expect(try await store.memorySearch().positions(matching: "zzz") == [])
    }

    @Test("A merging refresh that changes a record, or removes one, leaves the kept file; one that changes nothing keeps it")
    func refresh() async throws {
        let directory = try TemporaryDirectory.scopedPath("rolo-search-file")
        let source = try RecordSourceFixtures.source(Self.toml)
        let store = RecordStore(database: try RoloDatabase(dataDirectory: directory), source: source)
        try await store.append(page(1...10))
        _ = try await store.memorySearch(rewriteAfter: 1).current()
        try plantZs(store)
        let same = SyncPass(kind: .full, generation: 1)
        try await store.merge(page(1...10), pass: same, after: 0)
        #expect(try await store.memorySearch().positions(matching: "zzz") == Array(0..<10))

        let changed = SyncPass(kind: .full, generation: 2)
        try await store.merge(page(1...9, name: "Renamed"), pass: changed, after: 0)
        let search = store.memorySearch()
        #expect(try await search.positions(matching: "zzz") == [])
        #expect(try await search.positions(matching: "renamed") == Array(0..<9))
    }
}
