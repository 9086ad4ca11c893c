import Foundation
import Logging
import RoloCore
import StandIn

/// The stand-in over real HTTP on 127.0.0.1, and configured sources pointed at it, written in
/// TOML and read by rolo's own config reader, exactly as a user's `config.toml` is.
final class ConfiguredSourceStandIn: Sendable {
    let server: StandInServer
    let http = CurlHTTPClient()

    /// The token the GitHub organisation wants; given to sources as `${GITHUB_TOKEN}`.
    static let githubToken = "gh-stand-in-secret"

    /// The stand-in's options for these tests: a Pipedrive account of 500 (five pages of 100,
    /// then v1's `data: null`), a private GitHub organisation.
    static var options: StandInOptions {
        var options = StandInOptions(foodsPaged: true, pipedrivePersons: 500)
        options.orgMembersToken = githubToken
        return options
    }

    /// The environment the sources' `${VAR}`s come from.
    static let environment = [
        "PIPEDRIVE_TOKEN": StandInOptions().pipedriveToken, "GITHUB_TOKEN": githubToken, "SLACK_TOKEN": StandInOptions().slackToken,
    ]

    private init(server: StandInServer) {
        self.server = server
    }

    /// Runs `body` against a fresh stand-in and stops it, even when `body` throws.
    static func with(_ options: StandInOptions = options, _ body: (ConfiguredSourceStandIn) async throws -> Void) async throws {
        let server = try await StandInServer.start(options, logger: Logger(label: "custom-tests") { _ in SwiftLogNoOpLogHandler() })
        do {
            try await body(ConfiguredSourceStandIn(server: server))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// The server's address, for the TOML's URLs: `http://127.0.0.1:<port>`.
    var base: String { server.baseURL.absoluteString }

    /// The one source of the config file `toml`, read as rolo reads its config file.
    func source(_ toml: String) throws -> RecordSource {
        try Self.parse(toml)
    }

    /// The one source of the config file `toml`, with this suite's environment.
    static func parse(_ toml: String) throws -> RecordSource {
        let directory = try TemporaryDirectory()
        let file = try directory.write("config.toml", toml)
        let settings = try SettingsLoader.load(
            options: [:], environment: environment.merging(["HOME": directory.path]) { $1 }, configFile: file)
        return settings.configuredSources.sources[0]
    }

    /// How long a request may take: the whole test suite on two cores can starve the stand-in.
    static let timeout: TimeInterval = 120

    /// A pager of `source` over real HTTP whose waits for a rate limit are recorded, not slept.
    func pager(_ source: RecordSource, waits: WaitLog = WaitLog()) throws -> RecordPager {
        RecordPager(
            source: source, endpoint: try source.endpoint(environment: Self.environment), client: http, timeout: Self.timeout,
            sleep: { waits.append($0) })
    }

    /// `source` synced whole into a store in memory, with every progress report.
    func sync(_ source: RecordSource, waits: WaitLog = WaitLog()) async throws -> (store: RecordStore, progress: [RecordSync.Progress]) {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: source)
        let progress = Log<RecordSync.Progress>()
        try await RecordSync(pager: try pager(source, waits: waits), store: store).run(refresh: false) { progress.append($0) }
        return (store, progress.values)
    }
}
