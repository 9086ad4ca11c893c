import Foundation
import Testing
@testable import RoloCore
import RoloTestSupport

/// `rolo sync`'s line for a source: what the run changed against the store before it, and how
/// it ended, over scripted answers.
@Suite("rolo sync: one line a source, counted against what was stored")
struct HeadlessSyncTests {
    private typealias Answer = ScriptedHTTPClient.Answer

    private static let toml = """
        [[sources]]
        name = "crm"
        url = "https://crm.example/people"
        records = "data"
        label = "{name}"
        [sources.paging]
        style = "cursor"
        param = "cursor"
        next = "next"
        """

    private static func page(_ people: [(Int, String)], next: String? = nil) -> Answer {
        let data = people.map { "{\"id\":\($0.0),\"name\":\"\($0.1)\"}" }.joined(separator: ",")
        return Answer(body: Data("{\"data\":[\(data)]\(next.map { ",\"next\":\"\($0)\"" } ?? "")}".utf8))
    }

    @Test("The first sync: every record new; the next: new, changed and removed against it; then nothing")
    func counts() async throws {
        let source = try RecordSourceFixtures.source(Self.toml)
        let first = "https://crm.example/people"
        let client = ScriptedHTTPClient([
            first: [Self.page([(1, "Ada"), (2, "Bo")], next: "c2"), Self.page([(1, "Ada"), (2, "Bo B.")], next: "d2"),
                    Self.page([(1, "Ada"), (2, "Bo B.")], next: "d2")],
            first + "?cursor=c2": [Self.page([(3, "Cy")])],
            first + "?cursor=d2": [Self.page([(4, "Di")])],
        ])
        let database = try RoloDatabase.inMemory()
        let run = { await HeadlessSync.run(source, database: database, http: client, environment: [:], sleep: { _ in }).line }
        #expect(await run() == "crm: 3 new, 0 changed, 0 removed")
        #expect(await run() == "crm: 1 new, 1 changed, 1 removed")
        #expect(await run() == "crm: 0 new, 0 changed, 0 removed")
        #expect(try await RecordStore(database: database, source: source).all().map(\.id) == ["1", "2", "4"])
    }

    @Test("A list that stops part-way is partial, in the sync's words; one that can't be asked failed")
    func endings() async throws {
        let source = try RecordSourceFixtures.source(Self.toml)
        let first = "https://crm.example/people"
        let client = ScriptedHTTPClient([
            first: [Self.page([(1, "Ada")], next: "c2")],
            first + "?cursor=c2": [Answer(status: 500, body: Data(#"{"message":"database is down"}"#.utf8))],
        ])
        let partial = await HeadlessSync.run(source, database: try RoloDatabase.inMemory(), http: client, environment: [:], sleep: { _ in })
        #expect(partial.outcome == .partial("the list stopped at page 2, with 1 record: database is down (HTTP 500)"))
        #expect(partial.line == "crm: 1 new, 0 changed, 0 removed — partial: the list stopped at page 2, with 1 record: database is down (HTTP 500)")

        let refused = ScriptedHTTPClient([first: [Answer(status: 401, body: Data(#"{"message":"Bad token"}"#.utf8))]])
        let failed = await HeadlessSync.run(source, database: try RoloDatabase.inMemory(), http: refused, environment: [:], sleep: { _ in })
        #expect(failed.line == "crm: failed — crm refused rolo's request (401): Bad token — check the source's headers and their variables")

        let unset = try RecordSourceFixtures.source(Self.toml.replacingOccurrences(of: "label = \"{name}\"", with: "label = \"{name}\"\nheaders = { Authorization = \"Bearer ${CRM_TOKEN}\" }"))
        let missing = await HeadlessSync.run(unset, database: try RoloDatabase.inMemory(), http: client, environment: [:], sleep: { _ in })
        #expect(missing.line.hasPrefix("crm: failed — ") && missing.line.contains("CRM_TOKEN"), "\(missing.line)")
    }
}
