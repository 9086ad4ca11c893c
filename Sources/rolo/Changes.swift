import ArgumentParser
import Foundation
import RoloCore

/// `rolo changes NAME`: what the refreshes of a stored source changed, record by record.
struct Changes: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, jsonl
    }

    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Print what the refreshes of a stored source changed, record by record.",
        discussion: """
        Every refresh of a stored source (r on screen, rolo sync, rolo dump) keeps what it \
        changed: a record new to the list, one listed with other fields (each field's old and \
        new value), one the list no longer has. A first listing into an empty store is no \
        change. Changes are kept 30 days.

        By default the changes since the last look: the last time rolo changes printed this \
        source's without --since, which that run becomes. --since 2h (h, d, w) or an ISO 8601 \
        time asks for those since then, and leaves the last look where it was.

        One line a change, oldest first:
          2026-12-07T06:50:00Z  changed  7  Ada Lovelace  title: Engineer → Lead
        With --format jsonl, one JSON object a line:
          {"change":"changed","id":"7","label":"Ada Lovelace","fields":{"title":["Engineer","Lead"]},"at":"2026-12-07T06:50:00Z"}

        Exit status: 0, changes or none; 2 for a bad name, --since or config file; 1 when rolo's \
        database can't be opened.

        Example, after a sync from cron:
          rolo sync crm && rolo changes crm --format jsonl | jq -r 'select(.change == "new") | .label'
        """
    )

    @Argument(help: ArgumentHelp("The source: pipedrive, or one of the config file's [[sources]] that keep their records.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("Only the changes since then: an age (2h, 1d, 1w) or an ISO 8601 time.", valueName: "age-or-time"))
    var since: String?

    @Option(help: ArgumentHelp("text (the default) or jsonl.", valueName: "format"))
    var format: Format = .text

    @OptionGroup var sources: SourceOptions

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let report = StandardErrorReport(command: "changes")
        let (settings, catalog) = try sources.commandSettings(environment, report: report)
        let now = Date()
        let asked: Date?
        do {
            asked = try since.map { text throws(ConfigError) in
                guard let date = RecordChange.since(text, now: now) else {
                    throw ConfigError("--since \(text.sanitizedForTerminal) isn't an age like 2h, 1d or 1w, or a time like 2026-12-01T09:00:00Z")
                }
                return date
            }
            guard let database = Wiring.opened(Wiring.openDatabase(settings)) else {
                report.fail("rolo's database in \(settings.dataDir) can't be opened (see the log)")
                throw ExitCode(1)
            }
            // Pipedrive's stored persons are read without its token: nothing is fetched.
            let store = if name == PipedriveSource.id.rawValue, settings.configuredSources.source(named: name) == nil {
                try PipedriveAccount(storedIn: database).store
            } else if case .configured(let source)? = try Sync.targets([name], settings: settings, catalog: catalog).first {
                RecordStore(database: database, source: source)
            } else {
                try PipedriveAccount(storedIn: database).store
            }
            var from = asked
            if from == nil { from = try await store.lastLook() }
            let changes = try await store.changes(since: from)
            let output = StandardOutput()
            for change in changes {
                try output.append((format == .jsonl ? change.jsonLine : change.textLine) + "\n")
            }
            try output.flush()
            if changes.isEmpty {
                report.dumpReport.notice("\(name): no changes" + (from.map { " since \(RecordChange.stamp($0))" } ?? " kept"))
            }
            if asked == nil { try await store.looked(at: now) }
        } catch let error as ConfigError {
            report.fail(error.message)
            throw ExitCode(2)
        }
    }
}
