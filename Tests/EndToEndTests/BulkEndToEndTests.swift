import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import StandIn
import Testing

extension EndToEnd {
    /// Marks and a bulk action in the real binary, in tmux, against the stand-in's staff
    /// directory over HTTP: 100 people marked, a PATCH on each, every 10th refused by the server.
    @Suite("Bulk actions in tmux against the stand-in", .serialized, .temporaryDirectories)
    struct BulkEndToEndTests {
        /// The staff directory with a `promote` action, as a user writes it.
        static func config(_ base: String) -> String {
            """
            [[sources]]
            name = "staff"
            url = "\(base)/staff/api/people/?page_size=50"
            records = "results"
            id = "uuid"
            label = "{name.first} {name.last}"
            columns = [ { title = "Title", value = "{title}" }, { title = "City", value = "{office.city}" } ]

            [sources.paging]
            style = "next-url"
            next = "next"

            [[sources.actions]]
            name = "promote"
            key = "x"
            title = "Make them a lead"
            method = "PATCH"
            url = "/staff/api/people/{uuid}/"
            body = { title = "Lead" }
            then = "update"
            confirm = true
            """
        }

        /// Makes the stand-in refuse writes to every `every`th person (0: none) through its HTTP
        /// control endpoint, as a script would.
        private func failWrites(every: Int, on server: StandInServer) async throws {
            let url = try #require(URL(string: server.baseURL.absoluteString + "/__standin/staff-fail?every=\(every)"))
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
        }

        @Test("100 marked with Space, G and V; one confirmation; 10 fail and are listed first; R after the server recovers makes them pass")
        func hundredMarked() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            var options = StandInOptions()
            options.staffMembers = 100
            let server = try await StandInServer.start(options, logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let (folder, config) = try TemporaryDirectory.scopedConfig(Self.config(server.baseURL.absoluteString), name: "rolo-bulk-e2e")
            do {
                try await failWrites(every: 10, on: server)
                let tmux = try await TmuxSession(width: 120, height: 40, term: "xterm-256color")
                defer { tmux.close() }
                try tmux.run("\(RoloBinary.path) staff --config \(config) --data-dir \(folder)/data --cache-dir \(folder)/cache; echo X-EXIT=$?")
                try await tmux.waitFor("the whole list") { $0.contains("100 records") && !$0.contains("loaded") }
                try await tmux.waitIdle(after: 0)

                try tmux.send("Space")
                try tmux.send("G")
                try tmux.send("V")
                try await tmux.waitFor("100 marks") { $0.contains("100 marked") }
                try tmux.send("x")
                let asking = try await tmux.waitFor("the one question") { $0.contains("PATCH 100 records?") }
                #expect(asking.contains(#"{"title":"Lead"}"#))
                #expect(await server.requestCount("staff.update") == 0, "nothing is sent before the answer")

                try tmux.send("y")
                let results = try await tmux.waitFor("the results") { $0.contains("promote: 90 done, 10 failed") }
                #expect(await server.requestCount("staff.update") == 100)
                let lines = results.split(separator: "\n")
                let failed = try #require(lines.firstIndex { $0.contains("Failed (10)") })
                let done = try #require(lines.firstIndex { $0.contains("Done (90)") })
                let reasons = lines.indices.filter { lines[$0].contains("HTTP 500 from 127.0.0.1:\(server.port): A server error occurred.") }
                #expect(reasons.count == 10, "each failed record says why:\n\(results)")
                #expect(reasons.allSatisfy { $0 > failed && $0 < done }, "the failed come first:\n\(results)")
                #expect(results.contains("R retries the failed"))

                try await failWrites(every: 0, on: server)
                try tmux.send("R")
                try await tmux.waitFor("the retry's results") { $0.contains("promote: 100 done") }
                #expect(await server.requestCount("staff.update") == 110, "only the 10 failed are sent again")
                try tmux.send("Escape")
                try await tmux.waitFor("the marks cleared") { !$0.contains("marked") && !$0.contains("Done (100)") }
                try tmux.send("q")
                try await tmux.waitFor("rolo to exit") { $0.contains("X-EXIT=0") }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }
}
