import Foundation
import Testing
@testable import RoloCore

/// A search through lookups: `search = ["name", "dept.name"]` finds a record by the name of the
/// record its field names; the names are fetched before the records, through the same pacer; a
/// renamed one is found by its new name.
@Suite("Configured sources: searching through lookups")
struct LookupSearchTests {
    private static let toml = """
        [[sources]]
        name = "staff"
        url = "https://api.example.com/people"
        records = "items"
        search = ["name", "emails.*.address", "dept.name"]

        [[sources.lookups]]
        name = "dept"
        field = "dept_id"
        url = "https://api.example.com/departments"
        records = "items"
        """

    private static func person(_ id: Int, _ name: String, dept: String, emails: [String] = []) -> String {
        let addresses = emails.map { #"{"address": "\#($0)"}"# }.joined(separator: ", ")
        return #"{"id": \#(id), "name": "\#(name)", "dept_id": \#(dept), "emails": [\#(addresses)]}"#
    }

    private static let people = #"{"items": ["#
        + [person(1, "Ada", dept: "1", emails: ["ada@work.test", "ada@home.test"]), person(2, "Bo", dept: #"{"value": 2}"#),
           person(3, "Cy", dept: "7")].joined(separator: ", ") + "]}"

    private static func departments(_ names: [Int: String]) -> String {
        #"{"items": ["# + names.keys.sorted().map { #"{"id": \#($0), "name": "\#(names[$0]!)"}"# }.joined(separator: ", ") + "]}"
    }

    private static func record(_ id: Int, _ name: String) -> JSONRecord {
        JSONRecord(id: String(id), value: .object([JSONMember("id", .number(String(id))), JSONMember("name", .string(name))]))
    }

    @Test("`*` steps into every item of a list: every email is searched, and a template shows them all")
    func everyItem() throws {
        let value = try JSONValue.parse(Data(Self.person(1, "Ada", dept: "1", emails: ["a@x.test", "b@y.test"]).utf8))
        #expect(value.value(at: JSONPath("emails.*.address")) == .array([.string("a@x.test"), .string("b@y.test")]))
        #expect(value.value(at: JSONPath("emails.*.address"))?.text == "a@x.test, b@y.test")
        #expect(value.value(at: JSONPath("emails.*.missing")) == nil, "no item holds the rest of the path")
        #expect(value.value(at: JSONPath("emails.1.address")) == .string("b@y.test"), "an index still picks one")
    }

    @Test("A record is found by its looked-up name and every email; a name that came or changed is folded in again")
    func foundThroughLookup() async throws {
        let source = try RecordSourceFixtures.source(Self.toml)
        let database = try RoloDatabase.inMemory()
        let store = RecordStore(database: database, source: source)
        let lookups = LookupStore(beside: store)
        try await lookups.replace("dept", with: [Self.record(1, "Sales"), Self.record(2, "Design")])
        guard case .array(let items)? = try JSONValue.parse(Data(Self.people.utf8))["items"] else { Issue.record("no items"); return }
        let records = items.map { JSONRecord(id: $0["id"]?.text ?? "", value: $0) }
        try await store.append(RecordPage(records: records, next: nil))
        #expect(try await store.positions(matching: "sales") == [0])
        #expect(try await store.positions(matching: "design") == [1], "an id inside an object ({\"value\": 2}) is looked up too")
        #expect(try await store.positions(matching: "home.test") == [0], "every email, not only the first")
        #expect(try await store.positions(matching: "7") == [], "an id the lookup doesn't hold isn't searched as text")

        let mark = try await database.read { db in try RecordStore.searchMark(db, store.key) }
        let refolded = try await lookups.replace("dept", with: [Self.record(1, "Marketing"), Self.record(2, "Design"), Self.record(7, "Legal")])
        #expect(refolded == 2, "Ada's department was renamed and Cy's came; Bo's is as it was")
        #expect(try await store.positions(matching: "sales") == [])
        #expect(try await store.positions(matching: "marketing") == [0])
        #expect(try await store.positions(matching: "legal") == [2])
        let newMark = try await database.read { db in try RecordStore.searchMark(db, store.key) }
        #expect(newMark != mark, "the search index kept in a file is no longer the list's")
        #expect(try await lookups.replace("dept", with: [Self.record(1, "Marketing"), Self.record(2, "Design"), Self.record(7, "Legal")]) == 0,
                "the same names again fold nothing")
    }

    @Test("The sync fetches the lookups first, through the list's pacer: a 429 on them makes the list wait, and its first page is searchable by name")
    func lookupsFirst() async throws {
        let source = try RecordSourceFixtures.source(Self.toml)
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: source)
        let http = FakeHTTPClient()
        http.on(.path("/departments"), .respond(429, "slow down", headers: ["Retry-After": "3"]), .json(Self.departments([1: "Sales", 2: "Design"])))
        http.on(.path("/people"), .json(Self.people))
        let waits = WaitLog()
        let lookups = try LookupSync(
            source: source, store: LookupStore(beside: store), client: http, environment: [:], sleep: { waits.append($0) })
        let progress = Log<RecordSync.Progress>()
        try await RecordSync(pager: try RecordSourceFixtures.pager(source, http, waits: waits), store: store, lookups: lookups)
            .run(refresh: false) { progress.append($0) }
        #expect(http.requests.map(\.url.path) == ["/departments", "/departments", "/people"])
        #expect(waits.values == [3])
        #expect(http.mostInFlight == 1)
        let reports = progress.values
        #expect(reports.first?.fetchingLookups == true)
        #expect(reports.contains { $0.fetchingLookups && $0.waiting == 3 }, "the wait is the lookups' and says so")
        #expect(reports.firstIndex { $0.lookupsStored } ?? .max < reports.firstIndex { $0.stored > 0 } ?? -1, "names before rows")
        #expect(try await store.positions(matching: "sales") == [0])
        #expect(try await store.count() == 3)
    }

    @Test("A lookup refused on its own is reported and the list is stored; one that can't be reached stops the sync")
    func lookupFailures() async throws {
        let source = try RecordSourceFixtures.source(Self.toml)
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: source)
        let http = FakeHTTPClient()
        http.on(.path("/departments"), .respond(403, "no"))
        http.on(.path("/people"), .json(Self.people))
        let lookups = try LookupSync(source: source, store: LookupStore(beside: store), client: http, environment: [:], sleep: { _ in })
        let progress = Log<RecordSync.Progress>()
        try await RecordSync(pager: try RecordSourceFixtures.pager(source, http), store: store, lookups: lookups)
            .run(refresh: false) { progress.append($0) }
        #expect(progress.values.flatMap(\.lookupFailures).map(\.lookup) == ["dept"])
        #expect(try await store.count() == 3)

        let offline = FakeHTTPClient()
        offline.on(.path("/departments"), .fail(FetchError(kind: .unreachable, endpoint: "api.example.com", message: "Can't reach api.example.com", detail: "refused")))
        let other = RecordStore(database: try RoloDatabase.inMemory(), source: source)
        let stopped = try LookupSync(source: source, store: LookupStore(beside: other), client: offline, environment: [:], sleep: { _ in })
        await #expect(throws: FetchError.self) {
            try await RecordSync(pager: try RecordSourceFixtures.pager(source, offline), store: other, lookups: stopped).run(refresh: false)
        }
        #expect(offline.requests.map(\.url.path) == ["/departments"], "the list isn't asked for after the server couldn't be reached")
    }
}
