import Foundation
import Logging
import RoloCore
import StandIn

/// A dump run in-process against the stand-in over real HTTP on 127.0.0.1, with its own data
/// directory, so a test sees exactly what `rolo dump` would print.
final class DumpStandIn {
    let server: StandInServer
    let data: TemporaryDirectory
    let http = CurlHTTPClient()
    /// The notices the last dump gave.
    private(set) var notices: [String] = []
    /// A fixed today, so the randomuser ages in the goldens never move.
    static let today = Date(timeIntervalSince1970: 1_790_000_000)

    /// The stand-in's data for the goldens: a fixed directory minute, a small Pipedrive account.
    static var options: StandInOptions {
        var options = StandInOptions(pipedrivePersons: 40)
        options.directoryFixedMinute = 29_000_000
        return options
    }

    init(_ options: StandInOptions = DumpStandIn.options) async throws {
        server = try await StandInServer.start(options, logger: Logger(label: "dump-tests") { _ in SwiftLogNoOpLogHandler() })
        data = try TemporaryDirectory()
    }

    func stop() async {
        await server.stop()
    }

    /// Runs `body` against a fresh stand-in and stops it, even when `body` throws.
    static func with(_ options: StandInOptions = DumpStandIn.options, _ body: (DumpStandIn) async throws -> Void) async throws {
        let standIn = try await DumpStandIn(options)
        do {
            try await body(standIn)
        } catch {
            await standIn.stop()
            throw error
        }
        await standIn.stop()
    }

    /// What `rolo dump <source> --format <format>` prints, or the ``DumpError`` it fails with.
    func dump(
        _ source: SourceID, _ format: DumpFormat, search: String? = nil, fields: String? = nil, offline: Bool = false,
        token: String = StandInOptions().pipedriveToken, timeout: TimeInterval = 60
    ) async throws -> String {
        let collected = Collected()
        let runner = DumpRunner(
            search: search, fields: fields, offline: offline,
            report: DumpReport(notice: { collected.add($0) }, progress: { _ in }), now: { Self.today })
        var text = ""
        let sink = DumpSink(format: format) { text += $0 }
        defer { notices = collected.lines }
        let base = server.baseURL
        switch source {
        case .people:
            try await runner.people(PeopleClient(baseURL: base, http: http, timeout: timeout), to: sink)
        case .directory:
            let urls = ["tallinn", "tartu"].map { base.appendingPathComponent("directory/\($0)/employee_list") }
            try await runner.directory(
                DirectoryClient(urls: urls, http: http, timeout: timeout),
                snapshots: DirectorySnapshotStore(path: data.path + "/directory.json"),
                contacts: VCardParser.parse(DirectoryContacts.sampleVCard), locale: Locale(identifier: "en"), to: sink)
        case .foods:
            let client = FoodsClient(baseURL: base.appendingPathComponent("foods/api/v1/golden"), http: http, timeout: timeout)
            try await runner.foods(client, unconfigured: "set it", to: sink)
        case .randomuser:
            try await runner.randomUser(
                RandomUserClient(baseURL: base.appendingPathComponent("randomuser/api/"), http: http, timeout: timeout),
                store: PersonStore(database: try RoloDatabase(dataDirectory: data.path)), seed: "golden", to: sink)
        case .pipedrive:
            let database = try RoloDatabase(dataDirectory: data.path)
            let account = try PipedriveAccount(
                companyURL: base.appendingPathComponent("pipedrive"), token: token, api: .v2, http: http, database: database,
                timeout: timeout)
            try await runner.pipedrive(account: account, unconfigured: nil, stored: try PipedriveAccount(storedIn: database), to: sink)
        default:
            throw DumpError(.usage, "no stand-in set-up for \(source)")
        }
        // The port is new every run; the goldens name the server by a fixed stand-in.
        return text.replacingOccurrences(of: base.absoluteString, with: "http://stand-in")
    }

    /// Notices from the runner's callbacks, which may come from any task.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func add(_ line: String) { lock.withLock { stored.append(line) } }
        var lines: [String] { lock.withLock { stored } }
    }
}
