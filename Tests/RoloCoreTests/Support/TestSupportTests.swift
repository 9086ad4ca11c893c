import Foundation
import RoloCore
import Testing

/// The shared test support: the fake HTTP client answers, records, holds and fails a misused
/// test instead of trapping; temporary directories go when their test or value does.
@Suite("Shared test support: the fake HTTP client and temporary directories", .temporaryDirectories)
struct TestSupportTests {
    private func request(_ url: String, method: String = "GET") throws -> HTTPRequest {
        HTTPRequest(method: method, url: try #require(URL(string: url)))
    }

    @Test("Routes by path, whole URL and method; a route's answers in turn, the last repeating; every request recorded")
    func routes() async throws {
        let fake = FakeHTTPClient(otherwise: .notFound())
        fake.on(.path("/people"), .respond(200, "one"), .respond(200, "two"))
        fake.on(.url("https://api.test/people?page=2"), .json("[]"))
        fake.on(.path("/people"), method: "DELETE", .respond(204, ""))
        let bodies = try await [
            fake.send(request("https://api.test/people")), fake.send(request("https://api.test/people?page=1")),
            fake.send(request("https://api.test/people")), fake.send(request("https://api.test/people?page=2")),
        ].map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies == ["one", "two", "two", "[]"])
        #expect(try await fake.send(request("https://api.test/people", method: "DELETE")).status == 204)
        #expect(try await fake.send(request("https://api.test/elsewhere")).status == 404)
        #expect(fake.urls.count == 6)
    }

    @Test("A request no route answers fails the test with its method and URL, and throws; nothing traps")
    func unexpected() async throws {
        let fake = FakeHTTPClient()
        let sent = try request("https://api.test/nowhere", method: "PATCH")
        await withKnownIssue {
            await #expect(throws: FetchError.self) { try await fake.send(sent) }
        } matching: { issue in issue.comments.contains { $0.rawValue.contains("PATCH https://api.test/nowhere") } }
        #expect(fake.requests.count == 1)
    }

    @Test("A failure answer throws its error")
    func failure() async throws {
        let fake = FakeHTTPClient()
        let url = try #require(URL(string: "https://api.test/x"))
        fake.on(.any, .fail(.unreachable(url, detail: "offline")))
        let error = await #expect(throws: FetchError.self) { try await fake.send(HTTPRequest(url: url)) }
        #expect(error?.kind == .unreachable)
    }

    @Test("A held request answers only once released; a release with nothing held fails the test and returns")
    func holdAndRelease() async throws {
        let fake = FakeHTTPClient()
        fake.on(.any, .respond(200, "late"))
        fake.hold()
        let sent = try request("https://api.test/slow")
        let answer = Task { try await fake.send(sent) }
        #expect(await poll { fake.heldCount == 1 })
        await fake.release()
        #expect(String(decoding: try await answer.value.body, as: UTF8.self) == "late")
        await withKnownIssue {
            await fake.release(within: .milliseconds(50))
        } matching: { issue in issue.comments.contains { $0.rawValue.contains("no request was held") } }
    }

    @Test("Holding every request until told to stop: the held stay held until released, the next answer at once")
    func stopHolding() async throws {
        let fake = FakeHTTPClient()
        fake.on(.any, .respond(200, "ok"))
        fake.hold(.max, method: "PATCH")
        let held = try (1...2).map { number in
            let sent = try request("https://api.test/people/\(number)", method: "PATCH")
            return Task { try await fake.send(sent) }
        }
        #expect(try await fake.send(request("https://api.test/people")).status == 200, "a GET isn't held")
        #expect(await poll { fake.heldCount == 2 })
        fake.stopHolding()
        #expect(try await fake.send(request("https://api.test/people/3", method: "PATCH")).status == 200)
        #expect(fake.heldCount == 2)
        for _ in held { await fake.release() }
        for task in held { #expect(try await task.value.status == 200) }
        #expect(fake.mostInFlight == 3, "the two held and the write answered beside them")
    }

    @Test("A forwarded request is the other client's answer, recorded and counted in flight here")
    func forward() async throws {
        let server = FakeHTTPClient()
        server.on(.path("/people"), .respond(200, "from the server"))
        server.hold(2)
        let fake = FakeHTTPClient()
        fake.on(.any, answers: [.forward(to: server), .forward(to: server), .respond(500, "")])
        let sent = try request("https://api.test/people")
        let first = Task { try await fake.send(sent) }, second = Task { try await fake.send(sent) }
        #expect(await poll { server.heldCount == 2 })
        #expect(fake.mostInFlight == 2 && server.requests.count == 2)
        await server.release()
        await server.release()
        for task in [first, second] { #expect(String(decoding: try await task.value.body, as: UTF8.self) == "from the server") }
        #expect(try await fake.send(sent).status == 500, "the last answer repeats once the forwards are used")
        #expect(fake.requests.count == 3 && server.requests.count == 2)
    }

    @Test("Answers in turn are given once each, whatever the URL; one more request fails the test and throws")
    func inTurn() async throws {
        let fake = FakeHTTPClient(inTurn: [.respond(429, ""), .json("{}")])
        #expect(try await fake.send(request("https://api.test/a")).status == 429)
        #expect(try await fake.send(request("https://api.test/b", method: "PUT")).status == 200)
        await withKnownIssue {
            await #expect(throws: FetchError.self) { try await fake.send(request("https://api.test/c")) }
        } matching: { issue in issue.comments.contains { $0.rawValue.contains("GET https://api.test/c") } }
        #expect(fake.urls == ["https://api.test/a", "https://api.test/b", "https://api.test/c"])
    }

    @Test("Queued answers go before the routes, oldest first, to the requests they match; the rest go to the routes")
    func queue() async throws {
        let fake = FakeHTTPClient()
        fake.on(.any, method: "GET", .respond(200, "list"))
        let write = FakeHTTPClient.Match.matching { $0.method != "GET" }
        fake.queue([.respond(201, "first")], for: write)
        fake.queue([.respond(500, "second")], for: write)
        let bodies = try await [
            fake.send(request("https://api.test/people")), fake.send(request("https://api.test/people/1", method: "POST")),
            fake.send(request("https://api.test/people")), fake.send(request("https://api.test/people/1", method: "PATCH")),
        ].map { "\($0.status) " + String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies == ["200 list", "201 first", "200 list", "500 second"])
        await withKnownIssue {
            await #expect(throws: FetchError.self) { try await fake.send(request("https://api.test/people/1", method: "DELETE")) }
        } matching: { issue in issue.comments.contains { $0.rawValue.contains("DELETE") } }
    }

    @Test("A failure of a kind names the request's server, as the HTTP client's does; always answers every request alike")
    func failureKindAndAlways() async throws {
        let fake = FakeHTTPClient(inTurn: [.fail(.timedOut)])
        let error = await #expect(throws: FetchError.self) { try await fake.send(request("https://api.test:8443/x")) }
        #expect(error?.kind == .timedOut && error?.endpoint == "api.test:8443")
        #expect(error?.message == "Can't reach api.test:8443 — r to retry")
        let accepting = FakeHTTPClient(always: .json("{}"))
        for method in ["PUT", "DELETE", "GET"] {
            #expect(try await accepting.send(request("https://api.test/\(method)", method: method)).body == Data("{}".utf8))
        }
        #expect(accepting.requests.map(\.method) == ["PUT", "DELETE", "GET"])
    }

    @Test("releaseAll lets every held request go on and holds no more")
    func releaseAll() async throws {
        let fake = FakeHTTPClient()
        fake.on(.any, .respond(200, "ok"))
        fake.hold(.max)
        let held = try (1...3).map { number in
            let sent = try request("https://api.test/\(number)")
            return Task { try await fake.send(sent) }
        }
        #expect(await poll { fake.heldCount == 3 })
        fake.releaseAll()
        for task in held { #expect(try await task.value.status == 200) }
        #expect(fake.heldCount == 0)
        #expect(try await fake.send(request("https://api.test/4")).status == 200, "not held")
    }

    @Test("A temporary directory goes with its value; a scoped one lives to the test's end")
    func temporaryDirectories() throws {
        var path = ""
        do {
            let directory = try TemporaryDirectory("rolo-support")
            path = try directory.write("a/b.txt", "hi")
            #expect(FileManager.default.fileExists(atPath: path))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        let scoped = try TemporaryDirectory.scoped("rolo-support")
        #expect(FileManager.default.fileExists(atPath: scoped.path))
        let (root, config) = try TemporaryDirectory.scopedConfig("tabs = []\n")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "tabs = []\n" && config.hasPrefix(root))
    }

    @Test("eventually names what it waited for when it runs out")
    func eventuallyTimesOut() async {
        let error = await #expect(throws: WaitTimedOut.self) {
            try await eventually("the moon", within: .milliseconds(30)) { false }
        }
        #expect(error?.description.contains("the moon") == true)
    }
}
