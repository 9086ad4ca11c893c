import ArgumentParser
import Foundation
import Logging
import RoloCore
import StandIn

extension DumpFormat: ExpressibleByArgument {}

/// `rolo dump`: a source's list on standard output, for pipelines; no terminal needed.
struct Dump: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print a source's list as JSON, JSON Lines, CSV or TSV, for scripts.",
        discussion: """
        The records are what the list holds, with the same options, environment and config file \
        as the browser: the directory merged and grouped by position, pipedrive synced to \
        completion first, randomuser's stored persons (its first page fetched when none are). \
        Progress goes to standard error when that is a terminal; notices (stored data used \
        instead of the server, a city that didn't load) go there always. Exit status: 0 with \
        the records, 1 when they can't be had (server down and nothing stored, a refused token), \
        2 for a bad option, field or config file, 3 when a configured source's list ended \
        before the total its API named, or when --details couldn't fetch some details (the \
        records that came are printed; --allow-partial makes that 0).

        With --offline, or when the server can't be reached, directory, randomuser and \
        pipedrive print what rolo has stored and say so on standard error.

        CSV follows RFC 4180 (CRLF line ends, fields with commas, quotes or line breaks quoted). \
        TSV has no quoting: a tab, line break or backslash in a value is written \\t, \\n, \\r or \\\\. \
        Lists (emails, phones, projects) are JSON arrays, and joined with "; " in CSV and TSV. \
        Text is cleaned of control and escape sequences as on screen; Unicode is kept as is.

        Fields (--fields a,b,c; every field by default, in this order):
        \(SourceRegistry.catalog().dumpFieldsHelp)

        Each source's own options:
        \(SourceArguments.help(SourceRegistry.catalog()))

        Examples:
          rolo dump directory | jq -r '.[] | select(.position == "IOS") | .email'
          rolo dump pipedrive --fields name,email,organization --format csv > p.csv
          rolo dump foods --search pasta --format jsonl | jq -r .name
          rolo dump randomuser --offline --format tsv | cut -f3,7
        """
    )

    @Argument(help: ArgumentHelp("The source to print: \(SourceRegistry.catalog().names.joined(separator: ", ")), or one of the config file's [[sources]].", valueName: "source"))
    var source: SourceID

    @Option(help: ArgumentHelp("json (one array, the default), jsonl (one object a line), csv or tsv.", valueName: "format"))
    var format: DumpFormat = .json

    @Option(help: ArgumentHelp("Only the records the list's / search would show.", valueName: "text"))
    var search: String?

    @Option(help: ArgumentHelp("The fields to print, comma-separated, in this order (listed above).", valueName: "a,b,c"))
    var fields: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("A configured source: only the records the query matches, in its order: city:tallinn -status:closed age>30 has:email updated>7d sort:-updated (man rolo).", valueName: "query"))
    var query: String?

    @Option(help: ArgumentHelp("A configured source: the records and columns of one of its [[sources.views]], by name (with --query's terms beside it).", valueName: "name"))
    var view: String?

    @Flag(help: "Ask no server: print what rolo has stored (directory, randomuser, pipedrive, configured sources).")
    var offline = false

    @Option(help: ArgumentHelp("Print at most this many records (a configured source fetches only the pages they need): the dry run of a new source.", valueName: "n"))
    var limit: Int?

    @Flag(help: "Exit 0 when a configured source's list ends before the total its API named (notice on standard error), not 3.")
    var allowPartial = false

    @Flag(help: "A configured source: fetch every record's detail_url (8 at a time, resumable) and merge it in, so fields only the detail has are there too.")
    var details = false

    @OptionGroup var sources: SourceOptions

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let output = StandardOutput()
        let report = StandardErrorReport()
        var (settings, catalog) = try sources.commandSettings(environment, report: report)
        let logger = Logger(label: "rolo.dump")
        logger.info("dump \(source.rawValue) as \(format.rawValue)\(offline ? ", offline" : "")")
        let standIn = sources.demo ? try await Wiring.startDemo(&settings, catalog: catalog) : nil
        let sink = DumpSink(format: format, write: output.append)
        if let limit, limit < 1 {
            report.fail("--limit needs a number of records above 0, not \(limit)")
            throw ExitCode(2)
        }
        let asked: RecordQuery?
        do {
            asked = try query.map { try RecordQuery.parse($0) }
        } catch {
            await standIn?.stop()
            report.fail("\(source.rawValue): \(error)")
            throw ExitCode(2)
        }
        let runner = DumpRunner(
            search: search, fields: fields, offline: offline, limit: limit, allowPartial: allowPartial, details: details,
            query: asked, view: view, report: report.dumpReport)
        var status: ExitCode = .success
        do {
            try await dump(settings, catalog: catalog, runner: runner, report: report, to: sink)
            try output.flush()
            logger.info("dumped \(sink.count) records")
        } catch is StandardOutput.Closed {
            // The reader has all it wanted (`| head`): stop quietly, as a filter does.
            logger.info("standard output closed after \(sink.count) records")
        } catch let error as DumpError where error.kind == .partial {
            // The records are written; the list is short of its end, which a script must hear of.
            logger.warning("dump partial: \(error.message)")
            do {
                try output.flush()
                report.fail(error.message)
                status = ExitCode(3)
            } catch {
                logger.info("standard output closed after \(sink.count) records")
            }
        } catch let error as DumpError {
            logger.error("dump failed: \(error.message)")
            report.fail(error.message)
            status = error.kind == .usage ? ExitCode(2) : .failure
        } catch {
            logger.error("dump failed: \(error)")
            report.fail("\(source.rawValue): \(error)")
            status = .failure
        }
        await standIn?.stop()
        if status != .success { throw status }
    }

    /// Builds the one source of `catalog` asked for, over the same clients and stores as the browser.
    func dump(_ settings: Settings, catalog: SourceCatalog, runner: DumpRunner, report: StandardErrorReport, to sink: DumpSink) async throws {
        guard let chosen = catalog.source(named: source.rawValue) else { throw DumpError(.usage, catalog.unknown(source.rawValue)) }
        let http = CurlHTTPClient()
        // rolo exits next: its HTTP thread must be done with libcurl before the exit handlers run.
        defer { http.shutdown() }
        let context = DumpContext(settings: settings, http: http, runner: runner, sink: sink) { [offline] in
            try Self.database(settings, offline: offline, report: report)
        }
        switch chosen.kind {
        case .builtIn(let definition):
            guard !runner.details else {
                throw DumpError(.usage, "\(source.rawValue): --details is for the config file's [[sources]] with a detail_url")
            }
            guard runner.query == nil, runner.view == nil else {
                throw DumpError(.usage, "\(source.rawValue): --query and --view read the config file's [[sources]]; the built-in sources take --search")
            }
            try await definition.dump(context)
        case .configured(let configured):
            try await RecordDump.run(configured, context, environment: ProcessInfo.processInfo.environment)
        }
    }

    /// rolo's database; offline, a missing file is not created (there is nothing stored), one
    /// found damaged is rebuilt from what reads of it (and says so), and one that can't be
    /// opened leaves a database in memory for this run, as the browser does.
    private static func database(_ settings: Settings, offline: Bool, report: StandardErrorReport) throws -> RoloDatabase {
        let path = URL(fileURLWithPath: settings.dataDir).appendingPathComponent(RoloDatabase.fileName).path
        if offline, !FileManager.default.fileExists(atPath: path) { return try RoloDatabase.inMemory() }
        if let database = Wiring.opened(Wiring.openDatabase(settings)) {
            // A damaged file is rebuilt as it is met, on open or on a read: said once, in words.
            let notice = report.dumpReport
            database.whenHealed { notice.notice($0.message) }
            return database
        }
        report.dumpReport.notice("\(path) can't be opened (see the log); nothing is stored this time")
        return try RoloDatabase.inMemory()
    }
}
