import ArgumentParser
import Foundation
import RoloCore

/// `rolo add NAME URL`: looks at a JSON API's answers and writes the `[[sources]]` table for it.
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Write a [[sources]] table for a JSON API from its answers.",
        discussion: """
        Fetches URL's first page (and a second, to see how it pages), then guesses where the \
        records are, their id, a label, two or three columns, pictures, a detail URL and the \
        paging (Link headers, next URLs and cursors in the body, has-more flags with the last \
        record's id, totals in the body or headers, page and offset parameters). It prints the \
        table, with a ‹guess› comment on every key it wasn't sure of, appends it to the config \
        file (never replacing another source), prints the first rows as the tab will show them \
        (`rolo dump NAME --limit 5`) and says how to open it.

        A header's ${VAR} is sent with the variable's value but written to the file as given. \
        Where the answer looks paged but no paging brings its second page, or the paging found \
        can't reach the total (an API that refuses offsets past a window), the table is printed \
        with what was looked for but not written, and rolo add exits 2: --force writes it anyway. \
        Exit status: 0 when written, 1 when the API couldn't be read, 2 for a bad name, URL, \
        header or config file, or paging that can't get every record.

        Examples:
          rolo add users https://jsonplaceholder.typicode.com/users
          rolo add github https://api.github.com/orgs/swiftlang/members --header 'Authorization: Bearer ${GITHUB_TOKEN}'
          rolo add pokemon https://pokeapi.co/api/v2/pokemon --dry-run
        """
    )

    @Argument(help: ArgumentHelp("The new source's name: a lower-case letter, then letters, digits or -.", valueName: "name"))
    var name: String

    @Argument(help: ArgumentHelp("The URL of the API's list (its first page).", valueName: "url"))
    var url: String

    @Option(name: .customLong("header"), help: ArgumentHelp("A header to send, 'Name: value'; ${VAR} comes from the environment and is written as given. Repeat for more.", valueName: "header"))
    var headers: [String] = []

    @Option(help: ArgumentHelp("GET (the default), or POST with --body: a GraphQL endpoint, a search that takes its filter in the body.", valueName: "method"))
    var method: String = "GET"

    @Option(help: ArgumentHelp("The request body, as JSON (with --method POST); the cursor's place in it is found by trying.", valueName: "json"))
    var body: String?

    @Flag(help: "Print the table without writing it.")
    var dryRun = false

    @Flag(help: "Write the table even where its paging can't get every record.")
    var force = false

    @Option(help: ArgumentHelp("Append to this config file instead of $XDG_CONFIG_HOME/rolo/config.toml.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Seconds to wait for each answer (default: rolo's timeout, 30).", valueName: "seconds"))
    var timeout: Double?

    func run() async throws {
        let report = StandardErrorReport(command: "add")
        let environment = ProcessInfo.processInfo.environment
        let settings: Settings
        let headers: [RecordHeader]
        let requestBody: JSONValue?
        do {
            headers = try self.headers.map(Self.header)
            requestBody = try Self.requestBody(body, method: method)
            settings = try SettingsLoader.load(options: [:], environment: environment, configFile: config)
            try Self.check(name, in: SourceRegistry.catalog(settings.configuredSources))
        } catch let error as ConfigError {
            report.fail(error.message)
            throw ExitCode(2)
        }
        let http = CurlHTTPClient()
        let inferred: (source: InferredSource, requests: Int)
        do {
            inferred = try await SourceAdder(name: name, url: url, headers: headers, http: http, environment: environment,
                                             timeout: timeout ?? settings.timeout, method: method.uppercased(), body: requestBody).infer()
            http.shutdown()
        } catch let error as AddError {
            http.shutdown()
            report.fail(error.description)
            throw ExitCode(1)
        }
        let output = StandardOutput()
        try output.append(inferred.source.toml)
        let doubts = inferred.source.doubts
        try output.append("\n# \(inferred.requests) requests; \(doubts == 0 ? "no guess to check" : "\(doubts) guess\(doubts == 1 ? "" : "es") to check (‹guess›)")\n")
        try output.flush()
        if let problem = inferred.source.pagingProblem {
            guard force else {
                report.fail("\(problem) — \(dryRun ? "" : "the table wasn't written; ")--force writes it as it is, or write [sources.paging] by hand (man rolo)")
                throw ExitCode(2)
            }
            report.dumpReport.notice("\(problem) — written as it is (--force)")
        }
        guard !dryRun else { return }
        do {
            try ConfigAppend.append(inferred.source.toml, to: settings.configPath, environment: environment)
        } catch let error as ConfigError {
            report.fail("the table wasn't written: \(error.message)")
            throw ExitCode(2)
        }
        try output.append("\nWritten to \(settings.configPath). The first rows, as `rolo dump \(name) --limit 5` prints them:\n")
        try output.flush()
        let dump = try Dump.parse([name, "--limit", "5", "--format", "tsv", "--config", settings.configPath])
        do {
            try await dump.run()
        } catch {
            report.fail("the source was written, but its first rows couldn't be shown: edit its table in \(settings.configPath), then try `rolo dump \(name) --limit 5`")
            throw ExitCode(1)
        }
        try output.append("\nOpen it with: rolo \(name)\n")
        try output.flush()
    }

    /// Refuses `name` for a new source when it is badly written or the catalog has it.
    static func check(_ name: String, in catalog: SourceCatalog) throws {
        guard RecordSource.isWellFormedName(name) else {
            throw ConfigError("'\(name)' can't name a source: a lower-case letter, then letters, digits or -, e.g. 'github'")
        }
        if let reserved = RecordSource.reservedName(name, builtIn: catalog.builtInIDs) {
            throw ConfigError("'\(name)' is \(reserved) name: choose another name")
        }
        if let existing = catalog.source(named: name)?.configured {
            throw ConfigError("a source named '\(name)' is already in \(existing.place): choose another name, or edit that table")
        }
    }

    /// The body `--body` gives, checked against `--method`.
    static func requestBody(_ text: String?, method: String) throws -> JSONValue? {
        switch (method.uppercased(), text) {
        case ("GET", nil): return nil
        case ("GET", _?): throw ConfigError("--body goes with --method POST")
        case ("POST", nil): throw ConfigError("--method POST needs a --body, e.g. --body '{\"query\": \"{ users { nodes { id name } } }\"}'")
        case ("POST", let text?):
            guard let json = try? JSONValue.parse(Data(text.utf8)), case .object = json else {
                throw ConfigError("--body isn't a JSON object: \(text.prefix(60))")
            }
            return json
        default: throw ConfigError("--method is GET or POST, not \(method)")
        }
    }

    /// `Name: value` → a header; the value kept as written.
    static func header(_ text: String) throws -> RecordHeader {
        guard let colon = text.firstIndex(of: ":") else {
            throw ConfigError("--header '\(text)' isn't 'Name: value', e.g. --header 'Authorization: Bearer ${TOKEN}'")
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(" ") else { throw ConfigError("--header '\(text)' has no field name before its ':'") }
        return RecordHeader(name: name, value: value)
    }
}
