import Foundation
import RoloCore
import StandIn
import Testing

/// `rolo dump NAME` for configured sources, against the stand-in over real HTTP.
@Suite("Configured sources: dump")
struct RecordDumpTests {
    /// What the dump writes, and its notices.
    private func dump(
        _ source: RecordSource, _ standIn: ConfiguredSourceStandIn, format: DumpFormat = .jsonl, search: String? = nil,
        fields: String? = nil, offline: Bool = false, limit: Int? = nil, allowPartial: Bool = false, database: RoloDatabase? = nil,
        text: Log<String> = Log<String>()
    ) async throws -> (text: String, notices: [String]) {
        let notices = Log<String>()
        let runner = DumpRunner(
            search: search, fields: fields, offline: offline, limit: limit, allowPartial: allowPartial,
            report: DumpReport(notice: { notices.append($0) }, progress: { _ in }))
        let sink = DumpSink(format: format) { text.append($0) }
        try await RecordDump.run(
            source, runner: runner, http: standIn.http, database: database, environment: ConfiguredSourceStandIn.environment,
            timeout: ConfiguredSourceStandIn.timeout, sleep: { _ in }, to: sink)
        return (text.values.joined(), notices.values)
    }

    private func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map(String.init)
    }

    @Test("A list short of its total: every record that came is written, then the partial error; --allow-partial makes it a notice")
    func partial() async throws {
        var options = ConfiguredSourceStandIn.options
        options.jiraVisibleIssues = 100
        try await ConfiguredSourceStandIn.with(options) { standIn in
            let source = try standIn.source(RecordPagingStandInTests.jiraTOML(standIn.base))
            let written = Log<String>()
            await #expect(throws: DumpError(
                .partial, "jira: got 100 of 121: the API sent no more pages — the list is partial (--allow-partial takes it as it is)")) {
                try await dump(source, standIn, text: written)
            }
            #expect(lines(written.values.joined()).count == 100)
            let (text, notices) = try await dump(source, standIn, allowPartial: true)
            #expect(lines(text).count == 100 && notices == ["jira: got 100 of 121: the API sent no more pages"])
            // max_records is the config's own limit: said, not a failure.
            let capped = try standIn.source(RecordPagingStandInTests.jiraTOML(standIn.base) + "\n").withMaxRecords(30)
            let (cut, said) = try await dump(capped, standIn)
            #expect(lines(cut).count == 30 && said == ["jira: got 30 of 121: max_records is 30"])
        }
    }

    @Test("The fields: id, label, the columns by their titles in snake_case, then fields by their paths")
    func schema() throws {
        let source = try ConfiguredSourceStandIn.parse("""
            [[sources]]
            name = "staff"
            url = "https://staff.example/api/people/"
            id = "uuid"
            label = "{name.first} {name.last}"
            columns = [ { title = "Email", value = "{email}" }, { title = "Home city", value = "{office.city}" }, { title = "ID", value = "{uuid}" } ]
            fields = ["name.first", "phones.0.number", "skills", "office"]
            """)
        #expect(RecordDump.schema(of: source).names == [
            "id", "label", "email", "home_city", "id_2", "name_first", "phones_0_number", "skills", "office",
        ])
    }

    @Test("Every page, every record once, in the API's order; numbers, lists and objects keep their JSON")
    func allPages() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let toml = ConfiguredSourceStandInTests.staffTOML(standIn.base).replacingOccurrences(
                of: "detail_url = \"\(standIn.base)/staff/api/people/{uuid}/\"", with: "fields = [\"office\", \"phones.0.number\"]")
            let (text, notices) = try await dump(try standIn.source(toml), standIn)
            let rows = lines(text)
            #expect(rows.count == 95 && notices.isEmpty)
            #expect(rows[0].hasPrefix(#"{"id": "5ba1f000-0000-4000-8000-000000000001", "label": ""#))
            #expect(rows[0].contains(#""office": "{\"city\":"#) && rows[0].contains(#""phones_0_number": "+372 5"#))
            #expect(rows[4].contains(#""phones_0_number": null"#))
        }
    }

    @Test("--search matches as the screen's search does; --fields picks and orders; a field it hasn't is named")
    func searchAndFields() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(ConfiguredSourceStandInTests.githubTOML(standIn.base))
            let everyone = lines(try await dump(source, standIn, format: .tsv, fields: "label").text).dropFirst()
            let lovelaces = everyone.filter { $0.contains("lovelace") }
            #expect(!lovelaces.isEmpty && lovelaces.count < everyone.count)
            let found = lines(try await dump(source, standIn, format: .tsv, search: "LOVELACE", fields: "label,id").text)
            #expect(found.first == "label\tid")
            #expect(found.dropFirst().map { String($0.split(separator: "\t")[0]) } == Array(lovelaces))
            await #expect(throws: DumpError.self) { try await dump(source, standIn, fields: "login,nope") }
        }
    }

    @Test("--limit 3: three records from the first page alone, and the stored list left alone")
    func limit() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(ConfiguredSourceStandInTests.githubTOML(standIn.base))
            let database = try RoloDatabase.inMemory()
            let (text, _) = try await dump(source, standIn, format: .csv, limit: 3, database: database)
            #expect(lines(text).count == 1 + 3)
            #expect(await standIn.server.requestCount("github.members") == 1)
            #expect(try await RecordStore(database: database, source: source).count() == 0)
        }
    }

    @Test("--offline: what is stored, with a notice saying when; nothing stored is an error")
    func offline() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try standIn.source(ConfiguredSourceStandInTests.staffTOML(standIn.base))
            let database = try RoloDatabase.inMemory()
            await #expect(throws: DumpError(.unavailable, "staff: nothing is stored yet, and --offline asks no server")) {
                try await dump(source, standIn, offline: true, database: database)
            }
            _ = try await dump(source, standIn, database: database)
            let requests = await standIn.server.requestCount("staff.list")
            let (text, notices) = try await dump(source, standIn, offline: true, database: database)
            #expect(lines(text).count == 95)
            #expect(notices.count == 1 && notices[0].hasPrefix("staff: --offline — dumping the 95 records stored 20"))
            #expect(await standIn.server.requestCount("staff.list") == requests)
            let memory = try standIn.source(
                ConfiguredSourceStandInTests.staffTOML(standIn.base).replacingOccurrences(of: "name = \"staff\"", with: "name = \"staff\"\noffline = false"))
            await #expect(throws: DumpError(.unavailable, "staff: offline = false keeps nothing, so --offline has nothing to dump")) {
                try await dump(memory, standIn, offline: true, database: database)
            }
        }
    }

    @Test("Unreachable: the stored records, with a notice; a setting naming a path no record has is a notice")
    func unreachable() async throws {
        let database = try RoloDatabase.inMemory()
        var toml = ""
        try await ConfiguredSourceStandIn.with { standIn in
            toml = ConfiguredSourceStandInTests.staffTOML(standIn.base).replacingOccurrences(of: "{office.city}", with: "{office.town}")
            _ = try await dump(try standIn.source(toml), standIn, database: database)
        }
        // The stand-in has stopped: its port answers nothing now.
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try ConfiguredSourceStandIn.parse(toml)
            let (text, notices) = try await dump(source, standIn, database: database)
            #expect(lines(text).count == 95)
            #expect(notices.first?.contains("— dumping the 95 records stored 20") == true)
            #expect(notices.last?.hasPrefix("staff: column 'City': no record has 'office.town'") == true)
        }
    }

    @Test("Through rolo dump's context: its runner, sink, client and database")
    func context() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let toml = ConfiguredSourceStandInTests.staffTOML(standIn.base)
            let directory = try TemporaryDirectory()
            let file = try directory.write("config.toml", toml)
            var settings = try SettingsLoader.load(options: [:], environment: ["HOME": directory.path], configFile: file)
            settings.timeout = ConfiguredSourceStandIn.timeout
            let database = try RoloDatabase.inMemory()
            let text = Log<String>()
            let context = DumpContext(
                settings: settings, http: standIn.http,
                runner: DumpRunner(search: "tallinn", fields: "label,city", offline: false, report: DumpReport(notice: { _ in }, progress: { _ in })),
                sink: DumpSink(format: .tsv) { text.append($0) }, database: { database })
            try await RecordDump.run(settings.configuredSources.sources[0], context, environment: [:])
            let rows = lines(text.values.joined())
            #expect(rows.first == "label\tcity" && rows.count > 1 && rows.dropFirst().allSatisfy { $0.hasSuffix("\tTallinn") })
            #expect(try await RecordStore(database: database, source: settings.configuredSources.sources[0]).count() == 95)
        }
    }
}

extension RecordSource {
    /// This source with `max_records` set to `count`.
    fileprivate func withMaxRecords(_ count: Int) -> RecordSource {
        var source = self
        source.maxRecords = count
        return source
    }
}
