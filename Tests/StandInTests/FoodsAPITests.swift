import Foundation
import RoloCore
import StandIn
import Testing

/// The OpenFoods API, checked over a real socket: raw bodies where the shape matters, and
/// rolo's own ``FoodsClient`` where the round trip does.
@Suite("Foods (OpenFoods) API")
struct FoodsAPITests {
    private static let user = "standin-user"

    private func client(_ server: StandInServer, user: String = user) -> FoodsClient {
        FoodsClient(baseURL: foodsBase(server, user: user), http: testClient, timeout: standInTestTimeout)
    }

    private func foodsBase(_ server: StandInServer, user: String = user) -> URL {
        server.baseURL.appendingPathComponent("foods/api/v1/\(user)")
    }

    private func list(_ server: StandInServer) async throws -> [[String: Any]] {
        let reply = try await request(server, "/foods/api/v1/\(Self.user)/food")
        return try #require(try reply.json() as? [[String: Any]])
    }

    @Test("GET food is a compact bare array of 40 foods with every field")
    func bareList() async throws {
        try await withServer { server in
            let reply = try await request(server, "/foods/api/v1/\(Self.user)/food")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
            #expect(reply.text.hasPrefix("[{\"id\":1,\"name\":\"French Onion Soup\",\"isLiked\":"))
            let foods = try #require(try reply.json() as? [[String: Any]])
            #expect(foods.compactMap { $0["id"] as? Int } == Array(1...40))
            let keys: Set = ["id", "name", "isLiked", "photoURL", "description", "countryOfOrigin", "lastUpdatedDate"]
            #expect(foods.allSatisfy { Set($0.keys) == keys })
            #expect(foods[0]["photoURL"] as? String == "http://127.0.0.1:\(server.port)/foods/photos/1.jpg")
        }
    }

    @Test("The quirks are there: invalid countries, an empty and a very long description, both date forms")
    func quirks() async throws {
        try await withServer { server in
            let foods = try await list(server)
            let countries = foods.compactMap { $0["countryOfOrigin"] as? String }
            #expect(countries.filter { Country.flag(for: $0) == nil } == ["XX", "ZZ"])
            let descriptions = foods.compactMap { $0["description"] as? String }
            #expect(descriptions.filter(\.isEmpty).count == 1)
            #expect(descriptions.contains { $0.count > 1000 })
            let dates = foods.compactMap { $0["lastUpdatedDate"] as? String }
            #expect(dates.first == "1970-01-01T00:00:00.000Z")
            #expect(dates.contains { $0.hasSuffix("Z") && !$0.contains(".") })
            #expect(dates.contains { $0.hasSuffix("+02:00") })
            let decoded = try await client(server).foods().records
            #expect(decoded.count == 40)
            #expect(decoded.allSatisfy { $0.lastUpdated != nil && $0.photoURL != nil })
        }
    }

    @Test("The 2023 API has no pages: GET food/0 is Express's 404 page")
    func noPages() async throws {
        try await withServer { server in
            let reply = try await request(server, "/foods/api/v1/\(Self.user)/food/0")
            #expect(reply.status == 404)
            #expect(reply.text.contains("<pre>Cannot GET /api/v1/\(Self.user)/food/0</pre>"))
        }
    }

    @Test("A like shows in the list as liked with a newer date; an unlike takes it back")
    func likeAndUnlike() async throws {
        try await withServer(StandInOptions(foodsLikeFailRate: 0)) { server in
            let foods = client(server)
            let before = try #require(try await foods.foods().records.first { !$0.isLiked })
            try await foods.setLiked(true, foodID: before.id)
            let liked = try #require(try await foods.foods().records.first { $0.id == before.id })
            #expect(liked.isLiked)
            #expect(try #require(liked.lastUpdated) > #require(before.lastUpdated))

            try await foods.setLiked(false, foodID: before.id)
            let unliked = try #require(try await foods.foods().records.first { $0.id == before.id })
            #expect(!unliked.isLiked)
            #expect(try #require(unliked.lastUpdated) >= #require(liked.lastUpdated))
            #expect(await server.requestCount("foods.like") == 1)
            #expect(await server.requestCount("foods.unlike") == 1)
            #expect(await server.requestCount("foods.list") == 3)
        }
    }

    @Test("Likes are kept per user")
    func perUser() async throws {
        try await withServer(StandInOptions(foodsLikeFailRate: 0)) { server in
            let alice = client(server, user: "alice")
            let bob = client(server, user: "bob")
            let target = try #require(try await alice.foods().records.first { !$0.isLiked })
            try await alice.setLiked(true, foodID: target.id)
            #expect(try await alice.foods().records.first { $0.id == target.id }?.isLiked == true)
            #expect(try await bob.foods().records.first { $0.id == target.id } == target)
        }
    }

    @Test("The options rolo --demo runs keep every like, where the stand-in's defaults fail some")
    func demoKeepsLikes() async throws {
        #expect(StandInOptions().foodsLikeFailRate > 0)
        try await withServer(.demo) { server in
            let foods = client(server)
            for round in 0..<20 {
                try await foods.setLiked(round % 2 == 0, foodID: String(round % 40 + 1))
            }
        }
    }

    @Test("With the like fail rate at 0 no like or unlike ever fails")
    func neverFails() async throws {
        try await withServer(StandInOptions(foodsLikeFailRate: 0)) { server in
            let foods = client(server)
            for round in 0..<60 {
                try await foods.setLiked(round % 2 == 0, foodID: String(round % 40 + 1))
            }
        }
    }

    @Test("The default fail rate mixes 500 + error and 200 + success false, repeatably from the seed")
    func failRate() async throws {
        func replies(seed: UInt64) async throws -> [String] {
            try await withServer(StandInOptions(seed: seed)) { server in
                var replies: [String] = []
                for _ in 0..<60 {
                    let reply = try await request(server, "/foods/api/v1/\(Self.user)/food/2/like", method: "PUT")
                    replies.append("\(reply.status) \(reply.text)")
                }
                return replies
            }
        }
        let first = try await replies(seed: 5)
        #expect(first == (try await replies(seed: 5)))
        #expect(Set(first) == [
            "200 {\"success\":true}",
            "200 {\"success\":false}",
            "500 {\"error\":\"Could not update the food, please try again\"}",
        ])
        let failures = first.filter { !$0.contains("true") }.count
        #expect((3...25).contains(failures), "about a fifth of 60")
    }

    @Test("A failed like changes nothing")
    func failedLikeChangesNothing() async throws {
        try await withServer(StandInOptions(foodsLikeFailRate: 1)) { server in
            let foods = client(server)
            let before = try await foods.foods().records
            let target = try #require(before.first { !$0.isLiked })
            await #expect(throws: FetchError.self) { try await foods.setLiked(true, foodID: target.id) }
            #expect(try await foods.foods().records == before)
        }
    }

    @Test("Forced failures work for the foods routes, through Swift and the control endpoint")
    func forcedFailure() async throws {
        try await withServer(StandInOptions(foodsLikeFailRate: 0)) { server in
            await server.setFailure("foods.list", remaining: 1)
            let failedList = try await request(server, "/foods/api/v1/\(Self.user)/food")
            #expect(failedList.status == 500)
            #expect(failedList.text == "{\"error\":\"Internal server error\"}")

            let set = try await request(server, "/__standin/fail?route=foods.like&count=1", method: "POST")
            #expect(set.status == 200)
            let foods = client(server)
            let error = await #expect(throws: FetchError.self) { try await foods.setLiked(true, foodID: "1") }
            #expect(error?.kind == .httpStatus(500))
            #expect(error?.message == "The foods server refused: Internal server error — try again")
            try await foods.setLiked(true, foodID: "1")
        }
    }

    @Test("Liking an unknown food is a 404 with an error")
    func unknownFood() async throws {
        try await withServer { server in
            for id in ["0", "41", "abc"] {
                let reply = try await request(server, "/foods/api/v1/\(Self.user)/food/\(id)/like", method: "PUT")
                #expect(reply.status == 404)
                #expect(reply.text == "{\"error\":\"Food not found\"}")
            }
        }
    }

    @Test("GET on a like path is a 405 naming PUT")
    func wrongMethod() async throws {
        try await withServer { server in
            let reply = try await request(server, "/foods/api/v1/\(Self.user)/food/1/like")
            #expect(reply.status == 405)
            #expect(reply.header("Allow") == "PUT")
        }
    }

    @Test("Photos are 320×240 JPEGs; a few ids, unknown ids and other names are 404")
    func photos() async throws {
        try await withServer { server in
            let photo = try await request(server, "/foods/photos/1.jpg")
            #expect(photo.status == 200)
            #expect(photo.header("Content-Type") == "image/jpeg")
            try expectJPEG(photo.body, width: 320, height: 240)
            #expect(try await request(server, "/foods/photos/1.jpg").body == photo.body)
            #expect(try await request(server, "/foods/photos/2.jpg").body != photo.body)
            for path in ["7.jpg", "19.jpg", "33.jpg", "41.jpg", "1.png", "x.jpg"] {
                #expect(try await request(server, "/foods/photos/\(path)").status == 404, "\(path)")
            }
            #expect(await server.requestCount("foods.photo") == 9)
        }
    }

    @Test("The list follows the latency switch")
    func latency() async throws {
        try await withServer(StandInOptions(latencyMilliseconds: 250)) { server in
            let clock = ContinuousClock()
            let start = clock.now
            _ = try await request(server, "/foods/api/v1/\(Self.user)/food")
            #expect(clock.now - start >= .milliseconds(250))
        }
    }
}
