import Foundation
import Testing
@testable import RoloCore

@Suite("Actions and the stored list: a record looked up, replaced by the answer, removed")
struct ActionStoreTests {
    private static let toml = """
        [[sources]]
        name = "crew"
        url = "https://api.example/crew"
        label = "{name}"
        """

    private func stored(_ ids: [Int]) async throws -> RecordStore {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.toml))
        let records = ids.map { id in
            JSONRecord(id: String(id), value: .object([JSONMember("id", .number(String(id))), JSONMember("name", .string("Person \(id)"))]))
        }
        try await store.append(RecordPage(records: records, skipped: [], next: nil, total: nil))
        return store
    }

    @Test("replace keeps the record's place and its search text follows the new value")
    func replace() async throws {
        let store = try await stored([1, 2, 3])
        let changed = JSONValue.object([JSONMember("id", .number("2")), JSONMember("name", .string("Grace Hopper"))])
        #expect(try await store.replace(id: "2", with: changed))
        #expect(try await !store.replace(id: "9", with: changed))
        #expect(try await store.record(id: "2")?.value == changed)
        #expect(try await store.all().map(\.id) == ["1", "2", "3"])
        #expect(try await store.positions(matching: "hopper") == [1])
        #expect(try await store.positions(matching: "person 2").isEmpty)
        #expect(try await store.record(id: "9") == nil)
    }

    @Test("remove closes the gap, so the list still counts and reads in order")
    func remove() async throws {
        let store = try await stored(Array(1...6))
        #expect(try await store.remove(id: "2"))
        #expect(try await !store.remove(id: "2"))
        #expect(try await store.count() == 5)
        #expect(try await store.all().map(\.id) == ["1", "3", "4", "5", "6"])
        #expect(try await store.records(1..<3).map(\.id) == ["3", "4"])
        #expect(try await store.remove(id: "6"))
        #expect(try await store.remove(id: "1"))
        #expect(try await store.all().map(\.id) == ["3", "4", "5"])
        #expect(try await store.positions(matching: "person 5") == [2])
    }

    @Test("The finder: the store first; else detail_url when it needs only the id; else the list, page by page")
    func finder() async throws {
        let source = try RecordSourceFixtures.source(Self.toml + "\ndetail_url = \"https://api.example/crew/{id}\"\n")
        let stored = try await stored([1, 2])
        let store = RecordStore(database: stored.database, source: source)
        let none = FakeHTTPClient(inTurn: [])
        let quiet = RecordPager(source: source, endpoint: try source.endpoint(environment: [:]), client: none)
        let found = try await RecordFinder(pager: quiet, store: store).find("2")
        #expect(found?.origin == .store && found?.record.value["name"] == .string("Person 2") && none.requests.isEmpty)
        let client = FakeHTTPClient(inTurn: [
            .respond(200, #"{"id":3,"name":"Grace","bio":"in full"}"#), .respond(404, "{}"), .respond(200, #"[{"id":4,"name":"Linus"}]"#),
        ])
        let pager = RecordPager(source: source, endpoint: try source.endpoint(environment: [:]), client: client)
        let detail = try await RecordFinder(pager: pager, store: store).find("3")
        #expect(detail?.origin == .detail && detail?.record.value["bio"] == .string("in full"))
        let listed = try await RecordFinder(pager: pager, store: store).find("4")
        #expect(listed?.origin == .list && listed?.record.value["name"] == .string("Linus"))
        #expect(client.requests.map(\.url.absoluteString) == [
            "https://api.example/crew/3", "https://api.example/crew/4", "https://api.example/crew",
        ])
    }
}
