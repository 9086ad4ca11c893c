import ArgumentParser
import Foundation
import Logging
import RoloCore

/// `rolo sync [NAME…]`: the stored sources refreshed without the screen, one line each.
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Refresh the stored sources without the screen, for cron and systemd timers.",
        discussion: """
        Refreshes each NAME (default: every configured source that keeps its records, and \
        pipedrive when it is configured) into rolo's database, as r does on screen: a stopped \
        refresh goes on where it was, an expired page token starts the listing over once. Prints \
        one line per source, what changed against what was stored before the sync:

          crm: 3 new, 1 changed, 2 removed

        then, for a list that stopped before its end, "— partial: why", and for one that \
        couldn't be synced "crm: failed — why". Exit status: 0 when every source synced, 1 when \
        one failed, 2 for a bad name or config file, 3 when one was partial (and none failed).

        --notify then sends, for each source whose new or changed records match its notify \
        condition (every one without it), one notification through its notify_command: the \
        record's label for one, "20 new in crm" for several. A first listing into an empty \
        store notifies nothing. What was sent, and a command that failed or ran past 10 s (it \
        is stopped), is said on standard error; the exit status is the sync's.

        Example, every 15 minutes from cron:
          */15 * * * * rolo sync crm --notify >> ~/.local/state/rolo/sync.log 2>&1
        """
    )

    @Argument(help: ArgumentHelp("The sources to sync: pipedrive, or the config file's [[sources]] that keep their records (offline = true, the default).", valueName: "name"))
    var names: [String] = []

    @Flag(help: "Notify of the new and changed records that match each source's notify, through its notify_command.")
    var notify = false

    @OptionGroup var sources: SourceOptions

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let report = StandardErrorReport(command: "sync")
        var (settings, catalog) = try sources.commandSettings(environment, report: report)
        let logger = Logger(label: "rolo.sync")
        let standIn = sources.demo ? try await Wiring.startDemo(&settings, catalog: catalog) : nil
        let chosen: [Target]
        do {
            chosen = try Self.targets(names, settings: settings, catalog: catalog)
        } catch let error as ConfigError {
            await standIn?.stop()
            report.fail(error.message)
            throw ExitCode(2)
        }
        let http = CurlHTTPClient()
        let output = StandardOutput()
        var status: Int32 = 0
        if let database = Wiring.opened(Wiring.openDatabase(settings)) {
            for target in chosen {
                let start = Date()
                let line = await Self.sync(target, settings: settings, http: http, database: database, environment: environment)
                logger.info("sync \(line.line)")
                try output.append(line.line + "\n")
                try output.flush()
                if notify, line.outcome.stored {
                    for sentence in await Self.notify(target, since: start, database: database, environment: environment) {
                        logger.info("sync \(sentence)")
                        report.dumpReport.notice(sentence)
                    }
                }
                switch line.outcome {
                case .synced: break
                case .partial: if status == 0 { status = 3 }
                case .failed: status = 1
                }
            }
        } else {
            report.fail("rolo's database in \(settings.dataDir) can't be opened (see the log): nothing was synced")
            status = 1
        }
        http.shutdown()
        await standIn?.stop()
        if status != 0 { throw ExitCode(status) }
    }

    /// A source `rolo sync` can refresh.
    enum Target {
        case pipedrive
        case configured(RecordSource)
    }

    /// The sources `names` asks for, in that order; every stored one when it names none.
    static func targets(_ names: [String], settings: Settings, catalog: SourceCatalog) throws -> [Target] {
        let stored = settings.configuredSources.sources.filter(\.offline)
        guard !names.isEmpty else {
            return (PipedriveSource.unconfigured(settings) == nil ? [.pipedrive] : []) + stored.map(Target.configured)
        }
        return try names.map { name in
            if name == PipedriveSource.id.rawValue {
                if let missing = PipedriveSource.unconfigured(settings) { throw ConfigError("pipedrive: \(missing)") }
                return .pipedrive
            }
            if let source = settings.configuredSources.source(named: name) {
                guard source.offline else {
                    throw ConfigError("\(name): offline = false keeps nothing, so there is nothing to sync — rolo dump \(name) fetches it")
                }
                return .configured(source)
            }
            if catalog.source(named: name) != nil {
                throw ConfigError("\(name) isn't a stored source: rolo sync refreshes pipedrive and the config file's [[sources]]")
            }
            throw ConfigError(catalog.unknown(name))
        }
    }

    /// `--notify` for `target` after its sync since `start`: what was sent, a sentence each.
    private static func notify(_ target: Target, since start: Date, database: RoloDatabase, environment: [String: String]) async -> [String] {
        switch target {
        case .configured(let source):
            return await HeadlessSync.notify(
                RecordStore(database: database, source: source), name: source.name,
                rules: .init(condition: source.notify, command: source.notifyCommand), since: start, environment: environment)
        case .pipedrive:
            return ["pipedrive: no notify_command, so --notify sends nothing (notify and notify_command are set in a [[sources]] table)"]
        }
    }

    /// One source synced, as its line says.
    private static func sync(
        _ target: Target, settings: Settings, http: CurlHTTPClient, database: RoloDatabase, environment: [String: String]
    ) async -> HeadlessSync.Report {
        switch target {
        case .configured(let source):
            return await HeadlessSync.run(source, database: database, http: http, environment: environment, timeout: settings.timeout)
        case .pipedrive:
            let name = PipedriveSource.id.rawValue
            do {
                guard let account = try PipedriveSource.account(settings, http: http, database: database).account, let sync = account.sync() else {
                    return .failed(name, "Pipedrive isn't configured")
                }
                return await HeadlessSync.run(sync, name: name, title: "Pipedrive")
            } catch {
                return .failed(name, "\(error)")
            }
        }
    }
}
