import Foundation
import RoloCore
import Testing

@Suite("PipedriveClient fetches organisations (v2, by cursor) and users (v1, at once)")
struct PipedriveNamesClientTests {
    private let base = URL(string: "https://acme.pipedrive.com")!
    private let token = "secret-token-123456"

    private func client(_ answers: [String: FakeHTTPClient.Answer]) -> (PipedriveClient, FakeHTTPClient) {
        let http = FakeHTTPClient(answers)
        return (PipedriveClient(baseURL: base, token: token, api: .v2, http: http, timeout: 9), http)
    }

    @Test("organisations: GET /api/v2/organizations?limit= with the token header, then the cursor; names cleaned, nameless entries left out")
    func organizations() async throws {
        let (pipedrive, http) = client(["/api/v2/organizations": .respond(200, try Fixture.data("pipedrive/v2-organizations.json"))])
        let (first, _) = try await pipedrive.names(.organizations, after: nil, limit: 500)
        _ = try await pipedrive.names(.organizations, after: first.nextCursor, limit: 500)
        #expect(first == PipedriveNamePage(names: [3: "Acme Ltd", 4: "Umbrella OÜ red"], nextCursor: "eyJpZCI6Nn0+"))
        let requests = http.requests
        #expect(requests[0].url.absoluteString == "https://acme.pipedrive.com/api/v2/organizations?limit=500")
        #expect(requests[0].headers["x-api-token"] == token)
        #expect(requests[0].timeout == 9)
        #expect(requests[1].url.query == "limit=500&cursor=eyJpZCI6Nn0%2B")
        #expect(!requests.contains { $0.url.absoluteString.contains(token) })
    }

    @Test("users: GET /v1/users with the token header only; every user, deactivated ones too, and no cursor")
    func users() async throws {
        let (pipedrive, http) = client(["/v1/users": .respond(
            200, try Fixture.data("pipedrive/v1-users.json"), headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "2"])])
        let (page, limit) = try await pipedrive.names(.users, after: nil, limit: 500)
        #expect(page == PipedriveNamePage(names: [7: "Olive Owner", 8: "Former Seller"]))
        #expect(limit == RateLimit(remaining: 0, resetSeconds: 2))
        #expect(http.requests[0].url.absoluteString == "https://acme.pipedrive.com/v1/users")
        #expect(http.requests[0].headers["x-api-token"] == token)
    }

    @Test("a refusal, a 401 and a 429 are the same errors as for persons, and never show the token")
    func failures() async throws {
        let echo = Data(#"{"success":false,"error":"bad token \#(token)"}"#.utf8)
        for kind in PipedriveNameKind.allCases {
            let path = kind == .users ? "/v1/users" : "/api/v2/organizations"
            for (status, expected) in [(200, FetchError.Kind.badResponse), (401, .httpStatus(401)), (429, .httpStatus(429)), (403, .httpStatus(403))] {
                let (pipedrive, _) = client([path: .respond(status, echo, headers: ["x-ratelimit-reset": "3"])])
                let error = await #expect(throws: FetchError.self) { _ = try await pipedrive.names(kind, after: nil, limit: 5) }
                #expect(error?.kind == expected)
                #expect(error?.message.contains(token) == false)
                #expect(error?.detail.contains(token) == false)
                if status == 429 { #expect(error?.retryAfter == 3) }
            }
            let (broken, _) = client([path: .respond(200, Data(#"{"success":true,"data":{"id":1}}"#.utf8))])
            let unreadable = await #expect(throws: FetchError.self) { _ = try await broken.names(kind, after: nil, limit: 5) }
            #expect(unreadable?.detail.contains("'data' should be a list") == true)
        }
    }
}
