import Foundation
import RoloCore
import TerminalUI
import Testing
@testable import RoloApp

/// A configured source's `/` with the query language: the rows shown for a query are the rows
/// `rolo dump --query` writes, in the same order; what can't be applied is said under the search
/// line while the rest of the query still applies.
@Suite("Configured sources: queries in the list's search")
@MainActor
struct RecordListQueryTests {
    /// Crew person n is in team A when odd, has a phone unless n % 4 == 0, and is named by n % 5.
    private nonisolated static let queries = [
        "team:a", "-team:a", "team=B", "has:phone", "-has:phone", "id>20", "id<=5", "team:b ada", "-ada team:a",
        "sort:-id", "team:b sort:-id", "sort:team sort:-id", "label:grace", #""ada.1""#, "sort:label", "email:crew.test id>=38",
    ]

    @Test("The rows shown for each query are the rows the dump writes, in order", arguments: queries)
    func agree(query: String) async throws {
        let database = try RoloDatabase.inMemory()
        let model = try makeCrew(try FakeCrewAPI(count: 40), database: database)
        model.start()
        #expect(await model.settled())
        model.setSearch(query)
        #expect(await model.settled())
        #expect(model.searchProblems.isEmpty, "\(model.searchProblems)")
        let dumped = try await dumpIDs(model.source, database: database, query: query)
        #expect(model.rowIDs == dumped)
        #expect(!dumped.isEmpty && dumped.count < 40 || query.hasPrefix("sort:"), "\(query) finds \(dumped.count)")
    }

    @Test("Queries find what they say: a count, a negation, a comparison and a sort")
    func find() async throws {
        let model = try makeCrew(try FakeCrewAPI(count: 40), database: try RoloDatabase.inMemory())
        model.start()
        #expect(await model.settled())
        model.setSearch("team:a")
        #expect(await model.settled())
        #expect(model.rowIDs == stride(from: 1, through: 39, by: 2).map(String.init))
        model.setSearch("-has:phone")
        #expect(await model.settled())
        #expect(model.rowIDs == stride(from: 4, through: 40, by: 4).map(String.init))
        model.setSearch("id>35 sort:-id")
        #expect(await model.settled())
        #expect(model.rowIDs == ["40", "39", "38", "37", "36"])
        model.setSearch(nil)
        #expect(await model.settled())
        #expect(model.rowIDs.count == 40)
    }

    @Test("An unknown field is said, and the rest of the query still applies")
    func unknownField() async throws {
        let model = try makeCrew(try FakeCrewAPI(count: 40), database: try RoloDatabase.inMemory())
        model.start()
        #expect(await model.settled())
        model.setSearch("taem:a id<=4")
        #expect(await model.settled())
        #expect(model.rowIDs == ["1", "2", "3", "4"])
        #expect(model.searchProblems.count == 1)
        #expect(model.searchProblems.first?.hasPrefix("no field 'taem' — team,") == true, "\(model.searchProblems)")
    }

    @Test("A malformed term is said at once, and the rest still applies", arguments: [
        ("id>soon team:b id<7", "'soon' in id>soon isn't a number, a date like 2026-11-01 or an age like 7d"),
        (#"team:a id<7 "ada"#, #"a phrase isn't closed: "ada… needs its closing ""#),
        ("team:b -sort:id id<7", "'-sort:id' negates a sort: write sort:-id for the reverse"),
    ])
    func malformed(query: String, said: String) async throws {
        let model = try makeCrew(try FakeCrewAPI(count: 40), database: try RoloDatabase.inMemory())
        model.start()
        #expect(await model.settled())
        model.setSearch(query)
        #expect(model.searchProblems == [said])
        #expect(await model.settled())
        #expect(model.searchProblems == [said])
        // The unclosed phrase runs to the end: "ada" is still looked for.
        #expect(model.rowIDs == (query.contains(#""ada"#) ? ["5"] : ["2", "4", "6"]))
    }

    @Test("A field only records after the first thousand have is a field, not a mistake")
    func lateField() async throws {
        let database = try RoloDatabase.inMemory()
        let model = try makeCrew(try FakeCrewAPI(count: 1_200, tag: ""), toml: CrewSamples.toml().replacingOccurrences(of: "size = 10", with: "size = 100"), database: database)
        model.start()
        #expect(await model.settled())
        #expect(model.rowIDs.count == 1_200)
        // Only details carry a bio; the record at 1,101 gets one.
        let store = RecordStore(database: database, source: model.source)
        try await store.saveDetail(JSONValue.parse(Data(#"{"id": 1101, "bio": "late"}"#.utf8)), id: "1101")
        model.setSearch("bio:late")
        #expect(await model.settled())
        #expect(model.searchProblems.isEmpty, "\(model.searchProblems)")
        #expect(model.rowIDs == ["1101"])
    }

    @Test("In a grouped source a sort orders the rows within their groups, under their headers")
    func groupedSort() async throws {
        let model = try makeCrew(try FakeCrewAPI(count: 12), toml: CrewSamples.toml(#"group = "{team}""#), database: try RoloDatabase.inMemory())
        model.start()
        #expect(await model.settled())
        model.setSearch("sort:-id id>4")
        #expect(await model.settled())
        #expect(model.headers == ["A", "B"])
        #expect(model.rowIDs == ["11", "9", "7", "5", "12", "10", "8", "6"])
    }

    @Test("On screen the problem is drawn under the search line, the matching rows below it")
    func drawn() async throws {
        let model = try makeCrew(try FakeCrewAPI(count: 40), database: try RoloDatabase.inMemory())
        let controller = await crewScreen(model, size: Size(width: 100, height: 20))
        for character in "/ctiy:x id<3" { controller.handle(.key(.character(character))) }
        #expect(await model.settled())
        let lines = controller.render(theme: .monochrome, glyphs: .unicode).text.components(separatedBy: "\n")
        let search = try #require(lines.firstIndex { $0.contains("/ ctiy:x id<3") }, "\(lines)")
        #expect(lines[search + 1].contains("no field 'ctiy' — "), "\(lines)")
        #expect(lines.contains { $0.contains("2 matching") }, "\(lines)")
    }

    /// The ids `rolo dump --offline --query query --fields id` writes of what `database` stores.
    private nonisolated func dumpIDs(_ source: RecordSource, database: RoloDatabase, query: String) async throws -> [String] {
        var text = ""
        let runner = DumpRunner(
            search: nil, fields: "id", offline: true, query: try RecordQuery.parse(query),
            report: DumpReport(notice: { _ in }, progress: { _ in }))
        let sink = DumpSink(format: .tsv) { text += $0 }
        try await RecordDump.run(
            source, runner: runner, http: try FakeCrewAPI(count: 0), database: database, environment: [:], sleep: { _ in },
            to: sink)
        return text.split(whereSeparator: \.isNewline).dropFirst().map(String.init)
    }
}
