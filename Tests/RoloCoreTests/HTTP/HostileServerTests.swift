import Foundation
import RoloCore
import Testing

/// The client against servers that misbehave, over real sockets on 127.0.0.1 (and 127.0.0.2).
@Suite("CurlHTTPClient against hostile servers")
struct HostileServerTests {
    private func fetchError(_ request: HTTPRequest, client: CurlHTTPClient = CurlHTTPClient()) async -> FetchError? {
        await #expect(throws: FetchError.self) { try await client.send(request) }
    }

    @Test("A server that trickles its body is cut at the deadline, not when it goes idle")
    func trickle() async throws {
        // The head at once, then 100 bytes 200 ms apart: an idle timeout would never fire.
        let server = try LocalTestServer { _ in .trickle(body: Data(repeating: 0x41, count: 100), interval: .milliseconds(200)) }
        defer { server.stop() }
        let start = ContinuousClock.now
        let error = await fetchError(HTTPRequest(url: server.url("/slow"), timeout: 1.5))
        #expect(ContinuousClock.now - start >= .milliseconds(1450))
        #expect(error?.kind == .timedOut)
        #expect(error?.message == "127.0.0.1:\(server.port) didn't answer within 1.5 s — r to retry")
        // The client hung up while the server was still trickling: before the 20 s the whole
        // body takes, which is when an idle timeout would have let it end. (When the server's
        // thread notices depends on how busy the test runner is: a clean CI run measured 7 s
        // under the full suite, so the deadline itself is checked on the client's side above.)
        try await eventually("the client to hang up") { !server.clientHangUps.isEmpty }
        let hangUp = try #require(server.clientHangUps.first)
        #expect(hangUp.closed - hangUp.accepted < .milliseconds(100 * 200))
    }

    @Test("A body shorter than its Content-Length is a broken response")
    func truncated() async throws {
        let server = try LocalTestServer { _ in
            .raw(Data("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"only\": \"part".utf8))
        }
        defer { server.stop() }
        let error = await fetchError(HTTPRequest(url: server.url("/employees")))
        #expect(error?.kind == .badResponse)
        #expect(error?.message == "127.0.0.1:\(server.port) sent a broken HTTP response — r to retry")
    }

    @Test("A negative Content-Length is a broken response")
    func negativeLength() async throws {
        let server = try LocalTestServer { _ in .raw(Data("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nhello".utf8)) }
        defer { server.stop() }
        let error = await fetchError(HTTPRequest(url: server.url("/employees")))
        #expect(error?.kind == .badResponse)
        #expect(error?.message == "127.0.0.1:\(server.port) sent a broken HTTP response — r to retry")
    }

    @Test("A server that closes without answering is a broken response")
    func nothing() async throws {
        let server = try LocalTestServer { _ in .raw(Data()) }
        defer { server.stop() }
        let error = await fetchError(HTTPRequest(url: server.url("/")))
        #expect(error?.kind == .badResponse)
    }

    @Test("A redirect loop stops after 5 redirects with a clear error")
    func redirectLoop() async throws {
        let server = try LocalTestServer { request in
            let hop = Int(request.target.dropFirst()) ?? 0
            return .respond(status: 302, headers: ["Location": "/\(hop + 1)"], body: Data())
        }
        defer { server.stop() }
        let error = await fetchError(HTTPRequest(url: server.url("/0")))
        #expect(error?.kind == .badResponse)
        #expect(error?.message == "127.0.0.1:\(server.port) redirected more than 5 times — check the URL")
        #expect(server.requests.map(\.target) == ["/0", "/1", "/2", "/3", "/4", "/5"])
    }

    @Test("Redirects are followed; the token stays on the same host and never goes to another")
    func redirectToAnotherHost() async throws {
        let elsewhere = try LocalTestServer(host: "127.0.0.2") { _ in .respond(status: 200, body: Data("there".utf8)) }
        defer { elsewhere.stop() }
        let origin = try LocalTestServer { request in
            request.target == "/start"
                ? .respond(status: 307, headers: ["Location": "/moved"], body: Data())
                : .respond(status: 302, headers: ["Location": elsewhere.url("/landed").absoluteString], body: Data())
        }
        defer { origin.stop() }
        let request = HTTPRequest(
            url: origin.url("/start"), headers: ["Accept": "application/json", "x-api-token": "secret-token"])
        let response = try await CurlHTTPClient().send(request)
        #expect(response.status == 200)
        #expect(response.body == Data("there".utf8))
        #expect(response.url == elsewhere.url("/landed"))
        let sameHost = try #require(origin.requests.last)
        #expect(sameHost.target == "/moved")
        #expect(sameHost.head.lowercased().contains("x-api-token: secret-token"))
        let otherHost = try #require(elsewhere.requests.first).head.lowercased()
        #expect(!otherHost.contains("secret-token"))
        #expect(otherHost.contains("accept: application/json"))
    }

    @Test("A 303 after a PUT is followed with a GET")
    func seeOther() async throws {
        let server = try LocalTestServer { request in
            request.method == "PUT"
                ? .respond(status: 303, headers: ["Location": "/result"], body: Data())
                : .respond(status: 200, body: Data("ok".utf8))
        }
        defer { server.stop() }
        let response = try await CurlHTTPClient().send(HTTPRequest(method: "PUT", url: server.url("/food/1/like")))
        #expect(response.status == 200)
        #expect(server.requests.map(\.method) == ["PUT", "GET"])
    }

    @Test("A gzip body arrives decoded")
    func gzip() async throws {
        let compressed = try Fixture.data("http/hello.json.gz")
        let server = try LocalTestServer { _ in
            .respond(status: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: compressed)
        }
        defer { server.stop() }
        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/")))
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"greeting": "hello, compressed world"}"#)
        #expect(try #require(server.requests.first).head.lowercased().contains("accept-encoding: "))
    }

    @Test("A gzip bomb stops at the cap on decoded bytes with .tooLarge")
    func gzipBomb() async throws {
        let bomb = try Fixture.data("http/zeros-16MB.gz")  // 16 KB that decode to 16 MB
        let server = try LocalTestServer { _ in .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb) }
        defer { server.stop() }
        let error = await fetchError(HTTPRequest(url: server.url("/")), client: CurlHTTPClient(maxBodyBytes: 1 << 20))
        #expect(error?.kind == .tooLarge)
        #expect(error?.message == "127.0.0.1:\(server.port) sent more than 1 MB — check the URL")
    }
}
