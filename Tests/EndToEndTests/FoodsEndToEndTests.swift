import Foundation
import Logging
import RoloCore
import StandIn
import Testing

/// The foods source in the real binary, in tmux, against the stand-in over real HTTP.
extension EndToEnd {
    @Suite("foods in tmux against the stand-in", .serialized)
    struct FoodsEndToEndTests {
        private struct FirstFood {
            let name: String
            let isLiked: Bool
        }

        private func start() async throws -> (StandInServer, URL) {
            let server = try await StandInServer.start(StandInOptions(foodsLikeFailRate: 0), logger: Logger(label: "test.stand-in"))
            return (server, server.baseURL.appendingPathComponent("foods/api/v1/e2e"))
        }

        /// The first food as the stand-in has it now.
        private func firstFood(_ base: URL) async throws -> FirstFood {
            let data = try await CurlHTTPClient().send(HTTPRequest(url: base.appendingPathComponent("food"))).body
            let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            let first = try #require(list.first)
            return FirstFood(name: try #require(first["name"] as? String), isLiked: try #require(first["isLiked"] as? Bool))
        }

        /// The like symbol on the list row of `name` (the list may cut a long name), if any.
        private func symbol(of name: String, in screen: String) -> Character? {
            let prefix = String(name.prefix(10))
            let hearts: Set<Character> = ["♥", "♡"]
            let line = screen.split(separator: "\n").first { $0.contains(prefix) && $0.contains { hearts.contains($0) } }
            return line?.first { hearts.contains($0) }
        }

        @Test("l flips the heart at once, the stand-in records the PUT, and the list agrees after the reload")
        func like() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let (server, base) = try await start()
            defer { Task { await server.stop() } }
            let food = try await firstFood(base)
            let tmux = try await TmuxSession(width: 120, height: 30, term: "xterm-256color")
            try tmux.run("\(RoloBinary.path) foods --foods-url \(base.absoluteString) --images off")
            try await tmux.waitFor("the foods list") { symbol(of: food.name, in: $0) == (food.isLiked ? "♥" : "♡") }
            try tmux.send("l")
            try await tmux.waitFor("the heart flipped") { symbol(of: food.name, in: $0) == (food.isLiked ? "♡" : "♥") }
            let route = food.isLiked ? "foods.unlike" : "foods.like"
            try await eventually("the stand-in to record the PUT") { await server.requestCount(route) == 1 }
            try await eventually("the reload after the like") { await server.requestCount("foods.list") >= 2 }
            try await tmux.waitIdle(after: 0)
            #expect(try await firstFood(base).isLiked == !food.isLiked)
            #expect(symbol(of: food.name, in: try tmux.capture()) == (food.isLiked ? "♡" : "♥"))
            try tmux.send("q")
        }

        @Test("A failed like puts the heart back and says why in a banner")
        func failedLike() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let (server, base) = try await start()
            defer { Task { await server.stop() } }
            let food = try await firstFood(base)
            await server.setFailure("foods.like", remaining: 1)
            await server.setFailure("foods.unlike", remaining: 1)
            let tmux = try await TmuxSession(width: 120, height: 30, term: "xterm-256color")
            try tmux.run("\(RoloBinary.path) foods --foods-url \(base.absoluteString) --images off")
            try await tmux.waitFor("the foods list") { symbol(of: food.name, in: $0) == (food.isLiked ? "♥" : "♡") }
            try tmux.send("l")
            let screen = try await tmux.waitFor("the banner and the heart put back") {
                $0.contains("The foods server refused") && symbol(of: food.name, in: $0) == (food.isLiked ? "♥" : "♡")
            }
            #expect(screen.contains("try again"))
            #expect(try await firstFood(base).isLiked == food.isLiked, "the server kept its state")
            try tmux.send("q")
        }

        @Test("A slow list shows the spinner, then the list")
        func slowList() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let (server, base) = try await start()
            defer { Task { await server.stop() } }
            let food = try await firstFood(base)
            await server.setLatency(milliseconds: 1500)
            let tmux = try await TmuxSession(width: 120, height: 30, term: "xterm-256color")
            try tmux.run("\(RoloBinary.path) foods --foods-url \(base.absoluteString) --images off")
            try await tmux.waitFor("the spinner while the list loads") { $0.contains("loading") && $0.contains("Loading foods") }
            try await tmux.waitFor("the list once it arrives") { $0.contains(food.name) && !$0.contains("Loading foods") }
            try tmux.send("q")
        }
    }
}
