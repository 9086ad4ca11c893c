import Foundation
import RoloCore
import StandIn
import Testing

/// randomuser.me, checked over a real socket: raw bodies where the shape matters, and rolo's
/// own ``RandomUserClient`` where the round trip does.
@Suite("randomuser.me API")
struct RandomUserAPITests {
    private func client(_ server: StandInServer) -> RandomUserClient {
        RandomUserClient(
            baseURL: server.baseURL.appendingPathComponent("randomuser/api/"), http: testClient,
            timeout: standInTestTimeout)
    }

    private func page(_ server: StandInServer, _ query: String) async throws -> [String: Any] {
        let reply = try await request(server, "/randomuser/api/?\(query)")
        #expect(reply.status == 200)
        return try #require(try reply.json() as? [String: Any])
    }

    @Test("A page has the real shape: results and info with seed, results, page and version")
    func shape() async throws {
        try await withServer { server in
            let reply = try await request(server, "/randomuser/api/?results=10&page=2&seed=abc")
            #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
            let body = try #require(try reply.json() as? [String: Any])
            let info = try #require(body["info"] as? [String: Any])
            #expect(info["seed"] as? String == "abc")
            #expect(info["results"] as? Int == 10)
            #expect(info["page"] as? Int == 2)
            #expect(info["version"] as? String == "1.4")
            let persons = try #require(body["results"] as? [[String: Any]])
            #expect(persons.count == 10)
            let keys: Set = ["gender", "name", "location", "email", "login", "dob", "registered", "phone", "cell", "id", "picture", "nat"]
            #expect(persons.allSatisfy { keys.isSubset(of: Set($0.keys)) })
            let dates = persons.compactMap { ($0["dob"] as? [String: Any])?["date"] as? String }
            #expect(dates.count == 10 && dates.allSatisfy { $0.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil })
        }
    }

    @Test("Every page of ten holds the quirks: both postcode types, zero-led ones, null and empty ids, scripts")
    func quirks() async throws {
        try await withServer { server in
            let persons = try #require(try await page(server, "results=10&page=1&seed=q")["results"] as? [[String: Any]])
            let postcodes = persons.compactMap { ($0["location"] as? [String: Any])?["postcode"] }
            #expect(postcodes.contains { $0 is Int })
            #expect(postcodes.contains { ($0 as? String)?.hasPrefix("0") == true })
            let ids = persons.compactMap { $0["id"] as? [String: Any] }
            #expect(ids.filter { $0["value"] is NSNull }.count == 1)
            #expect(ids.contains { $0["name"] as? String == "" })
            #expect(Set(persons.compactMap { $0["nat"] as? String }).count == 10)
            #expect(persons.contains { $0["emergency_contact"] != nil })
            #expect(persons.contains { $0["emergency_contact"] == nil })

            let decoded = try await client(server).page(1, size: 10, seed: "q").persons
            #expect(decoded.count == 10)
            #expect(decoded.contains { $0.nationality == "IR" && $0.firstName.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) } })
            #expect(decoded.contains { $0.nationality == "UA" && $0.firstName.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
            #expect(decoded.allSatisfy { $0.birthday != nil && $0.pictureLarge != nil && !$0.latitude.isEmpty })
            #expect(decoded.filter { $0.idValue == nil }.count == 1)
        }
    }

    @Test("Same seed and page give the same persons, another page or seed others; a page of 10 starts the page of 20")
    func determinism() async throws {
        try await withServer { server in
            let users = client(server)
            let first = try await users.page(1, size: 10, seed: "abc").persons
            #expect(try await users.page(1, size: 10, seed: "abc").persons == first)
            let second = try await users.page(2, size: 10, seed: "abc").persons
            #expect(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
            let other = try await users.page(1, size: 10, seed: "xyz").persons
            #expect(Set(first.map(\.id)).isDisjoint(with: other.map(\.id)))
            #expect(Array(try await users.page(1, size: 20, seed: "abc").persons.prefix(10)) == first)
            let leap = try #require(first[7].birthday)
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            #expect(utc.dateComponents([.month, .day], from: leap) == DateComponents(month: 2, day: 29))
        }
    }

    @Test("Avatars are JPEGs of 128, 72 and 48 px at the URLs the page gives, and are counted")
    func avatars() async throws {
        try await withServer { server in
            let person = try #require(try await client(server).page(1, size: 1, seed: "a").persons.first)
            for (url, edge) in [(person.pictureLarge, 128), (person.pictureMedium, 72), (person.pictureThumbnail, 48)] {
                let url = try #require(url)
                #expect(url.path.hasPrefix("/randomuser/portraits/"))
                let reply = try await request(server, url.path)
                #expect(reply.status == 200)
                #expect(reply.header("Content-Type") == "image/jpeg")
                try expectJPEG(reply.body, width: edge, height: edge)
            }
            let large = try #require(person.pictureLarge)
            #expect(try await request(server, large.path).body == request(server, large.path).body)
            #expect(await server.requestCount("randomuser.avatar") == 5)
            #expect(await server.requestCount("randomuser.page") == 1)
            #expect(try await request(server, "/randomuser/portraits/huge/1.jpg").status == 404)
            #expect(try await request(server, "/randomuser/portraits/large/100.jpg").status == 404)
        }
    }

    @Test("More than 5000 results is the API's {error} body, which the client reports in its words")
    func tooMany() async throws {
        try await withServer { server in
            let body = try await page(server, "results=5001")
            #expect((body["error"] as? String)?.contains("5000") == true)
            let error = await #expect(throws: FetchError.self) { _ = try await client(server).page(1, size: 5001, seed: "s") }
            #expect(error?.message.hasPrefix("randomuser.me says: ") == true)
            #expect(try await page(server, "results=5000&seed=big")["results"].map { ($0 as? [Any])?.count } == 5000)
        }
    }

    @Test("The rate-limit switch answers 429 to the first requests, then pages again")
    func rateLimited() async throws {
        try await withServer(StandInOptions(randomUserRateLimitedRequests: 2)) { server in
            let users = client(server)
            let first = await #expect(throws: FetchError.self) { _ = try await users.page(1, size: 10, seed: "s") }
            let second = await #expect(throws: FetchError.self) { _ = try await users.page(1, size: 10, seed: "s") }
            #expect(first?.kind == .httpStatus(429) && second?.kind == .httpStatus(429))
            let third = try await users.page(1, size: 10, seed: "s")
            #expect(third.persons.count == 10)
            #expect(await server.requestCount("randomuser.page") == 3)
        }
    }

    @Test("A forced failure is a 500 with the API's {error} text")
    func forcedFailure() async throws {
        try await withServer { server in
            await server.setFailure("randomuser.page", remaining: 1)
            let error = await #expect(throws: FetchError.self) { _ = try await client(server).page(1, size: 10, seed: "s") }
            #expect(error?.kind == .httpStatus(500))
            #expect(error?.message.hasPrefix("randomuser.me says: Uh oh") == true)
        }
    }

    @Test("No seed: the page reports the seed it used, and /api without the slash answers too")
    func defaults() async throws {
        try await withServer { server in
            let body = try await page(server, "")
            let info = try #require(body["info"] as? [String: Any])
            #expect((info["seed"] as? String)?.count == 16)
            #expect(info["page"] as? Int == 1 && info["results"] as? Int == 1)
            #expect(try await request(server, "/randomuser/api?results=2").status == 200)
        }
    }
}
