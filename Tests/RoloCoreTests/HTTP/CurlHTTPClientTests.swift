import Foundation
import RoloCore
import Testing

/// The real client over a real socket: these measure what URLSession does on this toolchain.
@Suite("URLSessionHTTPClient over a local socket")
struct URLSessionHTTPClientTests {
    @Test("A 200 body arrives with its status and lower-cased headers")
    func success() async throws {
        let server = try LocalTestServer { _ in
            .respond(status: 200, headers: ["X-Custom": "yes"], body: Data(#"{"ok":true}"#.utf8))
        }
        defer { server.stop() }
        let response = try await URLSessionHTTPClient().send(HTTPRequest(url: server.url("/employees?x=1")))
        #expect(response.status == 200)
        #expect(response.body == Data(#"{"ok":true}"#.utf8))
        #expect(response.headers["x-custom"] == "yes")
        #expect(server.requests.first?.target == "/employees?x=1")
    }

    @Test("Method and headers reach the server")
    func methodAndHeaders() async throws {
        let server = try LocalTestServer { _ in .respond(status: 204, body: Data()) }
        defer { server.stop() }
        let request = HTTPRequest(
            method: "PUT", url: server.url("/food/1/like"), headers: ["x-api-token": "abc"],
            body: Data("{}".utf8))
        let response = try await URLSessionHTTPClient().send(request)
        #expect(response.status == 204)
        let head = try #require(server.requests.first)
        #expect(head.method == "PUT")
        #expect(head.head.lowercased().contains("x-api-token: abc"))
    }

    @Test("A non-2xx status is returned, not thrown")
    func statusIsReturned() async throws {
        let server = try LocalTestServer { _ in .respond(status: 500, body: Data("oops".utf8)) }
        defer { server.stop() }
        let response = try await URLSessionHTTPClient().send(HTTPRequest(url: server.url("/")))
        #expect(response.status == 500)
        #expect(!response.isSuccess)
    }

    @Test("Connection refused is .unreachable and names host:port")
    func refused() async throws {
        let port = LocalTestServer.unusedPort()
        let url = URL(string: "http://127.0.0.1:\(port)/employees?token=secret")!
        let error = await #expect(throws: FetchError.self) {
            try await URLSessionHTTPClient().send(HTTPRequest(url: url))
        }
        #expect(error?.kind == .unreachable)
        #expect(error?.endpoint == "127.0.0.1:\(port)")
        #expect(error?.message == "Can't reach 127.0.0.1:\(port) — is the server running? r to retry")
        #expect(error?.detail.contains("secret") == false)
    }

    @Test("A server that never answers is .timedOut by our timeout, not URLSession's 60 s default")
    func timeout() async throws {
        let server = try LocalTestServer { _ in .hang }
        defer { server.stop() }
        let start = ContinuousClock.now
        let error = await #expect(throws: FetchError.self) {
            try await URLSessionHTTPClient().send(HTTPRequest(url: server.url("/slow"), timeout: 1))
        }
        let elapsed = ContinuousClock.now - start
        #expect(error?.kind == .timedOut)
        #expect(error?.message == "127.0.0.1:\(server.port) didn't answer within 1 s — r to retry")
        #expect(elapsed >= .milliseconds(900))
        // Far below the 60 s default, far above 1 s: a loaded 2-core CI machine took 3.4 s.
        #expect(elapsed < .seconds(30))
    }

    @Test("Cancelling the task ends the request promptly with .cancelled")
    func cancellation() async throws {
        let server = try LocalTestServer { _ in .hang }
        defer { server.stop() }
        let client = URLSessionHTTPClient()
        let task = Task { try await client.send(HTTPRequest(url: server.url("/slow"), timeout: 30)) }
        try await Task.sleep(for: .milliseconds(200))
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Well before the request's own 30 s timeout, with room for a loaded CI machine.
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(throws: FetchError.cancelled(server.url("/slow"))) { try result.get() }
    }

    @Test("A task cancelled before it sends is .cancelled without touching the network")
    func cancelledBeforeStart() async throws {
        let port = LocalTestServer.unusedPort()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await URLSessionHTTPClient().send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/")!))
        }
        let error = await #expect(throws: FetchError.self) { try await task.value }
        #expect(error?.kind == .cancelled)
    }

    @Test("A body over the cap is .tooLarge, with or without a Content-Length")
    func tooLarge() async throws {
        let big = Data(repeating: 0x41, count: 200_000)
        let server = try LocalTestServer { request in
            .respond(status: 200, body: big, contentLength: request.target == "/sized")
        }
        defer { server.stop() }
        let client = URLSessionHTTPClient(maxBodyBytes: 50_000)
        for path in ["/sized", "/streamed"] {
            let error = await #expect(throws: FetchError.self) {
                try await client.send(HTTPRequest(url: server.url(path)))
            }
            #expect(error?.kind == .tooLarge)
        }
        let roomy = try await URLSessionHTTPClient(maxBodyBytes: 1 << 20).send(HTTPRequest(url: server.url("/streamed")))
        #expect(roomy.body.count == big.count)
    }

    @Test("Concurrent requests on one client each get their own body")
    func concurrent() async throws {
        let server = try LocalTestServer { request in .respond(status: 200, body: Data(request.target.utf8)) }
        defer { server.stop() }
        let client = URLSessionHTTPClient()
        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<20 {
                group.addTask {
                    let response = try await client.send(HTTPRequest(url: server.url("/\(index)")))
                    return (index, String(decoding: response.body, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for index in 0..<20 { #expect(bodies[index] == "/\(index)") }
    }
}
