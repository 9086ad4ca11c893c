import Foundation
import RoloCore
import Testing

/// The lists behind Pipedrive's lookups (``PipedriveLookups``), paged by the engine's pager as
/// the lookups' sync pages them.
@Suite("Pipedrive's organisations are paged by cursor (v2) and its users come at once (v1)")
struct PipedriveNameListsTests {
    private let base = URL(string: "https://acme.pipedrive.com")!
    private let token = "secret-token-123456"

    private func pages(_ lookup: String, _ answers: [String: FakeHTTPClient.Answer]) throws -> (PipedrivePages, FakeHTTPClient) {
        let http = FakeHTTPClient(answers)
        return (try PipedrivePages(baseURL: base, token: token, api: .v2, http: http, lookup: lookup, timeout: 9), http)
    }

    @Test("organisations: GET /api/v2/organizations?limit= with the token header, then the cursor; names cleaned, nameless entries left out")
    func organizations() async throws {
        let (pipedrive, http) = try pages(
            PipedriveLookups.organizations, ["/api/v2/organizations": .respond(200, try Fixture.data("pipedrive/v2-organizations.json"))])
        let first = try await pipedrive.page()
        _ = try await pipedrive.page(at: first.page.next)
        #expect(first.names == [3: "Acme Ltd", 4: "Umbrella OÜ red"])
        #expect(first.page.next?.cursor == "eyJpZCI6Nn0+")
        let requests = http.requests
        #expect(requests[0].url.absoluteString == "https://acme.pipedrive.com/api/v2/organizations?limit=500")
        #expect(requests[0].headers["x-api-token"] == token)
        #expect(requests[0].timeout == 9)
        #expect(PipedriveDefinitionPagingTests.parameters(requests[1].url) == ["limit=500", "cursor=eyJpZCI6Nn0%2B"])
        #expect(!requests.contains { $0.url.absoluteString.contains(token) })
    }

    @Test("users: GET /v1/users with the token header only; every user, deactivated ones too, and no next page")
    func users() async throws {
        let (pipedrive, http) = try pages(PipedriveLookups.owners, ["/v1/users": .respond(
            200, try Fixture.data("pipedrive/v1-users.json"), headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "2"])])
        let page = try await pipedrive.page()
        #expect(page.names == [7: "Olive Owner", 8: "Former Seller"])
        #expect(page.page.next == nil)
        #expect(page.rateLimit == RateLimit(remaining: 0, resetSeconds: 2))
        #expect(http.requests[0].url.absoluteString == "https://acme.pipedrive.com/v1/users")
        #expect(http.requests[0].headers["x-api-token"] == token)
    }

    @Test("a refusal, a 401 and a 429 are the same errors as for persons, and never show the token")
    func failures() async throws {
        let echo = Data(#"{"success":false,"error":"bad token \#(token)"}"#.utf8)
        for (lookup, path) in [(PipedriveLookups.owners, "/v1/users"), (PipedriveLookups.organizations, "/api/v2/organizations")] {
            for (status, expected) in [(200, FetchError.Kind.badResponse), (401, .httpStatus(401)), (429, .httpStatus(429)), (403, .httpStatus(403))] {
                let (pipedrive, _) = try pages(lookup, [path: .respond(status, echo, headers: ["x-ratelimit-reset": "3"])])
                let error = await #expect(throws: FetchError.self) { _ = try await pipedrive.page() }
                #expect(error?.kind == expected)
                #expect(error?.message.contains(token) == false)
                #expect(error?.detail.contains(token) == false)
                if status == 429 { #expect(error?.retryAfter == 3) }
                if status == 200 || status == 403 { #expect(error?.message.hasPrefix("Pipedrive says: bad token") == true) }
            }
            let (broken, _) = try pages(lookup, [path: .respond(200, Data(#"{"success":true,"data":{"id":1}}"#.utf8))])
            let unreadable = await #expect(throws: FetchError.self) { _ = try await broken.page() }
            #expect(unreadable?.kind == .badResponse)
            #expect(unreadable?.message.contains("'data'") == true)
        }
    }
}
