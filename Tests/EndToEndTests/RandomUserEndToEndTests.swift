import Foundation
import Logging
import StandIn
import Testing

extension EndToEnd {
    /// The randomuser source in the real binary, in tmux, against the stand-in over real HTTP.
    @Suite("randomuser in tmux against the stand-in", .serialized, .temporaryDirectories)
    struct RandomUserEndToEndTests {
        /// rolo's data and cache directories in a fresh one removed when the test ends.
        private func workspace() throws -> (data: String, cache: String) {
            let root = try TemporaryDirectory.scoped("rolo-ru-e2e")
            return (root.appendingPathComponent("data").path, root.appendingPathComponent("cache").path)
        }

        private func command(_ server: StandInServer, _ space: (data: String, cache: String)) -> String {
            "\(RoloBinary.path) randomuser --randomuser-url \(server.baseURL.absoluteString)/randomuser/api/ "
                + "--randomuser-seed e2e --data-dir \(space.data) --cache-dir \(space.cache)"
        }

        @Test("Page 2 at the end of the list; a relaunch asks for nothing; r asks for page 1; t titles the list")
        func pagingStorageAndTitle() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in"))
            defer { Task { await server.stop() } }
            let space = try workspace()
            let tmux = try await TmuxSession(width: 120, height: 40, term: "xterm-256color")

            try tmux.run(command(server, space) + "; echo FIRST-EXIT=$?")
            try await tmux.waitFor("page 1") { $0.contains("10 persons") }
            // Settled first, as the relaunch will be: moving on at once would cancel the first
            // person's portrait mid-download, and the relaunch would rightly fetch it.
            try await tmux.waitIdle(after: 0)
            try tmux.send("End")
            try await eventually("page 2 requested") { await server.requestCount("randomuser.page") == 2 }
            try await tmux.waitFor("pages 1–2 on screen") { $0.contains("20 persons") }
            try await tmux.waitIdle(after: 0)
            try tmux.send("q")
            try await tmux.waitFor("rolo to exit") { $0.contains("FIRST-EXIT=0") }

            let pages = await server.requestCount("randomuser.page")
            let avatars = await server.requestCount("randomuser.avatar")
            #expect(avatars > 0, "the first run drew avatars")
            try tmux.run(command(server, space) + "; echo SECOND-EXIT=$?")
            try await tmux.waitFor("the stored persons") { $0.contains("persons") && !$0.contains("Loading") }
            try tmux.send("End")
            try await tmux.waitFor("pages 1–2 from the database") { $0.contains("20 persons") }
            let frame = tmux.idleState().frame
            try await tmux.waitIdle(after: frame - 1)
            #expect(await server.requestCount("randomuser.page") == pages, "no list request after a relaunch")
            let avatarsAfter = await server.requestCount("randomuser.avatar")
            #expect(avatarsAfter == avatars, "cached avatars are never fetched again: \(avatars) before, \(avatarsAfter) after")

            try tmux.send("r")
            try await eventually("page 1 requested again") { await server.requestCount("randomuser.page") == pages + 1 }
            try await tmux.waitFor("the refreshed first page") { $0.contains("10 persons") && $0.contains("page 1") }

            try tmux.send("Enter")
            let detail = try await tmux.waitFor("the detail") { $0.contains("Mobile") && $0.contains("Age") }
            let name = try #require(detail.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: "First name") else { return nil }
                return line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            }.first)
            try tmux.send("t")
            try await tmux.waitFor("the list titled with the person's name") { screen in
                screen.split(separator: "\n").dropFirst().first?.contains(name) == true
            }
            try tmux.send("q")
        }

        @Test("A failed next page shows the retry row; Enter on it loads the page")
        func retryRow() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in"))
            defer { Task { await server.stop() } }
            let space = try workspace()
            let tmux = try await TmuxSession(width: 120, height: 40, term: "xterm-256color")
            try tmux.run(command(server, space) + " --images off")
            try await tmux.waitFor("page 1") { $0.contains("10 persons") }
            try await tmux.waitIdle(after: 0)

            try await failNext("randomuser.page", on: server)
            try tmux.send("End")
            try await tmux.waitFor("the retry row") { $0.contains("Couldn't load more:") && $0.contains("Enter to retry") }
            #expect(await server.requestCount("randomuser.page") == 2)
            try tmux.send("Down")
            try await tmux.waitFor("the retry row's detail") { $0.contains("Enter tries again.") }
            #expect(await server.requestCount("randomuser.page") == 2, "resting on the row asks for nothing")
            try tmux.send("Enter")
            let loaded = try await tmux.waitFor("page 2 after Enter") { $0.contains("20 persons") }
            #expect(!loaded.contains("Couldn't load more"))
            #expect(await server.requestCount("randomuser.page") == 3)
            try tmux.send("q")
        }
    }
}
