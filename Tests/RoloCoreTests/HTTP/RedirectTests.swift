import Foundation
@testable import RoloCore
import Testing

@Suite("Redirect rules")
struct RedirectTests {
    private let put = HTTPRequest(
        method: "PUT", url: URL(string: "https://api.example.com/v1/x")!,
        headers: ["Accept": "application/json", "x-api-token": "t", "Content-Type": "application/json"],
        body: Data("{}".utf8))

    @Test("The same origin keeps every header; the method and body stay on a 307 and 308")
    func sameOrigin() {
        for status in [307, 308] {
            let next = Redirect.follow(put, status: status, to: URL(string: "https://api.example.com:443/v2/x")!)
            #expect(next.method == "PUT")
            #expect(next.body == put.body)
            #expect(next.headers == put.headers)
        }
    }

    @Test("Another host, port or scheme keeps only the headers that describe the request")
    func otherOrigin() throws {
        for target in ["https://evil.example.com/x", "https://api.example.com:8443/x", "http://api.example.com/x"] {
            let next = Redirect.follow(put, status: 307, to: try #require(URL(string: target)))
            #expect(next.headers == ["Accept": "application/json", "Content-Type": "application/json"], "\(target)")
        }
    }

    @Test("303 turns a PUT into a GET without a body; 301 and 302 keep a PUT but not a POST")
    func methods() {
        let target = URL(string: "https://api.example.com/y")!
        let seeOther = Redirect.follow(put, status: 303, to: target)
        #expect(seeOther.method == "GET" && seeOther.body == nil)
        #expect(Redirect.follow(put, status: 302, to: target).method == "PUT")
        var post = put
        post.method = "POST"
        #expect(Redirect.follow(post, status: 301, to: target).method == "GET")
    }
}
