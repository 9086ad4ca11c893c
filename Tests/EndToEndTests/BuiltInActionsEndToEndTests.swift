import Foundation
import Logging
import RoloCore
import StandIn
import Testing

extension EndToEnd {
    /// A user's `[[actions]]` for a built-in source, on its tab: the real binary in tmux, the
    /// stand-in's foods over HTTP.
    @Suite("[[actions]] on a built-in tab: foods in tmux against the stand-in", .serialized, .temporaryDirectories)
    struct BuiltInActionsEndToEndTests {
        /// The user's action for foods: the food's name and like, echoed into rolo's overlay.
        static let config = """
            [[actions]]
            source = "foods"
            name = "say"
            key = "S"
            title = "Say its name"
            command = ["sh", "-c", "echo \\"food: $1 liked=$2\\"", "--", "{name}", "{liked}"]
            mode = "output"
            """

        @Test("S runs the user's output command with the selected food's values; the footer names it")
        func foodsOutputCommand() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try TemporaryDirectory.scopedPath("rolo-builtin-actions-e2e")
            try Data(Self.config.utf8).write(to: URL(fileURLWithPath: home + "/config.toml"))
            let server = try await StandInServer.start(StandInOptions(foodsLikeFailRate: 0), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let base = server.baseURL.appendingPathComponent("foods/api/v1/e2e")
            let tmux = try await TmuxSession(width: 120, height: 30)
            do {
                let list = try await CurlHTTPClient().send(HTTPRequest(url: base.appendingPathComponent("food"))).body
                let first = try #require((try JSONSerialization.jsonObject(with: list) as? [[String: Any]])?.first)
                let name = try #require(first["name"] as? String), liked = try #require(first["isLiked"] as? Bool)
                try tmux.run("\(RoloBinary.path) foods --config \(home)/config.toml --data-dir \(home)/data --foods-url \(base.absoluteString) --images off")
                try await tmux.waitFor("the foods list, the action in the footer") { $0.contains(String(name.prefix(10))) && $0.contains("S Say its name") }
                try tmux.send("S")
                let output = try await tmux.waitFor("the output overlay") { $0.contains("Say its name — exit 0") }
                #expect(output.contains("food: \(name.prefix(40))"), "\(output)")
                #expect(output.contains("liked=\(liked)"), "\(output)")
                try tmux.send("Escape")
                try await tmux.waitFor("the overlay closed") { !$0.contains("Say its name — exit 0") }
            } catch {
                _ = tmux.close()
                await server.stop()
                throw error
            }
            try? tmux.send("q")
            _ = tmux.close()
            await server.stop()
        }

        /// The stand-in's foods as its API lists them now: each id and like.
        private func foods(_ base: URL) async throws -> [(id: String, liked: Bool)] {
            let list = try await CurlHTTPClient().send(HTTPRequest(url: base.appendingPathComponent("food"))).body
            let foods = try #require(try JSONSerialization.jsonObject(with: list) as? [[String: Any]])
            return try foods.map { food in
                let id = try #require((food["id"] as? Int).map(String.init) ?? food["id"] as? String)
                return (id, try #require(food["isLiked"] as? Bool))
            }
        }

        /// Polls the stand-in until `condition` holds of its foods (60 s at most).
        private func waitForServer(_ what: String, _ base: URL, _ condition: ([(id: String, liked: Bool)]) -> Bool) async throws {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if condition(try await foods(base)) { return }
                try await Task.sleep(for: .milliseconds(100))
            }
            Issue.record("the stand-in never had \(what)")
        }

        @Test("3 foods marked, a, like (or unlike), y: each sent, the results overlay; [keys] unlike = \"U\" moves unlike alone")
        func bulkLikeAndMovedUnlike() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let (home, config) = try TemporaryDirectory.scopedConfig("[keys]\nunlike = \"U\"\n", name: "rolo-shipped-e2e")
            let server = try await StandInServer.start(StandInOptions(foodsLikeFailRate: 0), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let base = server.baseURL.appendingPathComponent("foods/api/v1/e2e")
            let tmux = try await TmuxSession(width: 120, height: 30)
            do {
                let before = try await foods(base)
                try #require(before.count >= 3)
                // The menu on the first food offers what applies to it; the marked like it run it.
                let first = before[0].liked
                let name = first ? "unlike" : "like"
                let chosen = before.prefix(3).filter { $0.liked == first }.map(\.id)
                try tmux.run("\(RoloBinary.path) foods --config \(config) --data-dir \(home)/data --foods-url \(base.absoluteString) --images off; echo X-EXIT=$?")
                try await tmux.waitFor("the foods list, both keys in the footer") { $0.contains("l like") && $0.contains("U unlike") }
                try await tmux.waitIdle(after: 0)
                try tmux.send("Space", "Space", "Space")
                try await tmux.waitFor("3 marks") { $0.contains("3 marked") }
                try tmux.send("g", "a")
                try await tmux.waitFor("the menu with \(name)") { $0.contains("Actions") && $0.contains("Like or unlike the selected food") }
                try tmux.send("Enter")
                try await tmux.waitFor("the one question") { $0.contains("PUT \(chosen.count) foods?") }
                try tmux.send("y")
                let results = try await tmux.waitFor("the results") { $0.contains("\(name): \(chosen.count) done") }
                #expect(results.contains("Done (\(chosen.count))"), "\(results)")
                try await waitForServer("the marked foods \(name)d", base) { foods in
                    foods.filter { chosen.contains($0.id) }.allSatisfy { $0.liked == !first }
                }
                try tmux.send("Escape")
                try await tmux.waitFor("the results closed") { !$0.contains("Done (") }
                // A marked food the action left out stays marked; with marks, l and U would act on it.
                try tmux.send("Escape")
                try await tmux.waitFor("the marks cleared") { !$0.contains("marked") }

                // Food 1 is now liked or not: l likes it when it isn't, then U unlikes it.
                if first {
                    try tmux.send("l")
                    try await waitForServer("food 1 liked", base) { $0.first?.liked == true }
                    try await tmux.waitIdle(after: 0)
                }
                try tmux.send("l")
                try await tmux.waitIdle(after: 0)
                #expect(try await foods(base).first?.liked == true, "l only likes: unlike is on U")
                try tmux.send("U")
                try await waitForServer("food 1 unliked by U", base) { $0.first?.liked == false }
                try tmux.send("q")
                try await tmux.waitFor("rolo to exit") { $0.contains("X-EXIT=0") }
            } catch {
                _ = tmux.close()
                await server.stop()
                throw error
            }
            _ = tmux.close()
            await server.stop()
        }
    }
}
