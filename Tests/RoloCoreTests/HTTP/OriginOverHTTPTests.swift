import Foundation
@testable import RoloCore
import Testing

/// The origin rule over real sockets: two servers on 127.0.0.1, one port apart in origin, and
/// the real client. The configured source lives on `home`; `other` stands for any other origin.
@Suite("One origin rule over HTTP on 127.0.0.1")
struct OriginOverHTTPTests {
    private static let token = "tok-over-http-7"

    /// A source named `crew` at `home`'s `/people`, its token from the environment, with `extra`
    /// lines in its table.
    private func pager(at home: LocalTestServer, _ extra: String = "") throws -> RecordPager {
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "crew"
            url = "\(home.url("/people"))"
            headers = { Authorization = "Bearer ${CREW_TOKEN}" }
            \(extra)
            """)
        return RecordPager(
            source: source, endpoint: try source.endpoint(environment: ["CREW_TOKEN": Self.token]), client: CurlHTTPClient(),
            timeout: 10, sleep: { _ in })
    }

    /// Whether the request head carries the token, however the header is spelled.
    private func carriesToken(_ request: LocalTestServer.Request?) -> Bool {
        request?.head.contains(Self.token) == true
    }

    @Test("A Link to another port gets the next page without the token; the home port gets it")
    func linkToOtherPort() async throws {
        let other = try LocalTestServer { _ in .respond(status: 200, body: Data(#"[{"id": "2"}]"#.utf8)) }
        defer { other.stop() }
        let next = other.url("/people?page=2")
        let home = try LocalTestServer { _ in
            .respond(status: 200, headers: ["Link": "<\(next)>; rel=\"next\""], body: Data(#"[{"id": "1"}]"#.utf8))
        }
        defer { home.stop() }
        let pages = try await RecordSourceFixtures.allPages(try pager(at: home, "[sources.paging]\nstyle = \"link\""))
        #expect(pages.flatMap(\.records).map(\.id) == ["1", "2"])
        #expect(home.requests.count == 1 && carriesToken(home.requests.first))
        #expect(other.requests.map(\.target) == ["/people?page=2"])
        #expect(!carriesToken(other.requests.first), "the other port must not see the token")
    }

    @Test("A redirect to another port drops the token; a redirect on the same port keeps it")
    func redirects() async throws {
        let other = try LocalTestServer { _ in .respond(status: 200, body: Data(#"[{"id": "9"}]"#.utf8)) }
        defer { other.stop() }
        let away = other.url("/landing")
        let home = try LocalTestServer { request in
            switch request.target {
            case "/people": .respond(status: 302, headers: ["Location": "/people/here"], body: Data())
            case "/people/here": .respond(status: 307, headers: ["Location": away.absoluteString], body: Data())
            default: .respond(status: 404, body: Data())
            }
        }
        defer { home.stop() }
        let pages = try await RecordSourceFixtures.allPages(try pager(at: home))
        #expect(pages.flatMap(\.records).map(\.id) == ["9"])
        #expect(home.requests.map(\.target) == ["/people", "/people/here"])
        #expect(home.requests.allSatisfy(carriesToken), "the same origin keeps the token across its redirect")
        #expect(other.requests.map(\.target) == ["/landing"])
        #expect(!carriesToken(other.requests.first), "the redirect to the other port must drop the token")
    }

    @Test("A detail_url on another port is fetched without the token")
    func detailOnOtherPort() async throws {
        let other = try LocalTestServer { _ in .respond(status: 200, body: Data(#"{"id": "1", "bio": "x"}"#.utf8)) }
        defer { other.stop() }
        let home = try LocalTestServer { _ in .respond(status: 200, body: Data(#"{"id": "1", "bio": "y"}"#.utf8)) }
        defer { home.stop() }
        let pager = try pager(at: home, "detail_url = \"{url}\"")
        for (server, sends) in [(other, false), (home, true)] {
            let record = JSONRecord(id: "1", value: .object([JSONMember("url", .string(server.url("/people/1").absoluteString))]))
            #expect(try await pager.detail(of: record) != nil)
            #expect(server.requests.count == 1 && carriesToken(server.requests.first) == sends)
        }
    }
}
