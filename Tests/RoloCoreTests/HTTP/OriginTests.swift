import Foundation
@testable import RoloCore
import Testing

@Suite("Origin: scheme, host and port, the default port filled in")
struct OriginTests {
    private func origin(_ text: String) -> Origin? {
        URL(string: text).flatMap(Origin.init)
    }

    @Test("The default port, the host's case, a path, a query and credentials make no other origin")
    func sameOrigin() throws {
        let home = try #require(origin("https://api.example.com"))
        for text in [
            "https://api.example.com/v1/people?page=2", "https://api.example.com:443/x", "HTTPS://API.Example.COM/x",
            "https://user:password@api.example.com/x",
        ] {
            #expect(home.includes(try #require(URL(string: text))), "\(text)")
        }
        #expect(origin("http://api.example.com:80/x") == origin("http://api.example.com"))
        #expect(home.port == 443 && home.host == "api.example.com" && home.scheme == "https")
    }

    @Test("Another scheme, port or host is another origin, whatever else is alike")
    func otherOrigins() throws {
        let home = try #require(origin("https://api.example.com"))
        for text in [
            "http://api.example.com/x", "http://api.example.com:443/x", "https://api.example.com:8443/x",
            "https://cdn.example.com/x", "https://api.example.com.evil.test/x", "https://evil.test/api.example.com",
            "https://evil.test/?u=https://api.example.com", "https://api.example.com@evil.test/x",
        ] {
            #expect(!home.includes(try #require(URL(string: text))), "\(text)")
        }
    }

    @Test("No host, no origin: a relative or mailto URL is no one's")
    func noOrigin() throws {
        #expect(origin("/people") == nil)
        #expect(origin("mailto:ada@example.com") == nil)
        let home = try #require(origin("https://api.example.com"))
        #expect(!home.includes(try #require(URL(string: "/people"))))
    }

    @Test("A configured URL still holding {page} or {offset} has the origin it will have")
    func template() {
        #expect(Origin("https://API.example.com/people?page={page}&per_page=50") == origin("https://api.example.com"))
        #expect(Origin("https://api.example.com:8443/{offset}/x") == origin("https://api.example.com:8443"))
        #expect(Origin("not a url") == nil)
    }

    @Test("A source's headers go to its own origin's URLs and to no other's")
    func endpointHeaders() throws {
        let endpoint = RecordEndpoint(
            url: "https://api.example.com/people?page={page}", headers: ["Authorization": "Bearer t"], secrets: ["t"])
        #expect(endpoint.headers(for: try #require(URL(string: "https://api.example.com:443/avatars/1.png"))) == endpoint.headers)
        #expect(endpoint.headers(for: try #require(URL(string: "http://api.example.com/avatars/1.png"))).isEmpty)
        #expect(endpoint.headers(for: try #require(URL(string: "https://api.example.com:8443/people?page=2"))).isEmpty)
    }
}
