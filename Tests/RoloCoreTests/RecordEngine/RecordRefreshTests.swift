import Foundation
import GRDB
import Testing
@testable import RoloCore

/// A configured source's refresh never drops what is stored: pages merge by id, what went goes
/// only once the listing is whole, a killed refresh resumes; a 304 to the stored ETag ends it
/// after one request, and `since` asks for only what changed.
@Suite("Configured sources: a refresh merges, resumes, and fetches only what changed")
struct RecordRefreshTests {
    private static let url = "https://api.example/crew"
    private static let day0 = Date(timeIntervalSince1970: 1_700_000_000)

    private static func toml(_ paging: String = "") -> String {
        """
        [[sources]]
        name = "crew"
        url = "\(url)"
        records = "items"
        label = "{name}"
        [sources.paging]
        style = "cursor"
        next = "next"
        \(paging)
        """
    }

    /// An answer listing `people` (id, or id and a changed name), with the cursor `next`.
    private static func answer(_ people: [(Int, String)], next: String? = nil, headers: [String: String] = [:]) -> ScriptedHTTPClient.Answer {
        let items = people.map { #"{"id": \#($0.0), "name": "\#($0.1)"}"# }.joined(separator: ", ")
        return .json(#"{"items": [\#(items)], "next": \#(next.map { "\"\($0)\"" } ?? "null")}"#, headers: headers)
    }

    private static func named(_ ids: Int...) -> [(Int, String)] {
        ids.map { ($0, "P\($0)") }
    }

    private func sync(_ store: RecordStore, _ answers: [String: [ScriptedHTTPClient.Answer]], refresh: Bool, now: Date = day0)
        async throws -> (client: ScriptedHTTPClient, progress: [RecordSync.Progress]) {
        let client = ScriptedHTTPClient(answers)
        let progress = Log<RecordSync.Progress>()
        let pager = try RecordSourceFixtures.pager(store.source, client)
        try await RecordSync(pager: pager, store: store, now: { now }).run(refresh: refresh) { progress.append($0) }
        return (client, progress.values)
    }

    private func names(_ store: RecordStore) async throws -> [String] {
        try await store.all().map { $0.value["name"]?.text ?? "?" }
    }

    @Test("A refresh keeps every stored row until it has listed the whole list; killed, it resumes; at its end what went goes and the rest take its order")
    func mergeResumeAndRemove() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let source = try RecordSourceFixtures.source(Self.toml())
        let store = RecordStore(database: try RoloDatabase(path: path), source: source)
        _ = try await sync(store, [Self.url: [Self.answer(Self.named(1, 2, 3))]], refresh: false)
        try await store.saveDetail(.object([JSONMember("bio", .string("one"))]), id: "1", at: Self.day0)
        try await store.saveDetail(.object([JSONMember("bio", .string("three"))]), id: "3", at: Self.day0)

        // The refresh's first page: 3 changed, 1 as before; its second page fails, as a kill would stop it.
        let failing = ScriptedHTTPClient([
            Self.url: [Self.answer([(3, "P3 new")] + Self.named(1), next: "c2")],
            Self.url + "?cursor=c2": [ScriptedHTTPClient.Answer(status: 500, body: Data())],
        ])
        let pager = try RecordSourceFixtures.pager(source, failing)
        await #expect(throws: FetchError.self) { try await RecordSync(pager: pager, store: store).run(refresh: true) }
        #expect(try await store.all().map(\.id) == ["1", "2", "3"], "nothing went before the listing was whole")
        #expect(try await names(store) == ["P1", "P2", "P3 new"])
        let halfway = try #require(try await store.state())
        #expect(!halfway.complete && halfway.refreshing && halfway.next?.cursor == "c2" && halfway.next?.pass?.kind == .full)
        #expect(try await store.freshDetailIDs(now: Self.day0) == ["1"], "the changed record's detail went, the unchanged one's stayed")

        // The next start: another handle on the file, which holds all the refresh knew.
        let reopened = RecordStore(database: try RoloDatabase(path: path), source: source)
        let (client, progress) = try await sync(reopened, [Self.url + "?cursor=c2": [Self.answer(Self.named(4))]], refresh: false)
        #expect(client.urls == [Self.url + "?cursor=c2"], "resumed where it stopped, not from the first page")
        #expect(try await reopened.all().map(\.id) == ["3", "1", "4"], "2 wasn't listed, and the rest are in the listing's order")
        #expect(try await reopened.all()[1].value["bio"] == .string("one"))
        #expect(progress.last?.finished == true && progress.last?.rewritten == true && progress.last?.stored == 3)
        let state = try #require(try await reopened.state())
        #expect(state.complete && !state.refreshing)
        #expect(try await reopened.positions(matching: "p3 new") == [0])
    }

    @Test("A refresh that lists what is stored, as stored, rewrites nothing and moves nothing")
    func unchangedRefresh() async throws {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.toml()))
        let answers = [Self.url: [Self.answer(Self.named(1, 2), next: "c2")], Self.url + "?cursor=c2": [Self.answer(Self.named(3))]]
        _ = try await sync(store, answers, refresh: false)
        let (client, progress) = try await sync(store, answers, refresh: true)
        #expect(client.urls.count == 2 && progress.allSatisfy { !$0.rewritten })
        #expect(try await store.all().map(\.id) == ["1", "2", "3"])
    }

    @Test("A refresh whose list ends short of its total removes nothing: the listing wasn't whole")
    func shortListingRemovesNothing() async throws {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.toml("total = \"total\"")))
        let whole = #"{"items": [{"id": 1, "name": "P1"}, {"id": 2, "name": "P2"}], "next": null, "total": 2}"#
        _ = try await sync(store, [Self.url: [.json(whole)]], refresh: false)
        let short = #"{"items": [{"id": 2, "name": "P2"}], "next": null, "total": 2}"#
        let (_, progress) = try await sync(store, [Self.url: [.json(short)]], refresh: true)
        #expect(progress.last?.shortfall?.description == "got 1 of 2: the API sent no more pages")
        #expect(try await store.all().map(\.id) == ["1", "2"])
    }

    @Test("The last whole listing's ETag goes as If-None-Match; a 304 ends the refresh after one request, the list as stored")
    func notModified() async throws {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.toml()))
        let tagged = ["ETag": "W/\"v1\""]
        _ = try await sync(store, [
            Self.url: [Self.answer(Self.named(1, 2), next: "c2", headers: tagged)], Self.url + "?cursor=c2": [Self.answer(Self.named(3))],
        ], refresh: false)
        let marks = try await store.syncMarks()
        #expect(marks.etag == "W/\"v1\"" && marks.etagURL == Self.url)
        let later = Self.day0.addingTimeInterval(3600)
        let (client, progress) = try await sync(store, [Self.url: [ScriptedHTTPClient.Answer(status: 304, body: Data())]], refresh: true, now: later)
        #expect(client.requests.map { $0.headers["If-None-Match"] } == ["W/\"v1\""])
        #expect(progress.last == RecordSync.Progress(stored: 3, total: nil, finished: true, skipped: [], listed: 0))
        #expect(try await store.all().map(\.id) == ["1", "2", "3"])
        let state = try await store.state()
        #expect(state?.refreshedAt == later && state?.complete == true)
    }

    @Test("etag = false sends no If-None-Match; a changed list (a 200 to it) is listed whole")
    func etagOff() async throws {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.toml("etag = false")))
        _ = try await sync(store, [Self.url: [Self.answer(Self.named(1), headers: ["ETag": "\"v1\""])]], refresh: false)
        let (client, _) = try await sync(store, [Self.url: [Self.answer(Self.named(1, 2))]], refresh: true)
        #expect(client.requests.map { $0.headers["If-None-Match"] } == [nil])
        #expect(try await store.all().map(\.id) == ["1", "2"])
    }

    @Test("since: a refresh sends the last whole listing's time, a minute before the server's Date, and merges what changed without removing")
    func since() async throws {
        let store = RecordStore(
            database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.toml("since = \"updated_after\"")))
        let dated = ["Date": "Wed, 22 Nov 2023 10:00:00 GMT", "ETag": "\"v1\""]
        _ = try await sync(store, [Self.url: [Self.answer(Self.named(1, 2, 3), headers: dated)]], refresh: false)
        let changes = Self.url + "?updated_after=2023-11-22T09%3A59%3A00Z"
        let (client, progress) = try await sync(store, [changes: [Self.answer([(2, "P2 new")] + Self.named(9))]], refresh: true)
        #expect(client.urls == [changes])
        #expect(client.requests.map { $0.headers["If-None-Match"] } == [nil], "the ETag is of another URL")
        #expect(try await names(store) == ["P1", "P2 new", "P3", "P9"], "nothing went: a list of changes doesn't name what was deleted")
        #expect(progress.last?.rewritten == true && progress.last?.finished == true)
        // The next refresh lists what changed since this one began, by the local clock when the server sends no Date.
        let next = Self.url + "?updated_after=2023-11-14T22%3A12%3A20Z"
        let (again, _) = try await sync(store, [next: [Self.answer([])]], refresh: true)
        #expect(again.urls == [next])
    }

    @Test("since and etag in [sources.paging]: read, and refused in user words when wrong")
    func pagingKeys() throws {
        let paging = try #require(try RecordSourceFixtures.source(Self.toml("since = \"updated_after\"\netag = false")).paging)
        #expect(paging.since == "updated_after" && !paging.etag)
        let plain = try #require(try RecordSourceFixtures.source(Self.toml()).paging)
        #expect(plain.since == nil && plain.etag)
        #expect(try RecordSourceFixtures.configError(Self.toml("since = \"updated after\""))?.contains(
            "'updated after' in since of source 'crew''s paging should be a query parameter's name, like updated_after") == true)
        #expect(try RecordSourceFixtures.configError(Self.toml("etag = \"no\""))?.contains(
            "'etag' in the paging of source 'crew' should be true or false, not text") == true)
    }

    @Test("A store from before refreshes merged (schema v5) keeps every row, and its next refresh merges into them")
    func migration() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        do {
            let queue = try DatabaseQueue(path: path)
            try RoloDatabase.migrator.migrate(queue, upTo: "v5: custom_detail")
            try await queue.write { db in
                for n in 1...3 {
                    try db.execute(
                        sql: "INSERT INTO custom_record (source, id, position, json, search) VALUES (?, ?, ?, ?, ?)",
                        arguments: ["custom.crew", String(n), n - 1, #"{"id":\#(n),"name":"P\#(n)"}"#, "p\(n)"])
                }
                try db.execute(
                    sql: "INSERT INTO source_state (source, pages_stored, complete, fetched_at) VALUES (?, 1, 1, ?)",
                    arguments: ["custom.crew", Self.day0])
            }
            try queue.close()
        }
        let store = RecordStore(database: try RoloDatabase(path: path), source: try RecordSourceFixtures.source(Self.toml()))
        #expect(try await store.all().map(\.id) == ["1", "2", "3"])
        #expect(try await store.syncMarks() == RecordSyncMarks())
        _ = try await sync(store, [Self.url: [Self.answer(Self.named(3, 1))]], refresh: true)
        #expect(try await store.all().map(\.id) == ["3", "1"])
        #expect(try await store.syncMarks().generation == 1)
    }
}
