import Foundation
import GRDB
import Testing

@testable import RoloCore

/// Pipedrive's organisation and owner names as its lookups `org` and `owner`: declared in the
/// TOML rolo ships, kept in `custom_lookup` beside the persons (under `custom.pipedrive`), and
/// carried over from the `pipedrive_name` table of a store made before.
@Suite("Pipedrive's names are its lookups")
struct PipedriveLookupsTests {
    static let company = URL(string: "https://acme.pipedrive.com")!
    static let token = "secret-token-123456"
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// The account as the configured source rolo ships, with its lookups.
    static func source() throws -> RecordSource {
        try PipedriveDefinition.source(companyURL: company.absoluteString)
    }

    /// The lookups' store beside the persons, where the account keeps the names.
    static func lookupStore(_ database: RoloDatabase) throws -> LookupStore {
        LookupStore(beside: RecordStore(database: database, source: try source()))
    }

    @Test("the shipped TOML declares org on org_id (v2 organisations, by cursor, 500 a page) and owner on owner_id (v1 users, at once)")
    func declared() throws {
        let lookups = try Self.source().lookups
        #expect(lookups.map(\.name) == ["org", "owner"])
        #expect(lookups.map(\.field) == [JSONPath("org_id"), JSONPath("owner_id")])
        #expect(lookups.map(\.url) == ["https://acme.pipedrive.com/api/v2/organizations", "https://acme.pipedrive.com/v1/users"])
        #expect(lookups.map(\.records) == [JSONPath("data"), JSONPath("data")])
        #expect(lookups.first?.paging?.style == .cursor)
        #expect(lookups.first?.paging?.size == 500)
        #expect(lookups.last?.paging == nil)
        #expect(PipedriveNames.lookups == lookups.map(\.name))
    }

    @Test("LookupSync fetches them with Pipedrive's requests and the token header, and stores them by id")
    func fetchedByLookupSync() async throws {
        let organizations = #"{"success":true,"data":[{"id":3,"name":"Acme Ltd"},{"id":4,"name":"Globex"}],"additional_data":{"next_cursor":null}}"#
        let users = #"{"success":true,"data":[{"id":7,"name":"Olive Owner"}]}"#
        let http = FakeHTTPClient([
            "/api/v2/organizations": .respond(200, Data(organizations.utf8)), "/v1/users": .respond(200, Data(users.utf8)),
        ])
        let database = try RoloDatabase.inMemory()
        let sync = try LookupSync(
            source: try Self.source(), store: try Self.lookupStore(database), client: http,
            environment: ["PIPEDRIVE_API_TOKEN": Self.token], sleep: { _ in })
        let failures = await sync.run()
        #expect(failures.isEmpty)
        let requests = http.requests
        #expect(requests.map(\.url.path) == ["/api/v2/organizations", "/v1/users"])
        #expect(requests.first.flatMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems } == [URLQueryItem(name: "limit", value: "500")])
        #expect(requests.last?.url.query == nil)
        #expect(requests.allSatisfy { $0.headers["x-api-token"] == Self.token })
        let names = PipedriveNames(stored: try await Self.lookupStore(database).values())
        #expect(names == PipedriveNames(organizations: [3: "Acme Ltd", 4: "Globex"], users: [7: "Olive Owner"]))
    }

    @Test("LookupValues resolves {org.name} and {owner.name} from the stored names; v1's id in an object's value; a missing id is the raw id")
    func resolvedThroughLookupValues() async throws {
        let database = try RoloDatabase.inMemory()
        let lookups = try Self.lookupStore(database)
        try await lookups.replace("org", with: PipedriveHTTP.nameRecords([2: "Globex"]))
        try await lookups.replace("owner", with: PipedriveHTTP.nameRecords([1: "Olive Owner"]))
        let values = try await lookups.values()
        let template = try RecordTemplate("{org.name} / {owner.name}")
        let v2 = try JSONValue.parse(Data(#"{"id":5,"name":"Ada","org_id":2,"owner_id":1}"#.utf8))
        #expect(template.render(v2, lookups: values) == "Globex / Olive Owner")
        let missing = try JSONValue.parse(Data(#"{"id":6,"name":"Bo","org_id":9,"owner_id":1}"#.utf8))
        #expect(template.render(missing, lookups: values) == "9 / Olive Owner")
        let v1 = try JSONValue.parse(Data(#"{"id":7,"org_id":{"value":2,"name":"Globex Europe"},"owner_id":{"value":1}}"#.utf8))
        #expect(template.render(v1, lookups: values) == "Globex / Olive Owner")
    }

    @Test("v9 carries a store's pipedrive_name rows into custom_lookup, v11 beside the persons: names and search offline, no fetch")
    func migration() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/rolo.sqlite"
        let persons = (1...4).map {
            PipedrivePerson(id: String($0), name: "Person \($0)", organizationID: $0 % 2 + 1, ownerID: $0 == 4 ? 7 : 1)
        }
        let names = PipedriveNames(organizations: [1: "Acme", 2: "Globex Ühing"], users: [1: "Olive Owner"])
        try Self.writeStoreWithNames(at: path, persons: persons, names: names)

        let database = try RoloDatabase(path: path)
        let kept = try await database.read { db in try db.tableExists("pipedrive_name") }
        #expect(!kept)
        let account = try PipedriveAccount(storedIn: database)
        let values = try await account.lookups.values()
        #expect(PipedriveNames(stored: values) == names)
        let shown = try await account.store.all().compactMap { PipedriveAccount.person($0, lookups: values) }
        #expect(shown.map(\.organizationName) == ["Globex Ühing", "Acme", "Globex Ühing", "Acme"])
        #expect(shown.map(\.ownerName) == ["Olive Owner", "Olive Owner", "Olive Owner", nil])
        #expect(try await account.store.positions(matching: "globex uhing") == [0, 2])
        #expect(values.records["org"]?["2"]?["name"] == .string("Globex Ühing"))
        #expect(values.records["owner"]?["1"]?["id"] == .number("1"))
    }

    /// A database file as rolo wrote it with every migration up to `v8: custom_lookup`: `persons`
    /// stored whole as the v2 list, searchable by their organisation's name, and `names` in
    /// `pipedrive_name`.
    static func writeStoreWithNames(at path: String, persons: [PipedrivePerson], names: PipedriveNames) throws {
        let queue = try DatabaseQueue(path: path)
        try RoloDatabase.migrator.migrate(queue, upTo: "v8: custom_lookup")
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        try queue.write { db in
            for (kind, named) in [("organizations", names.organizations), ("users", names.users)] {
                for (id, name) in named {
                    try db.execute(sql: "INSERT INTO pipedrive_name (kind, id, name) VALUES (?, ?, ?)", arguments: [kind, id, name])
                }
            }
            for (position, person) in persons.enumerated() {
                try PersonRecord(
                    source: PipedrivePersonsCarry.source, position: position, id: person.id, payload: try encoder.encode(person),
                    name: person.displayName, search: person.resolved(with: names.lookupValues).searchKey, updatedAt: start
                ).insert(db)
            }
            try SourceStateRecord(SourceState(
                source: PipedrivePersonsCarry.source, seed: nil, pagesStored: 1, total: persons.count, complete: true,
                fetchedAt: start)).insert(db)
        }
        try queue.close()
    }

}
