import Foundation
import RoloCore
import Testing

@Suite("PipedriveClient pages through v1 and v2 and keeps the token out of every error")
struct PipedriveClientTests {
    private let base = URL(string: "https://acme.pipedrive.com")!
    private let token = "secret-token-123456"

    private func client(
        _ api: PipedriveAPIVersion, _ answers: [String: FakeHTTPClient.Answer]
    ) -> (PipedriveClient, FakeHTTPClient) {
        let http = FakeHTTPClient(answers)
        return (PipedriveClient(baseURL: base, token: token, api: api, http: http, timeout: 9), http)
    }

    private func v2(_ answer: FakeHTTPClient.Answer) -> (PipedriveClient, FakeHTTPClient) {
        client(.v2, ["/api/v2/persons": answer])
    }

    @Test("v2 GETs /api/v2/persons?limit= with the token header only, then follows the cursor")
    func v2Paths() async throws {
        let (pipedrive, http) = v2(.respond(200, try Fixture.data("pipedrive/v2-page.json")))
        let (first, _) = try await pipedrive.page(after: nil, limit: 50)
        _ = try await pipedrive.page(after: first.next, limit: 50)
        let requests = http.requests
        #expect(requests[0].url.absoluteString == "https://acme.pipedrive.com/api/v2/persons?limit=50&include_fields=open_deals_count")
        #expect(requests[0].headers["x-api-token"] == token)
        #expect(requests[0].timeout == 9)
        #expect(requests[1].url.query == "limit=50&include_fields=open_deals_count&cursor=eyJpZCI6M30%2B")
        #expect(!requests.contains { $0.url.absoluteString.contains(token) })
    }

    @Test("v1 GETs /v1/persons?start=&limit= with the token header only, then next_start")
    func v1Paths() async throws {
        let (pipedrive, http) = client(.v1, ["/v1/persons": .respond(200, try Fixture.data("pipedrive/v1-page.json"))])
        let (first, _) = try await pipedrive.page(after: nil, limit: 2)
        _ = try await pipedrive.page(after: first.next, limit: 2)
        let requests = http.requests
        #expect(requests[0].url.absoluteString == "https://acme.pipedrive.com/v1/persons?start=0&limit=2")
        #expect(requests.allSatisfy { $0.headers["x-api-token"] == token })
        #expect(requests[1].url.query == "start=2&limit=2")
        #expect(!requests.contains { $0.url.absoluteString.contains(token) })
    }

    @Test("The end of data has no next token in either version")
    func end() async throws {
        let (v2Client, _) = v2(.respond(200, try Fixture.data("pipedrive/v2-last.json")))
        #expect(try await v2Client.page(after: .cursor("c"), limit: 5).0.next == nil)
        let (v1Client, _) = client(.v1, ["/v1/persons": .respond(200, try Fixture.data("pipedrive/v1-last.json"))])
        #expect(try await v1Client.page(after: .start(2), limit: 2).0.next == nil)
    }

    @Test("x-ratelimit-* headers are read on every response")
    func rateLimitHeaders() async throws {
        let (pipedrive, _) = v2(.respond(
            200, try Fixture.data("pipedrive/v2-last.json"),
            headers: ["X-RateLimit-Remaining": "37", "X-RateLimit-Reset": "2"]))
        let (_, limit) = try await pipedrive.page(after: nil, limit: 5)
        #expect(limit == RateLimit(remaining: 37, resetSeconds: 2))
    }

    @Test("401 asks for a new token")
    func unauthorized() async throws {
        let (pipedrive, _) = v2(.respond(401, try Fixture.data("pipedrive/unauthorized.json")))
        let error = await #expect(throws: FetchError.self) { _ = try await pipedrive.page(after: nil, limit: 5) }
        #expect(error?.kind == .httpStatus(401))
        #expect(error?.message == "Pipedrive refused the API token — check PIPEDRIVE_API_TOKEN")
        #expect(error?.endpoint == "acme.pipedrive.com")
    }

    @Test("429 carries the reset delay from x-ratelimit-reset, in words and as a value, and is sent once")
    func rateLimited() async throws {
        let (pipedrive, http) = v2(.respond(
            429, Data(#"{"success":false,"error":"Rate limit exceeded"}"#.utf8),
            headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1.5"]))
        let error = await #expect(throws: FetchError.self) { _ = try await pipedrive.page(after: nil, limit: 5) }
        #expect(error?.kind == .httpStatus(429))
        #expect(error?.message == "Pipedrive is rate-limiting rolo — wait 2 s, then r")
        #expect(error?.detail.contains("reset in 1.5 s") == true)
        #expect(error?.retryAfter == 1.5, "a pager backs off by this, not by parsing text")
        #expect(http.requests.count == 1)
    }

    @Test("{success: false} is the API's words, with a 200 or an error status")
    func refusal() async throws {
        let body = try Fixture.data("pipedrive/refusal.json")
        let (ok, _) = v2(.respond(200, body))
        let inBody = await #expect(throws: FetchError.self) { _ = try await ok.page(after: nil, limit: 5) }
        #expect(inBody?.kind == .badResponse)
        #expect(inBody?.message == "Pipedrive says: Scope and URL mismatch — r to retry")
        #expect(inBody?.endpoint == "acme.pipedrive.com")
        let (forbidden, _) = v2(.respond(403, body))
        let withStatus = await #expect(throws: FetchError.self) { _ = try await forbidden.page(after: nil, limit: 5) }
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
                let (pipedrive, _) = client(api, [path: answer])
                let error = await #expect(throws: FetchError.self) { _ = try await pipedrive.page(after: .start(4), limit: 5) }
                #expect(error?.message.contains(token) == false)
                #expect(error?.detail.contains(token) == false)
            }
        }
    }
}
