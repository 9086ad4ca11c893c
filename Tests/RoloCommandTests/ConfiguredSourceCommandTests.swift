import ArgumentParser
import Foundation
import RoloApp
import RoloCore
import Testing
@testable import rolo

@Suite("A configured source is accepted by the commands through the run's catalog, as a built-in one is")
struct ConfiguredSourceCommandTests {
    private let directory: TemporaryDirectory
    private var home: String { directory.path }
    private let file: String

    init() throws {
        directory = try TemporaryDirectory("rolo-catalog")
        file = directory.path + "/config.toml"
        try Data("""
            [keys]
            resolve = "X"

            [[sources]]
            name = "tickets"
            url = "https://api.example.com/tickets"

            [[sources.actions]]
            name = "resolve"
            key = "x"
            title = "Close the ticket"
            method = "PATCH"
            url = "https://api.example.com/tickets/{id}"

            [[sources]]
            name = "archive"
            url = "https://api.example.com/archive"
            offline = false
            """.utf8).write(to: URL(fileURLWithPath: file))
    }

    /// The run of the config file above, read as every command reads it.
    private func run() throws -> RunConfig {
        try RunConfig.load(options: [:], environment: environment, configFile: file)
    }

    private var environment: [String: String] { ["HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state"] }

    @Test("The run's catalog is made once with the configured sources, which carry the keys [keys] gave their actions")
    func runCatalog() throws {
        let run = try run()
        #expect(run.catalog.names == ["people", "directory", "foods", "randomuser", "pipedrive", "tickets", "archive"])
        #expect(run.catalog.source(named: "tickets")?.configured?.actions.map(\.key) == ["X"])
    }

    @Test("rolo NAME opens a configured source, and an unknown name is refused naming the configured ones too")
    func browse() throws {
        let catalog = try run().catalog
        try BrowseRequest.check(SourceID(rawValue: "tickets"), in: catalog)
        let error = #expect(throws: ConfigError.self) { try BrowseRequest.check(SourceID(rawValue: "ticket"), in: catalog) }
        #expect(error?.message.contains("(did you mean 'tickets'?)") == true)
        #expect(error?.message.hasSuffix("pipedrive, tickets, archive") == true)
    }

    @Test("rolo dump takes a configured source down its own path, a built-in one down its definition's, and refuses a name no source has")
    func dump() async throws {
        let run = try run()
        func message(_ arguments: [String]) async throws -> DumpError? {
            let command = try Dump.parse(arguments)
            let runner = DumpRunner(search: nil, fields: nil, offline: command.offline, details: command.details,
                                    report: DumpReport(notice: { _ in }, progress: { _ in }))
            return await #expect(throws: DumpError.self) {
                try await command.dump(run.settings, catalog: run.catalog, runner: runner, report: StandardErrorReport(), to: DumpSink(format: .json) { _ in })
            }
        }
        // Only a configured source's dump knows offline = false.
        #expect(try await message(["archive", "--offline"])?.message == "archive: offline = false keeps nothing, so --offline has nothing to dump")
        #expect(try await message(["tickets", "--offline"])?.message == "tickets: nothing is stored yet, and --offline asks no server")
        #expect(try await message(["foods", "--details"])?.message == "foods: --details is for the config file's [[sources]] with a detail_url")
        let unknown = try await message(["archiv"])
        #expect(unknown?.kind == .usage && unknown?.message.contains("(did you mean 'archive'?)") == true)
    }

    @Test("rolo act finds a configured source's action, and says why a built-in or unknown source has none")
    func act() throws {
        let run = try run()
        let (source, action, _) = try Act.parse(["tickets", "resolve", "--id", "7"]).choose(run, environment: environment)
        #expect(source.name == "tickets" && action.name == "resolve" && action.key == "X")
        func refusal(_ name: String) -> String? {
            (#expect(throws: Act.Stop.self) { try Act.parse([name, "resolve", "--id", "7"]).choose(run, environment: environment) })?.message
        }
        #expect(refusal("foods")?.contains("foods is built in") == true)
        #expect(refusal("ticket") == "no configured source named 'ticket' (did you mean 'tickets'?) — the configured sources are tickets, archive")
    }

    @Test("rolo keys lists a configured source's actions with the key [keys] gave them")
    func keys() throws {
        let listing = Keys.listing(try run())
        #expect(listing.contains("Actions of tickets ([[sources.actions]]):"))
        #expect(listing.split(separator: "\n").contains { $0.contains("resolve") && $0.contains("X") && $0.contains("Close the ticket") })
    }

    @Test("rolo add refuses a name the catalog has, built in or configured")
    func add() throws {
        let catalog = try run().catalog
        func refusal(_ name: String) -> String? {
            (#expect(throws: ConfigError.self) { try Add.check(name, in: catalog) })?.message
        }
        #expect(refusal("foods") == "'foods' is a built-in source's name: choose another name")
        #expect(refusal("tickets") == "a source named 'tickets' is already in \(file), line 4: choose another name, or edit that table")
        try Add.check("github", in: catalog)
    }

    @Test("The shell completes a configured source's name, from the config file the command line names")
    func completion() throws {
        #expect(SourceCompletion.configFile(in: ["rolo", "dump", "--config", file, "t"]) == file)
        #expect(SourceCompletion.configFile(in: ["rolo", "--config=\(file)", "t"]) == file)
        #expect(SourceCompletion.names(["rolo", "dump", "--config", file, "t"], 4, "t") == ["tickets"])
        #expect(SourceCompletion.names(["rolo", "--config", file, ""], 3, "").suffix(2) == ["tickets", "archive"])
        // A config file with a mistake leaves the built-in names.
        let broken = home + "/broken.toml"
        try Data("[[sources]]\nname = 7\n".utf8).write(to: URL(fileURLWithPath: broken))
        #expect(SourceCompletion.names(["rolo", "--config", broken, "p"], 3, "p") == ["people", "pipedrive"])
    }
}
