import Foundation
import Testing

@testable import RoloCore

/// The account as the configured source rolo ships, paged by the engine's pager: Pipedrive's
/// requests, and its persons read from the JSON it stores.
@Suite("The shipped Pipedrive definition pages v1 by offset and v2 by cursor")
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

    @Test("both pages asked for with Pipedrive's path, parameters and token header; the stored JSON reads as the persons sent",
          arguments: PipedriveAPIVersion.allCases)
    func bothPages(api: PipedriveAPIVersion) async throws {
        let (path, answers) = try Self.served(api)
        let http = FakeHTTPClient()
        http.on(.path(path), answers: answers)
        let pages = try PipedrivePages(baseURL: Self.company, token: Self.token, api: api, http: http)
        let records = try await pages.all()

        #expect(records.map(\.id) == (api == .v2 ? ["1", "2", "3"] : ["10", "11"]))
        #expect(try records.map { try PipedrivePerson(json: $0.value).id } == records.map(\.id))
        let sent = http.requests
        #expect(sent.count == 2)
        #expect(sent.allSatisfy { $0.url.path == path })
        let expected: [Set<String>] = api == .v2
            ? [["limit=500", "include_fields=open_deals_count"], ["limit=500", "include_fields=open_deals_count", "cursor=eyJpZCI6M30%2B"]]
            : [["start=0", "limit=500"], ["start=2", "limit=500"]]
        #expect(sent.map { Self.parameters($0.url) } == expected)
        #expect(sent.allSatisfy { $0.headers["x-api-token"] == Self.token })
        #expect(!sent.contains { $0.url.absoluteString.contains(Self.token) })
    }

    @Test("v2's note action still posts to v1's notes, which v2 has no successor for", arguments: PipedriveAPIVersion.allCases)
    func notes(api: PipedriveAPIVersion) throws {
        let source = try PipedriveDefinition.source(companyURL: Self.company.absoluteString, api: api)
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
