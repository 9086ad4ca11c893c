import Foundation
import Testing

@testable import RoloCore

/// The account as the configured source rolo ships, paged by the engine's pager: the same
/// requests PipedriveClient sends, and the same persons read from the JSON it stores.
@Suite("The shipped Pipedrive definition pages as PipedriveClient does, v1 by offset and v2 by cursor")
struct PipedriveDefinitionPagingTests {
    static let token = PipedriveLookupsTests.token
    static let company = PipedriveLookupsTests.company

    /// The persons list's path and its two pages' fixtures.
    static func served(_ api: PipedriveAPIVersion) throws -> (path: String, answers: [FakeHTTPClient.Answer]) {
        let (path, pages) = api == .v2
            ? ("/api/v2/persons", ["pipedrive/v2-page.json", "pipedrive/v2-last.json"])
            : ("/v1/persons", ["pipedrive/v1-page.json", "pipedrive/v1-last.json"])
        return (path, try pages.map { FakeHTTPClient.Answer.respond(200, try Fixture.data($0)) })
    }

    /// A query's parameters, in any order.
    static func parameters(_ url: URL) -> Set<String> {
        Set((url.query ?? "").split(separator: "&").map(String.init))
    }

    @Test("both pages asked for with the client's path, parameters and token; the stored JSON reads as the client's persons",
          arguments: PipedriveAPIVersion.allCases)
    func sameAsClient(api: PipedriveAPIVersion) async throws {
        let (path, answers) = try Self.served(api)
        let source = try PipedriveActions.source(companyURL: Self.company.absoluteString, api: api)
        let engineHTTP = FakeHTTPClient()
        engineHTTP.on(.path(path), answers: answers)
        let pager = CustomSourcePager(
            source: source, endpoint: try source.endpoint(environment: ["PIPEDRIVE_API_TOKEN": Self.token]),
            client: engineHTTP, sleep: { _ in }, refusal: PipedriveClient.refusal)
        var records: [CustomRecord] = []
        try await pager.run(from: .start(source.paging), page: { records += $0.records })

        let clientHTTP = FakeHTTPClient()
        clientHTTP.on(.path(path), answers: answers)
        let client = PipedriveClient(baseURL: Self.company, token: Self.token, api: api, http: clientHTTP, timeout: 30)
        let (first, _) = try await client.page(after: nil, limit: 500)
        let (last, _) = try await client.page(after: first.next, limit: 500)
        #expect(last.next == nil)

        let persons = first.persons + last.persons
        #expect(!persons.isEmpty)
        #expect(records.map(\.id) == persons.map(\.id))
        #expect(try records.map { try PipedrivePerson(json: $0.value) } == persons)
        let sent = engineHTTP.requests, expected = clientHTTP.requests
        #expect(sent.count == 2 && expected.count == 2)
        for (engine, client) in zip(sent, expected) {
            #expect(engine.url.path == client.url.path)
            #expect(Self.parameters(engine.url) == Self.parameters(client.url))
            #expect(engine.headers["x-api-token"] == Self.token)
            #expect(!engine.url.absoluteString.contains(Self.token))
        }
    }

    @Test("v2's note action still posts to v1's notes, which v2 has no successor for", arguments: PipedriveAPIVersion.allCases)
    func notes(api: PipedriveAPIVersion) throws {
        let source = try PipedriveActions.source(companyURL: Self.company.absoluteString, api: api)
        #expect(source.actions.map(\.name) == ["note"])
        let note = try #require(source.actions.first)
        guard case .http(let http) = note.effect else {
            Issue.record("the note is an HTTP action")
            return
        }
        let values = ActionValues(record: .object([JSONMember("id", .number("7"))]), inputs: ["content": "hi"])
        let url = try values.url(http.url, relativeTo: URL(string: source.url)).get()
        #expect(url.absoluteString == "https://acme.pipedrive.com/v1/notes")
        #expect(source.lookups == (try PipedriveLookupsTests.source()).lookups)
    }
}
