import Foundation
import Logging
import RoloCore
import StandIn
import Testing

/// The foods source against the 2025 API (`--foods-paged` stand-in): the real binary finds the
/// pages by itself from the same URL, in tmux and in `rolo dump`.
extension EndToEnd {
    @Suite("foods against the paged 2025 API", .serialized, .temporaryDirectories)
    struct FoodsPagedEndToEndTests {
        private static let quiet = Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() }

        private func start(paged: Bool) async throws -> (StandInServer, URL) {
            let server = try await StandInServer.start(StandInOptions(foodsLikeFailRate: 0, foodsPaged: paged), logger: Self.quiet)
            return (server, server.baseURL.appendingPathComponent("foods/api/v1/e2e"))
        }

        /// The last food of the stand-in's list, read from its last page.
        private func lastFoodName(_ base: URL) async throws -> String {
            let data = try await CurlHTTPClient().send(HTTPRequest(url: base.appendingPathComponent("food/3"))).body
            let page = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(page["totalCount"] as? Int == 40, "the stand-in's 40 foods: 4 pages of 10")
            let foods = try #require(page["foods"] as? [[String: Any]])
            return try #require(foods.last?["name"] as? String)
        }

        @Test("rolo foods finds the pages, says how many are in while they come, and End reaches the last food")
        func reachesLastFood() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let (server, base) = try await start(paged: true)
            defer { Task { await server.stop() } }
            let last = try await lastFoodName(base)
            let asked = await server.requestCount("foods.page")
            // Slow enough to see the pages arrive one by one.
            await server.setLatency(milliseconds: 400)
            let tmux = try await TmuxSession(width: 120, height: 30, term: "xterm-256color")
            try tmux.run("\(RoloBinary.path) foods --foods-url \(base.absoluteString) --images off")
            try await tmux.waitFor("the first page, with the count still coming") {
                $0.contains("French Onion Soup") && $0.contains("of 40…")
            }
            try await tmux.waitIdle(after: 0)
            let whole = try tmux.capture()
            #expect(whole.contains("40 foods"), "\(whole)")
            #expect(!whole.contains("of 40"), "\(whole)")
            try tmux.send("End")
            let screen = try await tmux.waitFor("the last food selected") { $0.contains("40/40") && $0.contains(last) }
            #expect(!screen.contains("404"), "\(screen)")
            let (probes, pages) = (await server.requestCount("foods.list"), await server.requestCount("foods.page"))
            #expect(probes == 1, "one probe of GET food")
            #expect(pages - asked == 4, "pages 0 to 3, each once")
            try tmux.send("q")
        }

        /// A fresh directory for a dump's HOME and XDG directories, removed when the test ends.
        private static func home() throws -> String {
            try TemporaryDirectory.scopedPath("rolo-dump-foods")
        }

        /// `rolo dump foods` against a stand-in of one API: the run, and how many pages it asked for.
        private func dump(paged: Bool, home: String) async throws -> (run: DumpProcess, pages: Int) {
            let (server, base) = try await start(paged: paged)
            let run = try await DumpProcess.run(
                ["dump", "foods", "--format", "tsv", "--fields", "id,name,liked,updated", "--foods-url", base.absoluteString], home: home)
            let pages = await server.requestCount("foods.page")
            await server.stop()
            return (run, pages)
        }

        @Test("rolo dump foods prints every food, the same from the 2023 list and the 2025 pages")
        func dump() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try Self.home()
            defer { try? FileManager.default.removeItem(atPath: home) }
            let whole = try await dump(paged: false, home: home)
            let paged = try await dump(paged: true, home: home)
            for (run, pages, expected) in [(whole.run, whole.pages, 0), (paged.run, paged.pages, 4)] {
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stderr.isEmpty, "\(run.stderr)")
                let lines = run.stdout.split(separator: "\n")
                #expect(lines.first == "id\tname\tliked\tupdated")
                let ids: [String] = lines.dropFirst().map { line in String(line.prefix { $0 != "\t" }) }
                #expect(ids == (1...40).map(String.init))
                #expect(lines.dropFirst().first?.hasPrefix("1\tFrench Onion Soup\t") == true)
                #expect(pages == expected)
            }
            #expect(paged.run.stdout == whole.run.stdout, "the same foods whichever API served them")
        }

        @Test("rolo dump foods against a URL that is neither API: status 1 and the 404 in one line")
        func dumpWrongURL() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let home = try Self.home()
            defer { try? FileManager.default.removeItem(atPath: home) }
            let (server, _) = try await start(paged: true)
            // Outside the foods API: the stand-in's root answers Flask's 404 page to both probes.
            let url = server.baseURL.appendingPathComponent("nowhere/api/v1/e2e").absoluteString
            let run = try await DumpProcess.run(["dump", "foods", "--foods-url", url], home: home)
            await server.stop()
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "rolo dump: foods: The foods server answered 404 with an HTML page — check the foods URL\n")
        }
    }
}
