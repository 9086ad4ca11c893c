import Foundation
import RoloCore
import StandIn
import Testing

/// `rolo dump NAME --details` against the stand-in's PokeAPI over real HTTP: every detail field
/// in the output, bounded concurrency, resumable, failures named and partial.
@Suite("Configured sources: dump --details")
struct DumpDetailsTests {
    /// The PokeAPI source as a user writes it, capped at `max` records.
    static func pokemonTOML(_ base: String, max: Int = 60) -> String {
        """
        [[sources]]
        name = "pokemon"
        url = "\(base)/pokeapi/api/v2/pokemon?limit=20"
        records = "results"
        id = "name"
        detail_url = "{url}"
        image = "{sprites.front_default}"
        columns = [ { title = "Height", value = "{height}" } ]
        max_records = \(max)
        [sources.paging]
        style = "next-url"
        next = "next"
        total = "count"
        """
    }

    private func dump(
        _ source: RecordSource, http: any HTTPClient, database: RoloDatabase, allowPartial: Bool = false, details: Bool = true
    ) async throws -> (lines: [String], notices: [String]) {
        let notices = Log<String>(), text = Log<String>()
        let runner = DumpRunner(
            search: nil, fields: nil, offline: false, allowPartial: allowPartial, details: details,
            report: DumpReport(notice: { notices.append($0) }, progress: { _ in }))
        do {
            try await RecordDump.run(
                source, runner: runner, http: http, database: database, environment: [:], timeout: ConfiguredSourceStandIn.timeout,
                sleep: { _ in }, to: DumpSink(format: .jsonl) { text.append($0) })
        } catch {
            notices.append("error: \(error)")
        }
        return (text.values.joined().split(whereSeparator: \.isNewline).map(String.init), notices.values)
    }

    @Test("Every record's detail fields are written, 8 requests at most at once; a second dump fetches no detail again")
    func everyField() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(Self.pokemonTOML(standIn.base))
            let database = try RoloDatabase.inMemory()
            let counting = FakeHTTPClient()
            counting.on(.any, .forward(to: standIn.http))
            let (lines, notices) = try await dump(source, http: counting, database: database)
            #expect(notices == ["pokemon: got 60 of 1302: max_records is 60"])
            #expect(lines.count == 60)
            #expect(lines[0].hasPrefix(#"{"id": "bulbasaur", "label": "bulbasaur", "height": "#))
            for field in [#""url": "#, #""base_experience": "#, #""weight": "#, #""types": "[{"#, #""sprites": "{\"back_default\""#] {
                #expect(lines.allSatisfy { $0.contains(field) }, "\(field)")
            }
            #expect(lines[0].contains(#"front_default\":\"\#(standIn.base)/pokeapi/sprites/pokemon/1.png"#))
            #expect(await standIn.server.requestCount("pokeapi.detail") == 60)
            #expect(counting.mostInFlight <= RecordDump.detailConcurrency && counting.mostInFlight > 1)
            _ = try await dump(source, http: standIn.http, database: database)
            #expect(await standIn.server.requestCount("pokeapi.detail") == 60)
        }
    }

    @Test("Details that fail are counted and named: status 3's partial error, or a notice with --allow-partial; the next dump fetches only those")
    func failures() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(Self.pokemonTOML(standIn.base, max: 20))
            let database = try RoloDatabase.inMemory()
            await standIn.server.setFailure("pokeapi.detail", remaining: 2)
            let (lines, notices) = try await dump(source, http: standIn.http, database: database)
            #expect(lines.count == 20)
            #expect(lines.filter { $0.contains(#""weight": null"#) }.count == 2)
            let error = try #require(notices.last)
            #expect(error.contains("pokemon: 2 of 20 details couldn't be fetched (") && error.hasSuffix(
                "— the dump is partial (--allow-partial takes it as it is)"))
            let (again, said) = try await dump(source, http: standIn.http, database: database, allowPartial: true)
            #expect(again.count == 20 && !again.contains { $0.contains(#""weight": null"#) })
            #expect(said == ["pokemon: got 20 of 1302: max_records is 20"])
            #expect(await standIn.server.requestCount("pokeapi.detail") == 22)
        }
    }

    @Test("Without --details a column only the detail has is named, with word that --details may bring it; --details on a source without detail_url is a usage error")
    func hints() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(Self.pokemonTOML(standIn.base, max: 20))
            let (lines, notices) = try await dump(source, http: standIn.http, database: try RoloDatabase.inMemory(), details: false)
            #expect(lines.count == 20 && lines[0] == #"{"id": "bulbasaur", "label": "bulbasaur", "height": null}"#)
            let hints = notices.filter { $0.hasSuffix("(the detail may have it: --details fetches each record's detail_url)") }
            #expect(hints.count == 2)
            #expect(hints.first?.hasPrefix("pokemon: column 'Height': no record has 'height' — records have name, url") == true)
            #expect(hints.last?.hasPrefix("pokemon: image: no record has 'sprites.front_default' — records have name, url") == true)
            let plain = try standIn.source(Self.pokemonTOML(standIn.base).replacingOccurrences(of: "detail_url = \"{url}\"\n", with: ""))
            let (_, refused) = try await dump(plain, http: standIn.http, database: try RoloDatabase.inMemory())
            #expect(refused == ["error: pokemon has no detail_url, so --details has nothing to fetch"])
        }
    }
}
