import Foundation
import Logging
import RoloCore
import StandIn
import Testing

extension EndToEnd {
    /// A user's `[[actions]]` for a built-in source, on its tab: the real binary in tmux, the
    /// stand-in's foods over HTTP.
    @Suite("[[actions]] on a built-in tab: foods in tmux against the stand-in", .serialized)
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
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("rolo-builtin-actions-e2e-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: home) }
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
    }
}
