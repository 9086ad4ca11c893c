import ArgumentParser
import Foundation
import Logging
import RoloApp
import RoloCore

/// `rolo act`: one of a configured source's actions run on one record, without the screen.
struct Act: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "act",
        abstract: "Run one of a source's actions ([[sources.actions]], or Pipedrive's) on one record, for scripts.",
        discussion: """
        The record is found by its id: in rolo's store when the source keeps one, else from the \
        source's detail_url (when it needs only the id), else by paging the list. Its `when` must \
        hold. An action with inputs needs each as --input NAME=VALUE (a choice's value one of its \
        choices). An action with confirm = true asks on the terminal, naming the record and the \
        request with its values filled in; --yes answers for you, and with no terminal and no \
        --yes rolo refuses.

        HTTP actions: the record after (the answer for then = "update", fetched again for \
        "refetch") is printed as one line of JSON on standard output and kept in the store; \
        "remove" prints nothing and drops it from the store. A 429 is waited out as Retry-After \
        says; a POST or PATCH is never sent twice, a PUT or DELETE once more after a connection \
        error. Commands: their output is printed as it came (mode = "terminal": they have the \
        terminal). With --read-only (ROLO_READ_ONLY=1, read-only = true) every HTTP action but \
        a GET is refused; commands still run.

        Exit status: 0 done; 1 the request failed (the server said no or couldn't be reached) \
        or the command exited with another status than 0; 2 a bad option, config file, source, \
        action, id or input, a refusal (read-only, when, not confirmed).

        Examples:
          rolo act tickets close --id 7 --input note="fixed in 2.1" --yes
          rolo act staff retitle --id 5ba1f000-0000-4000-8000-000000000007 --input title=Lead
        """
    )

    @Argument(help: ArgumentHelp("The configured source.", valueName: "source"))
    var source: SourceID

    @Argument(help: ArgumentHelp("The action's name.", valueName: "action"))
    var action: String

    @Option(help: ArgumentHelp("The record's id (its id field).", valueName: "id"))
    var id: String

    @Option(name: .customLong("input"), help: ArgumentHelp("An input's value, NAME=VALUE; once for each input.", valueName: "name=value"))
    var inputs: [String] = []

    @Flag(help: "Don't ask for confirmation: the answer is yes.")
    var yes = false

    @Flag(name: .customLong("read-only"), help: "Refuse every HTTP action that writes (any but GET); also ROLO_READ_ONLY=1 or read-only = true.")
    var readOnly = false

    @OptionGroup var sources: SourceOptions

    /// Why `rolo act` stops, with its exit status.
    struct Stop: Error {
        let status: Int32
        let message: String?
    }

    func run() async throws {
        do {
            try await act()
        } catch let stop as Stop {
            if let message = stop.message { Self.say(message) }
            throw ExitCode(stop.status)
        }
    }

    private func act() async throws {
        let environment = ProcessInfo.processInfo.environment
        var options = sources.optionValues
        if readOnly { options[.readOnly] = [] }
        let run: RunConfig
        do {
            run = try RunConfig.load(options: options, environment: environment, configFile: sources.config)
        } catch let error as ConfigError {
            throw Stop(status: 2, message: error.message)
        }
        let settings = run.settings
        Wiring.bootstrap(settings, catalog: run.catalog, environment: environment)
        let (configured, chosen, sourceEnvironment) = try choose(run, environment: environment)
        let inputs = try parsedInputs()
        let endpoint: RecordEndpoint
        do {
            endpoint = try configured.endpoint(environment: sourceEnvironment)
        } catch let error as ConfigError {
            throw Stop(status: 2, message: error.message)
        }
        let curl = CurlHTTPClient()
        defer { curl.shutdown() }
        let http: any HTTPClient
        do {
            http = try SignIns.shared.client(for: configured, over: curl, environment: sourceEnvironment, timeout: settings.timeout)
        } catch let error as ConfigError {
            throw Stop(status: 2, message: error.message)
        }
        let runner = ActionRunner(source: configured, endpoint: endpoint, client: http, timeout: settings.timeout, readOnly: settings.readOnly)
        // Refused before anything is fetched.
        if let refused = runner.readOnlyRefusal(of: chosen) { throw Stop(status: 2, message: refused.message) }
        let logger = Logger(label: "rolo.act")
        let store = configured.offline ? Wiring.opened(Wiring.openDatabase(settings)).map { RecordStore(database: $0, source: configured) } : nil
        let pager = RecordPager(source: configured, endpoint: endpoint, client: http, timeout: settings.timeout)
        let finder = RecordFinder(pager: pager, store: store)
        let record = try await find(id, with: finder)
        try await ActRun(
            source: configured, action: chosen, record: record, values: ActionValues(record: record.value, inputs: inputs),
            runner: runner, finder: finder, store: store,
            confirmed: yes, logger: logger
        ).run()
    }

    /// The configured source of the run's catalog (or Pipedrive seen as one,
    /// ``PipedriveDefinition``) and its action the command line names, with the environment its
    /// `${VAR}`s are expanded from.
    func choose(_ run: RunConfig, environment: [String: String]) throws -> (RecordSource, RecordAction, [String: String]) {
        let name = source.rawValue
        switch run.catalog.source(named: name)?.kind {
        case .configured(let configured)?:
            return (configured, try chosenAction(of: configured), environment)
        case .builtIn(let definition)? where definition.id == PipedriveSource.id:
            do {
                let acting = try PipedriveDefinition.acting(run.settings, configured: run.settings.configuredSources.actions(of: name), environment: environment)
                return (acting.source, try chosenAction(of: acting.source), acting.environment)
            } catch let error as ConfigError {
                throw Stop(status: 2, message: error.message)
            }
        case .builtIn?:
            throw Stop(status: 2, message: "rolo act runs configured sources' actions and Pipedrive's; \(name) is built in, and its [[actions]] run on its tab")
        case nil:
            let names = run.catalog.configured.map(\.name)
            let known = names.isEmpty ? "the config file has no [[sources]]" : "the configured sources are \(names.joined(separator: ", "))"
            throw Stop(status: 2, message: "no configured source named '\(name)'\(name.didYouMean(names) ?? "") — \(known)")
        }
    }

    /// The action of `configured` the command line names.
    private func chosenAction(of configured: RecordSource) throws -> RecordAction {
        guard let chosen = configured.actions.first(where: { $0.name == action }) else {
            let names = configured.actions.map(\.name)
            let known = names.isEmpty ? "it has no [[sources.actions]]" : "its actions are \(names.joined(separator: ", "))"
            throw Stop(status: 2, message: "\(source.rawValue) has no action '\(action)'\(action.didYouMean(names) ?? "") — \(known)")
        }
        return chosen
    }

    /// `--input note=fixed --input to=ada` as a dictionary.
    private func parsedInputs() throws -> [String: String] {
        var values: [String: String] = [:]
        for written in inputs {
            guard let equals = written.firstIndex(of: "="), equals != written.startIndex else {
                throw Stop(status: 2, message: "--input '\(written)' should be NAME=VALUE, like --input note=\"fixed in 2.1\"")
            }
            values[String(written[..<equals])] = String(written[written.index(after: equals)...])
        }
        return values
    }

    private func find(_ id: String, with finder: RecordFinder) async throws -> JSONRecord {
        do {
            guard let found = try await finder.find(id) else {
                throw Stop(status: 2, message: "\(source.rawValue) has no record with id '\(id)'")
            }
            return found.record
        } catch let error as FetchError {
            throw Stop(status: 1, message: "\(source.rawValue): the record \(id) can't be fetched: \(error.message.withoutKeyHint)")
        } catch let error as StoreError {
            throw Stop(status: 1, message: "\(source.rawValue): \(error.description)")
        }
    }

    /// One line on standard error.
    static func say(_ message: String) {
        FileHandle.standardError.write(Data("rolo act: \(message.sanitizedForTerminal)\n".utf8))
    }
}
