import Foundation
import RoloCore
import Testing
@testable import RoloApp

/// A configured source's `/` and `rolo dump NAME --search` over the same stored records find the
/// same rows: both ask the store's in-memory index, folded the same way.
@Suite("Configured sources: the list's search and dump --search agree")
@MainActor
struct RecordListOneSearchTests {
    /// Names with accents and case to fold: "Adaé", "Gracé"… and "Lovelace", "Hopper"…
    private nonisolated static let terms = ["a", "ADA", "adae", "adaé", "ADAÉ", "gracé lov", "LOVELACE", "hopper", "e.1", "@crew.test",
                                "é", "e", "zz", "turing", "  linus  "]

    @Test("The rows shown for each term are the rows the dump writes", arguments: terms)
    func agree(term: String) async throws {
        let database = try RoloDatabase.inMemory()
        let api = try FakeCrewAPI(count: 40, tag: "é")
        let model = try makeCrew(api, database: database)
        model.start()
        #expect(await model.settled())
        #expect(model.rowIDs.count == 40)
        model.setSearch(term)
        #expect(await model.settled())
        let dumped = try await dumpIDs(model.source, database: database, search: term)
        #expect(model.rowIDs == dumped)
    }

    @Test("The terms find some rows and not others, so agreement isn't agreement on nothing")
    func termsFind() async throws {
        let database = try RoloDatabase.inMemory()
        let model = try makeCrew(try FakeCrewAPI(count: 40, tag: "é"), database: database)
        model.start()
        #expect(await model.settled())
        let found = try await dumpIDs(model.source, database: database, search: "ADAE")
        #expect(found == ["5", "10", "15", "20", "25", "30", "35", "40"])
        #expect(try await dumpIDs(model.source, database: database, search: "HOPPER") == ["5", "6", "7", "8", "9", "30", "31", "32", "33", "34"])
    }

    /// The ids `rolo dump --offline --search term --fields id` writes of what `database` stores.
    private nonisolated func dumpIDs(_ source: RecordSource, database: RoloDatabase, search: String) async throws -> [String] {
        var text = ""
        let runner = DumpRunner(search: search, fields: "id", offline: true, report: DumpReport(notice: { _ in }, progress: { _ in }))
        let sink = DumpSink(format: .tsv) { text += $0 }
        try await RecordDump.run(
            source, runner: runner, http: try FakeCrewAPI(count: 0), database: database, environment: [:], sleep: { _ in },
            to: sink)
        return text.split(whereSeparator: \.isNewline).dropFirst().map(String.init)
    }
}
