import Foundation
import Logging
import StandIn
import Testing

extension EndToEnd {
    /// Fields from the detail, as a user meets them: the stand-in's PokeAPI (a list of names and
    /// URLs, the pictures and sizes only in each detail) written in TOML, dumped with
    /// `--details`, and browsed in tmux.
    @Suite("Fields from the detail: the PokeAPI source dumped and browsed", .serialized, .temporaryDirectories)
    struct DetailsEndToEndTests {
        /// The source as a user writes it from PokeAPI's docs and `man rolo`.
        static func toml(_ base: String) -> String {
            """
            [[sources]]
            name = "pokemon"
            title = "Pokémon"
            url = "\(base)/pokeapi/api/v2/pokemon?limit=100"
            records = "results"
            id = "name"
            detail_url = "{url}"
            image = "{sprites.front_default}"
            thumbnail = "{sprites.front_default}"
            columns = [ { title = "Height", value = "{height}", width = 8 }, { title = "Type", value = "{types.0.type.name}" } ]
            max_records = 200
            [sources.paging]
            style = "next-url"
            next = "next"
            total = "count"
            """
        }

        @Test("dump --details: every detail field of every record; the screen fills a detail-only column in for the rows it shows")
        func dumpAndScreen() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing")
            let server = try await StandInServer.start(StandInOptions(), logger: Logger(label: "test.stand-in") { _ in SwiftLogNoOpLogHandler() })
            let (root, config) = try TemporaryDirectory.scopedConfig(Self.toml(server.baseURL.absoluteString), name: "rolo-details-e2e")

            let dumped = try await DumpProcess.run(
                ["dump", "pokemon", "--details", "--config", config, "--data-dir", root + "/dump", "--format", "jsonl"], home: root,
                timeout: 120)
            let details = await server.requestCount("pokeapi.detail")
            #expect(dumped.status == 0, "\(dumped.stderr)")
            let lines = dumped.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 200)
            for field in ["\"height\": \"", "\"type\": \"", "\"url\": \"", "\"base_experience\": ", "\"weight\": ", "\"types\": \"[{",
                          "\"sprites\": \"{"] {
                #expect(lines.allSatisfy { $0.contains(field) }, "\(field) in every line:\n\(lines.first ?? "")")
            }
            #expect(!lines.contains { $0.contains("\": null") }, "no field left null")
            #expect(details == 200)
            let bulbasaur = try #require(lines.first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
            let height = try #require(bulbasaur["height"] as? String)

            let tmux = try await TmuxSession(width: 100, height: 30)
            try tmux.run("\(RoloBinary.path) pokemon --config \(config) --data-dir \(root)/data --cache-dir \(root)/cache; echo X-EXIT=$?")
            let screen = try await tmux.waitFor("bulbasaur's height from its detail") { screen in
                screen.split(separator: "\n").contains { $0.contains("bulbasaur") && $0.contains(" \(height) ") }
            }
            try await tmux.waitIdle(after: 0)
            let fetched = await server.requestCount("pokeapi.detail") - details
            // The rows on screen (and the opened one), not the 200 listed.
            #expect(fetched > 5 && fetched <= 40, "\(fetched) details for a screen of rows:\n\(screen)")
            try tmux.send("q")
            try await tmux.waitFor("rolo to exit") { $0.contains("X-EXIT=0") }
            tmux.close()
            await server.stop()
        }
    }
}
