import Foundation
import RoloCore
import StandIn
import Testing

/// The 2025 OpenFoods API (`--foods-paged`), over a real socket: raw pages where the shape
/// matters, and rolo's own ``FoodsClient`` finding the pages and reading them all.
@Suite("Foods (OpenFoods) API, 2025: pages")
struct FoodsPagedAPITests {
    private static let user = "standin-user"
    private static let paged = StandInOptions(foodsLikeFailRate: 0, foodsPaged: true)

    private func client(_ server: StandInServer) -> FoodsClient {
        FoodsClient(baseURL: server.baseURL.appendingPathComponent("foods/api/v1/\(Self.user)"), http: testClient,
                    timeout: standInTestTimeout)
    }

    private func page(_ server: StandInServer, _ number: String) async throws -> (ids: [Int], total: Int?) {
        let reply = try await request(server, "/foods/api/v1/\(Self.user)/food/\(number)")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
        let object = try #require(try reply.json() as? [String: Any])
        #expect(Set(object.keys) == ["foods", "totalCount"])
        let foods = try #require(object["foods"] as? [[String: Any]])
        return (foods.compactMap { $0["id"] as? Int }, object["totalCount"] as? Int)
    }

    @Test("GET food is Express's 404 page, as on the 2025 server")
    func noWholeList() async throws {
        try await withServer(Self.paged) { server in
            let reply = try await request(server, "/foods/api/v1/\(Self.user)/food")
            #expect(reply.status == 404)
            #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
            #expect(reply.text.hasPrefix("<!DOCTYPE html>"))
            #expect(reply.text.contains("<pre>Cannot GET /api/v1/\(Self.user)/food</pre>"))
            #expect(ResponseBody(reply.body) == .html)
        }
    }

    @Test("GET food/<page> answers 10 foods a page from 0 with the totalCount; past the end, none")
    func pages() async throws {
        try await withServer(Self.paged) { server in
            let first = try await page(server, "0")
            #expect(first.ids == Array(1...10))
            #expect(first.total == 40)
            #expect(try await page(server, "3").ids == Array(31...40))
            let past = try await page(server, "4")
            #expect(past.ids.isEmpty)
            #expect(past.total == 40)
            #expect(try await page(server, "9223372036854775807").ids.isEmpty)
        }
    }

    @Test("A page that isn't a whole number from 0 is a 400 with an error", arguments: ["-1", "abc", "1.5"])
    func badPage(_ number: String) async throws {
        try await withServer(Self.paged) { server in
            let reply = try await request(server, "/foods/api/v1/\(Self.user)/food/\(number)")
            #expect(reply.status == 400)
            #expect(reply.text == "{\"error\":\"Invalid page\"}")
        }
    }

    @Test("The pages hold the same foods as the 2023 list, in its order")
    func sameFoods() async throws {
        // Each server has its own port, so the photos' URLs are compared by path.
        func read(_ options: StandInOptions) async throws -> [Food] {
            try await withServer(options) { server in
                try await client(server).foods().records.map { food in
                    var local = food
                    local.photoURL = food.photoURL.flatMap { URL(string: $0.path) }
                    return local
                }
            }
        }
        let whole = try await read(StandInOptions(foodsLikeFailRate: 0))
        let paged = try await read(Self.paged)
        #expect(paged == whole)
        #expect(paged.count == 40)
        #expect(paged.first?.photoURL?.absoluteString == "/foods/photos/1.jpg")
    }

    @Test("rolo's client finds the pages by itself and reads all of them, one request each")
    func clientReadsAll() async throws {
        try await withServer(Self.paged) { server in
            let foods = client(server)
            let read = try await foods.allPages()
            #expect(read.foods.map(\.id) == (1...40).map(String.init))
            #expect(read.paging.pagesRead == 4)
            #expect(read.paging.end == .reachedTotal)
            #expect(foods.apiVersion == .paged)
            #expect(await server.requestCount("foods.list") == 1, "the probe")
            #expect(await server.requestCount("foods.page") == 4)
            _ = try await foods.foods()
            #expect(await server.requestCount("foods.list") == 1, "the API is remembered")
            #expect(await server.requestCount("foods.page") == 8)
        }
    }

    @Test("Likes work on the paged API and show on the food's page")
    func likes() async throws {
        try await withServer(Self.paged) { server in
            let foods = client(server)
            let before = try #require(try await foods.foods().records.first { !$0.isLiked && (Int($0.id) ?? 0) > 10 })
            try await foods.setLiked(true, foodID: before.id)
            let liked = try #require(try await foods.foods().records.first { $0.id == before.id })
            #expect(liked.isLiked)
            #expect(try #require(liked.lastUpdated) > #require(before.lastUpdated))
            try await foods.setLiked(false, foodID: before.id)
            #expect(try await foods.foods().records.first { $0.id == before.id }?.isLiked == false)
        }
    }

    @Test("A failed page is a 500 the client reports; the next request for it answers")
    func failedPage() async throws {
        try await withServer(Self.paged) { server in
            let foods = client(server)
            _ = try await foods.page(0)
            await server.setFailure("foods.page", remaining: 1)
            let error = await #expect(throws: FetchError.self) { try await foods.page(1) }
            #expect(error?.kind == .httpStatus(500))
            #expect(try await foods.page(1).foods.records.map(\.id) == (11...20).map(String.init))
        }
    }
}
