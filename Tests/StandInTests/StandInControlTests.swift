import Foundation
import StandIn
import Testing

/// Counting, failure injection and latency, through the Swift API and the control endpoints.
@Suite("Stand-in switches")
struct StandInControlTests {
    @Test("requests are counted per route; control endpoints are not")
    func counting() async throws {
        try await withServer { server in
            for _ in 0..<3 { _ = try await request(server, "/employees") }
            _ = try await request(server, "/employees/1")
            _ = try await request(server, "/nope")
            #expect(await server.requestCount("people.list") == 3)
            #expect(await server.requestCount("people.detail") == 1)
            #expect(await server.requestCount("people.health") == 0)

            let stats = try await request(server, "/__standin/stats")
            #expect(stats.status == 200)
            let counts = try #require(try stats.json() as? [String: Int])
            // Only the people routes: every other API's routes are listed too, at zero.
            #expect(counts.filter { $0.key.hasPrefix("people.") } == ["people.list": 3, "people.detail": 1, "people.health": 0])
            _ = try await request(server, "/__standin/stats")
            #expect(await server.requestCount("people.list") == 3)

            #expect(try await request(server, "/__standin/reset", method: "POST").status == 200)
            #expect(await server.requestCount("people.list") == 0)
        }
    }

    @Test("a forced failure answers Flask's 500 page once, then the route recovers")
    func forcedFailure() async throws {
        try await withServer { server in
            await server.setFailure("people.list", remaining: 1)
            let failed = try await request(server, "/employees")
            #expect(failed.status == 500)
            #expect(failed.header("Content-Type") == "text/html; charset=utf-8")
            #expect(failed.text.contains("<title>500 Internal Server Error</title>"))
            #expect(try await request(server, "/healthCheck").status == 200)
            #expect(try await request(server, "/employees").status == 200)
            #expect(await server.requestCount("people.list") == 2)
        }
    }

    @Test("POST /__standin/fail makes the next count requests fail")
    func failEndpoint() async throws {
        try await withServer { server in
            let set = try await request(server, "/__standin/fail?route=people.detail&count=2", method: "POST")
            #expect(set.status == 200)
            #expect(try await request(server, "/employees/1").status == 500)
            #expect(try await request(server, "/employees/1").status == 500)
            #expect(try await request(server, "/employees/1").status == 200)
        }
    }

    @Test("reset clears forced failures")
    func resetClearsFailures() async throws {
        try await withServer { server in
            _ = try await request(server, "/__standin/fail?route=people.health&count=5", method: "POST")
            _ = try await request(server, "/__standin/reset", method: "POST")
            #expect(try await request(server, "/healthCheck").status == 200)
        }
    }

    @Test("control endpoints reject bad input", arguments: [
        ("/__standin/fail?route=nope.list", "POST", 400),
        ("/__standin/fail?route=people.list&count=-1", "POST", 400),
        ("/__standin/latency?ms=soon", "POST", 400),
        ("/__standin/stats", "POST", 405),
        ("/__standin/reset", "GET", 405),
        ("/__standin/explode", "POST", 404),
    ])
    func badControl(path: String, method: String, status: Int) async throws {
        try await withServer { server in
            let reply = try await request(server, path, method: method)
            #expect(reply.status == status)
            #expect(try reply.json() is [String: Any])
        }
    }

    @Test("latency delays the answer by at least the set time")
    func latency() async throws {
        try await withServer { server in
            await server.setLatency(milliseconds: 300)
            let clock = ContinuousClock()
            let start = clock.now
            let reply = try await request(server, "/healthCheck")
            #expect(clock.now - start >= .milliseconds(300))
            #expect(reply.status == 200)
        }
    }

    @Test("latency set through the control endpoint and from the options")
    func latencyEndpointAndOption() async throws {
        try await withServer(StandInOptions(latencyMilliseconds: 200)) { server in
            let clock = ContinuousClock()
            var start = clock.now
            _ = try await request(server, "/nope")
            #expect(clock.now - start >= .milliseconds(200))

            let set = try await request(server, "/__standin/latency?ms=250", method: "POST")
            #expect(set.status == 200)
            start = clock.now
            _ = try await request(server, "/employees/1")
            #expect(clock.now - start >= .milliseconds(250))
        }
    }
}
