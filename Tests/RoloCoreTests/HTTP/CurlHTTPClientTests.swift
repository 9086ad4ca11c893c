import Foundation
import Logging
@testable import RoloCore
import Testing

/// The real client over a real socket on 127.0.0.1.
@Suite("CurlHTTPClient over a local socket")
struct CurlHTTPClientTests {
    @Test("A 200 body arrives with its status and lower-cased headers")
    func success() async throws {
        let server = try LocalTestServer { _ in
            .respond(status: 200, headers: ["X-Custom": "yes"], body: Data(#"{"ok":true}"#.utf8))
        }
        defer { server.stop() }
        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/employees?x=1")))
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
        let response = try await CurlHTTPClient().send(request)
        #expect(response.status == 204)
        let head = try #require(server.requests.first)
        #expect(head.method == "PUT")
        #expect(head.head.lowercased().contains("x-api-token: abc"))
    }

    @Test("A non-2xx status is returned, not thrown")
    func statusIsReturned() async throws {
        let server = try LocalTestServer { _ in .respond(status: 500, body: Data("oops".utf8)) }
        defer { server.stop() }
        let response = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/")))
        #expect(response.status == 500)
        #expect(!response.isSuccess)
    }

    @Test("Connection refused is .unreachable and names host:port")
    func refused() async throws {
        let port = LocalTestServer.unusedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/employees?token=secret"))
        let error = await #expect(throws: FetchError.self) {
            try await CurlHTTPClient().send(HTTPRequest(url: url))
        }
        #expect(error?.kind == .unreachable)
        #expect(error?.endpoint == "127.0.0.1:\(port)")
        #expect(error?.message == "Can't reach 127.0.0.1:\(port) — is the server running? r to retry")
        #expect(error?.detail.contains("secret") == false)
    }

    @Test("A server that never answers is .timedOut at the request's deadline")
    func timeout() async throws {
        let server = try LocalTestServer { _ in .hang }
        defer { server.stop() }
        let start = ContinuousClock.now
        let error = await #expect(throws: FetchError.self) {
            try await CurlHTTPClient().send(HTTPRequest(url: server.url("/slow"), timeout: 1))
        }
        #expect(error?.kind == .timedOut)
        #expect(error?.message == "127.0.0.1:\(server.port) didn't answer within 1 s — r to retry")
        #expect(ContinuousClock.now - start >= .milliseconds(950))
        // The deadline as the server saw it: libcurl closed the connection, where with no
        // deadline the server would wait forever and the connect timeout alone is 10 s. The
        // bound is loose: with the 200,000-record tests decoding on every core beside this one,
        // the server's thread saw the close 1.85-2.3 s after it accepted.
        try await eventually("the client to hang up") { !server.clientHangUps.isEmpty }
        let hangUp = try #require(server.clientHangUps.first)
        #expect(hangUp.closed - hangUp.accepted < .seconds(5))
    }

    @Test("Cancelling the task returns within 100 ms with .cancelled, and the server sees the connection closed")
    func cancellation() async throws {
        let server = try LocalTestServer { _ in .hang }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let task = Task { try await client.send(HTTPRequest(url: server.url("/slow"), timeout: 30)) }
        try await eventually("the request to reach the server") { server.requests.count == 1 }
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(throws: FetchError.cancelled(server.url("/slow"))) { try result.get() }
        // The cancellation handler resumes the request at once; when the awaiting task runs
        // again is the test runner's business, so the 100 ms are checked where the client acts:
        // the I/O thread closes the connection.
        try await eventually("the client to hang up") { !server.clientHangUps.isEmpty }
        let hangUp = try #require(server.clientHangUps.first)
        #expect(hangUp.closed - start < .milliseconds(100))
    }

    @Test("A request cut at its deadline has its connection closed then, while the client lives on")
    func deadlineClosesConnection() async throws {
        let server = try LocalTestServer { _ in .hang }
        defer { server.stop() }
        let client = CurlHTTPClient()
        await #expect(throws: FetchError.self) { try await client.send(HTTPRequest(url: server.url("/slow"), timeout: 1)) }
        try await eventually("the client to hang up") { !server.clientHangUps.isEmpty }
        let hangUp = try #require(server.clientHangUps.first)
        #expect(hangUp.closed - hangUp.accepted < .seconds(5))
        withExtendedLifetime(client) {}
    }

    @Test("shutdown() ends a running request and closes its connection before it returns; later requests are .cancelled")
    func shutdownEndsEverything() async throws {
        let server = try LocalTestServer { _ in .hang }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let task = Task { try await client.send(HTTPRequest(url: server.url("/slow"), timeout: 30)) }
        try await eventually("the request to reach the server") { server.requests.count == 1 }
        client.shutdown()
        // The I/O thread has ended, so its connection is closed; the server's thread notes it.
        try await eventually("the client to hang up") { !server.clientHangUps.isEmpty }
        await #expect(throws: FetchError.cancelled(server.url("/slow"))) { try await task.value }
        await #expect(throws: FetchError.cancelled(server.url("/later"))) {
            try await client.send(HTTPRequest(url: server.url("/later")))
        }
        #expect(server.requests.count == 1, "nothing is sent after the shutdown")
        client.shutdown()  // a second one returns at once
    }

    @Test("shutdown() of a client that never sent anything returns at once, libcurl never loaded")
    func shutdownUnused() {
        let start = ContinuousClock.now
        CurlHTTPClient().shutdown()
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("A task cancelled before it sends is .cancelled without touching the network")
    func cancelledBeforeStart() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:\(LocalTestServer.unusedPort())/"))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await CurlHTTPClient().send(HTTPRequest(url: url))
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
        let client = CurlHTTPClient(maxBodyBytes: 50_000)
        for path in ["/sized", "/streamed"] {
            let error = await #expect(throws: FetchError.self) {
                try await client.send(HTTPRequest(url: server.url(path)))
            }
            #expect(error?.kind == .tooLarge)
        }
        let roomy = try await CurlHTTPClient(maxBodyBytes: 1 << 20).send(HTTPRequest(url: server.url("/streamed")))
        #expect(roomy.body.count == big.count)
    }

    @Test("200 concurrent requests on one client all complete, each with its own body, on one I/O thread")
    func twoHundred() async throws {
        let server = try LocalTestServer { request in .respond(status: 200, body: Data(request.target.utf8)) }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<200 {
                group.addTask {
                    let response = try await client.send(HTTPRequest(url: server.url("/\(index)")))
                    return (index, String(decoding: response.body, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(bodies.count == 200)
        #expect((0..<200).allSatisfy { bodies[$0] == "/\($0)" })
        #expect(client.ioThreadCount == 1)
    }

    @Test("Every request says User-Agent: rolo/<version>")
    func userAgent() async throws {
        let server = try LocalTestServer { _ in .respond(status: 200, body: Data()) }
        defer { server.stop() }
        _ = try await CurlHTTPClient().send(HTTPRequest(url: server.url("/")))
        let head = try #require(server.requests.first).head
        #expect(head.contains("User-Agent: rolo/\(RoloVersion.current)\r\n"))
    }

    @Test("A PUT without a body sends Content-Length: 0 and no form content type")
    func emptyPut() async throws {
        let server = try LocalTestServer { _ in .respond(status: 200, body: Data(#"{"success":true}"#.utf8)) }
        defer { server.stop() }
        _ = try await CurlHTTPClient().send(HTTPRequest(method: "PUT", url: server.url("/food/1/like")))
        let head = try #require(server.requests.first).head.lowercased()
        #expect(head.hasPrefix("put /food/1/like "))
        #expect(head.contains("content-length: 0\r\n"))
        #expect(!head.contains("content-type"))
        #expect(!head.contains("expect:"))
    }

    @Test("The debug log has one line a request, with no token, header or query")
    func logLine() async throws {
        let server = try LocalTestServer { _ in .respond(status: 200, body: Data("12345".utf8)) }
        defer { server.stop() }
        let lines = LogLines()
        let logger = Logger(label: "test.http") { _ in lines }
        let url = server.url("/v1/persons?api_token=secret-token&start=0")
        _ = try await CurlHTTPClient(logger: logger).send(
            HTTPRequest(url: url, headers: ["x-api-token": "secret-token"]))
        let logged = lines.all
        #expect(logged.count == 1)
        let line = try #require(logged.first)
        #expect(line.hasPrefix("GET http://127.0.0.1:\(server.port)/v1/persons → 200, 5 bytes, "))
        #expect(line.hasSuffix(" ms"))
        #expect(!line.contains("secret"))
    }
}
