import Foundation
import GRDB
import Testing
@testable import RoloCore

/// The stored details (`custom_detail`): merged when records are read, kept across a refresh
/// that lists the record unchanged, fresh for a day, and the migration of older stores.
@Suite("Configured sources: stored details")
struct RecordDetailStoreTests {
    private static let source = DetailMergeTests.toml + "search = [\"name\", \"types\"]\n"
    private static let day0 = Date(timeIntervalSince1970: 1_700_000_000)

    private func listed(_ numbers: [Int], suffix: String = "") -> RecordPage {
        let records = numbers.map { number in
            JSONRecord(id: "p\(number)", value: .object([
                JSONMember("name", .string("p\(number)")), JSONMember("url", .string("https://pokeapi.example/\(number)/\(suffix)")),
            ]))
        }
        return RecordPage(records: records, skipped: [], next: nil, total: nil)
    }

    private func detail(_ number: Int) -> JSONValue {
        .object([JSONMember("height", .number(String(number * 10))), JSONMember("types", .array([.string("grass")]))])
    }

    @Test("A saved detail is merged when read and searched; kept by a refresh listing the record unchanged, dropped when it changed")
    func mergedAndKept() async throws {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.source))
        try await store.append(listed([1, 2, 3]), at: Self.day0)
        try await store.saveDetail(detail(1), id: "p1", at: Self.day0)
        try await store.saveDetail(detail(2), id: "p2", at: Self.day0)
        try await store.saveDetail(detail(9), id: "p9", at: Self.day0)
        let records = try await store.all()
        #expect(records.map { $0.value["height"] } == [.number("10"), .number("20"), nil])
        #expect(records[0].value["url"] == .string("https://pokeapi.example/1/"))
        #expect(try await store.positions(matching: "grass") == [0, 1])
        #expect(try await store.freshDetailIDs(now: Self.day0) == ["p1", "p2"])
        // A refresh: p1 listed as before, p2 changed, p3 as before with no detail.
        try await store.append(RecordPage(
            records: listed([1]).records + listed([2], suffix: "v2").records + listed([3]).records, skipped: [], next: nil, total: nil),
            replacing: true, at: Self.day0)
        #expect(try await store.all().map { $0.value["height"] } == [.number("10"), nil, nil])
        #expect(try await store.positions(matching: "grass") == [0])
        #expect(try await store.freshDetailIDs(now: Self.day0) == ["p1"])
        #expect(try await store.recordsNeedingDetails(now: Self.day0).map(\.id) == ["p2", "p3"])
        // As listed, without the old detail: what detail_url is made from.
        #expect(try await store.recordsNeedingDetails(now: Self.day0)[0].value["height"] == nil)
        try await store.clear()
        try await store.append(listed([1]), at: Self.day0)
        #expect(try await store.all()[0].value["height"] == nil)
    }

    @Test("A detail is fresh for a day: older, it is still merged, and fetched again when asked")
    func freshness() async throws {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.source))
        try await store.append(listed([1, 2]), at: Self.day0)
        try await store.saveDetail(detail(1), id: "p1", at: Self.day0)
        let almost = Self.day0.addingTimeInterval(RecordStore.detailLifetime - 60)
        #expect(try await store.recordsNeedingDetails(now: almost).map(\.id) == ["p2"])
        let later = Self.day0.addingTimeInterval(RecordStore.detailLifetime + 60)
        #expect(try await store.recordsNeedingDetails(now: later).map(\.id) == ["p1", "p2"])
        #expect(try await store.freshDetailIDs(now: later).isEmpty)
        #expect(try await store.all()[0].value["height"] == .number("10"))
    }

    @Test("A store from before details (schema v4) opens with its records, and takes details")
    func migration() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        do {
            let queue = try DatabaseQueue(path: path)
            try RoloDatabase.migrator.migrate(queue, upTo: "v4: custom_record")
            try await queue.write { db in
                try db.execute(
                    sql: "INSERT INTO custom_record (source, id, position, json, search) VALUES (?, ?, ?, ?, ?)",
                    arguments: ["custom.pokemon", "p1", 0, #"{"name":"p1","url":"https://pokeapi.example/1/"}"#, "p1"])
                try db.execute(
                    sql: "INSERT INTO source_state (source, pages_stored, complete, fetched_at) VALUES (?, 1, 1, ?)",
                    arguments: ["custom.pokemon", Self.day0])
            }
            try queue.close()
        }
        let store = RecordStore(database: try RoloDatabase(path: path), source: try RecordSourceFixtures.source(Self.source))
        #expect(try await store.all().map(\.id) == ["p1"])
        #expect(try await store.state()?.complete == true)
        try await store.saveDetail(detail(1), id: "p1", at: Self.day0)
        #expect(try await store.all()[0].value["height"] == .number("10"))
    }
}
