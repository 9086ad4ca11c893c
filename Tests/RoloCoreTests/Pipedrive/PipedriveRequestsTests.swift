import Foundation
import RoloCore
import Testing

/// The requests the engine's pager sends for the shipped definition, and the errors it makes of
/// Pipedrive's answers (``PipedriveAccount/refusal(_:)``).
@Suite("Pipedrive's persons are paged through v1 and v2, and the token stays out of every error")
struct PipedriveRequestsTests {
    private let base = URL(string: "https://acme.pipedrive.com")!
    private let token = "secret-token-123456"

    private func pages(
        _ api: PipedriveAPIVersion, _ answers: [String: FakeHTTPClient.Answer], pageSize: Int = 50
    ) throws -> (PipedrivePages, FakeHTTPClient) {
        let http = FakeHTTPClient(answers)
        return (try PipedrivePages(baseURL: base, token: token, api: api, http: http, pageSize: pageSize, timeout: 9), http)
    }

    private func v2(_ answer: FakeHTTPClient.Answer) throws -> (PipedrivePages, FakeHTTPClient) {
        try pages(.v2, ["/api/v2/persons": answer])
    }

    @Test("v2 GETs /api/v2/persons?limit=&include_fields=open_deals_count with the token header only, then follows the cursor")
    func v2Paths() async throws {
        let (pipedrive, http) = try v2(.respond(200, try Fixture.data("pipedrive/v2-page.json")))
        let first = try await pipedrive.page()
        _ = try await pipedrive.page(at: first.page.next)
        let requests = http.requests
        #expect(requests[0].url.path == "/api/v2/persons")
        #expect(PipedriveDefinitionPagingTests.parameters(requests[0].url) == ["limit=50", "include_fields=open_deals_count"])
        #expect(requests[0].headers["x-api-token"] == token)
        #expect(requests[0].timeout == 9)
        #expect(PipedriveDefinitionPagingTests.parameters(requests[1].url) == ["limit=50", "include_fields=open_deals_count", "cursor=eyJpZCI6M30%2B"])
        #expect(!requests.contains { $0.url.absoluteString.contains(token) })
    }

    @Test("v1 GETs /v1/persons?start=&limit= with the token header only, then next_start")
    func v1Paths() async throws {
        let (pipedrive, http) = try pages(.v1, ["/v1/persons": .respond(200, try Fixture.data("pipedrive/v1-page.json"))], pageSize: 2)
        let first = try await pipedrive.page()
        _ = try await pipedrive.page(at: first.page.next)
        let requests = http.requests
        #expect(requests[0].url.path == "/v1/persons")
        #expect(PipedriveDefinitionPagingTests.parameters(requests[0].url) == ["start=0", "limit=2"])
        #expect(requests.allSatisfy { $0.headers["x-api-token"] == token })
        #expect(PipedriveDefinitionPagingTests.parameters(requests[1].url) == ["start=2", "limit=2"])
        #expect(!requests.contains { $0.url.absoluteString.contains(token) })
    }

    @Test("The end of data has no next page in either version")
    func end() async throws {
        let (v2, _) = try v2(.respond(200, try Fixture.data("pipedrive/v2-last.json")))
        #expect(try await v2.page().page.next == nil)
        let (v1, _) = try pages(.v1, ["/v1/persons": .respond(200, try Fixture.data("pipedrive/v1-last.json"))], pageSize: 2)
        #expect(try await v1.page().page.next == nil)
    }

    @Test("x-ratelimit-* headers are read on every response")
    func rateLimitHeaders() async throws {
        let (pipedrive, _) = try v2(.respond(
            200, try Fixture.data("pipedrive/v2-last.json"),
            headers: ["X-RateLimit-Remaining": "37", "X-RateLimit-Reset": "2"]))
        #expect(try await pipedrive.page().rateLimit == RateLimit(remaining: 37, resetSeconds: 2))
    }

    @Test("401 asks for a new token")
    func unauthorized() async throws {
        let (pipedrive, _) = try v2(.respond(401, try Fixture.data("pipedrive/unauthorized.json")))
        let error = await #expect(throws: FetchError.self) { _ = try await pipedrive.page() }
        #expect(error?.kind == .httpStatus(401))
        #expect(error?.message == "Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN")
        #expect(error?.endpoint == "acme.pipedrive.com")
    }

    @Test("429 carries the reset delay from x-ratelimit-reset, in words and as a value, and is sent once")
    func rateLimited() async throws {
        let (pipedrive, http) = try v2(.respond(
            429, Data(#"{"success":false,"error":"Rate limit exceeded"}"#.utf8),
            headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1.5"]))
        let error = await #expect(throws: FetchError.self) { _ = try await pipedrive.page() }
        #expect(error?.kind == .httpStatus(429))
        #expect(error?.message == "Pipedrive is rate-limiting rolo — wait 2 s, then r")
        #expect(error?.detail.contains("reset in 1.5 s") == true)
        #expect(error?.retryAfter == 1.5, "a pager backs off by this, not by parsing text")
        #expect(http.requests.count == 1)
    }

    @Test("{success: false} is the API's words, with a 200 or an error status")
    func refusal() async throws {
        let body = try Fixture.data("pipedrive/refusal.json")
        let (ok, _) = try v2(.respond(200, body))
        let inBody = await #expect(throws: FetchError.self) { _ = try await ok.page() }
        #expect(inBody?.kind == .badResponse)
        #expect(inBody?.message == "Pipedrive says: Scope and URL mismatch — r to retry")
        #expect(inBody?.endpoint == "acme.pipedrive.com")
        let (forbidden, _) = try v2(.respond(403, body))
        let withStatus = await #expect(throws: FetchError.self) { _ = try await forbidden.page() }
        #expect(withStatus?.kind == .httpStatus(403))
    }

    @Test("The token appears in no error's message or detail, even when a server echoes it")
    func tokenNeverShown() async throws {
        let echo = Data(#"{"success":false,"error":"bad token \#(token)"}"#.utf8)
        let echoing = try #require(URL(string: "https://acme.pipedrive.com/v1/persons?api_token=\(token)"))
        let answers: [FakeHTTPClient.Answer] = [
            .respond(401, echo), .respond(429, echo), .respond(200, echo), .respond(500, echo),
            .respond(502, Data("<html>\(token)</html>".utf8)), .respond(200, Data("not json \(token)".utf8)),
            .fail(.unreachable(echoing, detail: "refused")),
        ]
        for api in PipedriveAPIVersion.allCases {
            for answer in answers {
                let path = api == .v2 ? "/api/v2/persons" : "/v1/persons"
                let (pipedrive, _) = try pages(api, [path: answer])
                let error = await #expect(throws: FetchError.self) { _ = try await pipedrive.page() }
                #expect(error?.message.contains(token) == false)
                #expect(error?.detail.contains(token) == false)
            }
        }
    }
}
