import Foundation
import Testing
@testable import RoloCore

/// Each refresh keeps what it changed, record by record, for `rolo changes`: new, changed (each
/// field old → new) and removed; a first listing and a record whose keys only moved are no change.
@Suite("Change history: what each refresh changed, field by field, kept 30 days")
struct RecordChangesTests {
    private static let url = "https://api.example/crew"
    private static let day0 = Date(timeIntervalSince1970: 1_796_000_000)

    private static let toml = """
        [[sources]]
        name = "crew"
        url = "\(url)"
        records = "items"
        label = "{name}"
        [sources.paging]
        style = "cursor"
        next = "next"
        """

    private func sync(_ store: RecordStore, _ items: String, refresh: Bool, at date: Date) async throws {
        let client = ScriptedHTTPClient([Self.url: [.json(#"{"items": [\#(items)], "next": null}"#)]])
        let pager = try RecordSourceFixtures.pager(store.source, client)
        try await RecordSync(pager: pager, store: store, now: { date }).run(refresh: refresh)
    }

    private func store() throws -> RecordStore {
        RecordStore(database: try RoloDatabase.inMemory(), source: try RecordSourceFixtures.source(Self.toml))
    }

    @Test("A first listing is no change; a refresh keeps the new, the changed with their fields, and the removed")
    func newChangedRemoved() async throws {
        let store = try store()
        try await sync(store, #"{"id": 1, "name": "Ada", "office": {"city": "Tallinn"}, "tags": ["a"]}, {"id": 2, "name": "Bo"}, {"id": 3, "name": "Cy"}"#,
                       refresh: false, at: Self.day0)
        #expect(try await store.changes(since: nil).isEmpty, "a first listing into an empty store changes nothing")
        let later = Self.day0.addingTimeInterval(3_600)
        // 1: its city changed, a tag added, a field gone; 2: the same values, its keys in another order; 3 gone; 4 new.
        try await sync(store, #"{"name": "Ada", "id": 1, "office": {"city": "Tartu"}, "tags": ["a", "b"], "title": null}, {"name": "Bo", "id": 2}, {"id": 4, "name": "Di"}"#,
                       refresh: true, at: later)
        let changes = try await store.changes(since: nil)
        #expect(changes.map(\.kind) == [.changed, .new, .removed])
        #expect(changes.map(\.id) == ["1", "4", "3"])
        #expect(changes.map(\.label) == ["Ada", "Di", "Cy"], "a removed record keeps its last label")
        #expect(changes.allSatisfy { $0.at == later })
        let fields = changes[0].fields.map { "\($0.field): \($0.old.jsonText) → \($0.new.jsonText)" }
        #expect(fields == [#"office.city: "Tallinn" → "Tartu""#, #"tags.1: null → "b""#])
        #expect(changes[0].jsonLine == #"{"change":"changed","id":"1","label":"Ada","fields":{"office.city":["Tallinn","Tartu"],"tags.1":[null,"b"]},"at":"2026-11-30T01:53:20Z"}"#)
        #expect(changes[0].textLine == "2026-11-30T01:53:20Z  changed  1  Ada  office.city: Tallinn → Tartu, tags.1: – → b")
        #expect(changes[1].jsonLine == #"{"change":"new","id":"4","label":"Di","fields":{},"at":"2026-11-30T01:53:20Z"}"#)
        #expect(try await store.all().map(\.id) == ["1", "2", "4"])
    }

    @Test("Changes since a time, the last look kept apart, and nothing older than 30 days")
    func sinceLookAndPruning() async throws {
        let store = try store()
        try await sync(store, #"{"id": 1, "name": "Ada"}"#, refresh: false, at: Self.day0)
        try await sync(store, #"{"id": 1, "name": "Ada L"}"#, refresh: true, at: Self.day0.addingTimeInterval(60))
        try await sync(store, #"{"id": 1, "name": "Ada Lo"}"#, refresh: true, at: Self.day0.addingTimeInterval(120))
        #expect(try await store.changes(since: Self.day0.addingTimeInterval(60)).map(\.label) == ["Ada Lo"])
        #expect(try await store.lastLook() == nil)
        try await store.looked(at: Self.day0.addingTimeInterval(90))
        #expect(try await store.lastLook() == Self.day0.addingTimeInterval(90))
        // A month on, the next refresh's change is kept and the old ones go.
        let month = Self.day0.addingTimeInterval(31 * 86_400)
        try await sync(store, #"{"id": 1, "name": "Ada Lovelace"}"#, refresh: true, at: month)
        #expect(try await store.changes(since: nil).map(\.label) == ["Ada Lovelace"])
    }

    @Test("--since reads an age or a time; anything else is nil")
    func since() {
        let now = Self.day0
        #expect(RecordChange.since("2h", now: now) == now.addingTimeInterval(-7_200))
        #expect(RecordChange.since("1w", now: now) == now.addingTimeInterval(-604_800))
        #expect(RecordChange.since("2026-12-01T00:00:00Z", now: now) == Date(timeIntervalSince1970: 1_796_083_200))
        #expect(RecordChange.since("30", now: now) == nil)
        #expect(RecordChange.since("soon", now: now) == nil)
    }

    @Test("A record rewritten whole keeps its first fifty fields")
    func mostFields() {
        let old = JSONValue.object((0..<80).map { JSONMember("f\($0)", .number("\($0)")) })
        let new = JSONValue.object((0..<80).map { JSONMember("f\($0)", .number("\($0 + 1)")) })
        let fields = RecordChange.fields(from: old, to: new)
        #expect(fields.count == 50 && fields.first?.field == "f0")
    }
}
