import Foundation
import RoloCore
import StandIn
import Testing

/// Starting and stopping: the in-process lifecycle `rolo --demo` and the tests rely on.
@Suite("Stand-in lifecycle")
struct StandInServerTests {
    @Test("the base URL names the loopback address and the bound port")
    func baseURL() async throws {
        try await withServer { server in
            #expect(server.port != 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        }
    }

    @Test("a taken port is reported as a start error")
    func portInUse() async throws {
        try await withServer { server in
            await #expect(throws: StandInServer.StartError.self) {
                _ = try await StandInServer.start(StandInOptions(port: server.port), logger: quietLogger)
            }
        }
    }

    @Test("stop does not wait out a request that is still in its latency", .timeLimit(.minutes(1)))
    func stopCancelsLatency() async throws {
        let server = try await StandInServer.start(StandInOptions(latencyMilliseconds: 600_000), logger: quietLogger)
        let pending = Task { try await request(server, "/healthCheck") }
        // The count goes up before the latency starts, so this waits for the request to be in.
        while await server.requestCount("people.health") == 0 {
            await Task.yield()
        }
        await server.stop()
        let reply = try? await pending.value
        #expect(reply?.status != 200)
    }

    @Test("a stopped server no longer answers")
    func stopped() async throws {
        let server = try await StandInServer.start(StandInOptions(), logger: quietLogger)
        _ = try await request(server, "/healthCheck")
        await server.stop()
        // A fresh client: the shared one would reuse a keep-alive connection that FlyingFox's
        // stop(timeout: 0) leaves open. What matters is that no new connection is accepted.
        let url = try #require(URL(string: server.baseURL.absoluteString + "/healthCheck"))
        await #expect(throws: FetchError.self) {
            _ = try await CurlHTTPClient().send(HTTPRequest(url: url, timeout: 5))
        }
    }
}
