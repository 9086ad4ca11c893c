import Foundation
import RoloCore
import Testing

@Suite("RandomUserClient asks for one seeded page and maps every failure")
struct RandomUserClientTests {
    private let base = URL(string: "https://randomuser.me/api/")!
    // URL.path drops the trailing slash on Linux, so the fake is keyed without it.
    private let path = "/api"

    private func client(_ answer: FakeHTTPClient.Answer) -> (RandomUserClient, FakeHTTPClient) {
        let http = FakeHTTPClient([path: answer])
        return (RandomUserClient(baseURL: base, http: http, timeout: 7), http)
    }

    @Test("page() GETs ?results=&page=&seed= with the timeout")
    func query() async throws {
        let (users, http) = client(.respond(200, try Fixture.data("randomuser/page.json")))
        #expect(try await users.page(3, size: 10, seed: "abc").persons.count == 4)
        let request = try #require(http.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "https://randomuser.me/api/?results=10&page=3&seed=abc")
        #expect(request.timeout == 7)
        #expect(request.headers["Accept"] == "application/json")
    }

    @Test("A seed with query characters is sent whole")
    func seedEscaped() async throws {
        let (users, http) = client(.respond(200, Data(#"{"results":[],"info":{}}"#.utf8)))
        _ = try await users.page(1, size: 10, seed: "a&b=c+d e")
        #expect(http.requests.first?.url.query == "results=10&page=1&seed=a%26b%3Dc%2Bd%20e")
    }

    @Test("429 is a rate-limit failure, sent once and never retried")
    func rateLimited() async throws {
        let (users, http) = client(.respond(429, Data(#"{"error":"Too many requests"}"#.utf8)))
        let error = await #expect(throws: FetchError.self) { _ = try await users.page(1, size: 10, seed: "s") }
        #expect(error?.kind == .httpStatus(429))
        #expect(error?.message == "randomuser.me is rate-limiting rolo — wait a minute, then r")
        #expect(error?.endpoint == "randomuser.me")
        #expect(http.requests.count == 1)
    }

    @Test("An {error} body is the API's words, with a 200 or with an error status")
    func refusal() async throws {
        let body = try Fixture.data("randomuser/error.json")
        let (ok, _) = client(.respond(200, body))
        let inBody = await #expect(throws: FetchError.self) { _ = try await ok.page(1, size: 10, seed: "s") }
        #expect(inBody?.kind == .badResponse)
        #expect(inBody?.message.hasPrefix("randomuser.me says: Uh oh, something has gone wrong.") == true)
        #expect(inBody?.endpoint == "randomuser.me")
        let (failing, _) = client(.respond(500, body))
        let withStatus = await #expect(throws: FetchError.self) { _ = try await failing.page(1, size: 10, seed: "s") }
        #expect(withStatus?.kind == .httpStatus(500))
        #expect(withStatus?.message == inBody?.message)
    }

    @Test("An HTML error page keeps the shared status message; unreadable 200s are placed")
    func otherFailures() async throws {
        let (gateway, _) = client(.respond(502, try Fixture.data("randomuser/bad-gateway.html")))
        let status = await #expect(throws: FetchError.self) { _ = try await gateway.page(1, size: 10, seed: "s") }
        #expect(status?.message == "The randomuser server answered 502 with an HTML page — r to retry")
        let (broken, _) = client(.respond(200, try Fixture.data("randomuser/malformed.json")))
        let unreadable = await #expect(throws: FetchError.self) { _ = try await broken.page(1, size: 10, seed: "s") }
        #expect(unreadable?.kind == .badResponse)
        #expect(unreadable?.endpoint == "randomuser.me")
    }
}
