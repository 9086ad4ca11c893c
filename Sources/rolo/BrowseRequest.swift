import ArgumentParser
import Foundation
import Logging
import RoloApp
import RoloCore
import StandIn
import TerminalUI

/// What the command line asks the browser for, apart from the parser's property wrappers: what
/// `rolo browse` runs, and what a launch with nothing to parse runs without the parser.
struct BrowseRequest: Equatable {
    /// The source to open first.
    var source: SourceID?
    /// The option values given, by setting.
    var optionValues: [Setting: [String]]
    /// `--demo`: the stand-in, started in this process.
    var demo: Bool
    /// `--config`.
    var configFile: String?
    /// `--ascii`.
    var ascii: Bool
    /// `--check-config`.
    var checkConfig: Bool

    /// The request of a command line with nothing to parse: no argument, or one source's name.
    /// rolo is usually started so, configured by its file and environment; swift-argument-
    /// parser's reflection over every command and option takes a third of such a launch's time
    /// before its first frame. Nil for anything else, which the parser reads (and explains).
    static func unparsed(_ arguments: [String]) -> BrowseRequest? {
        guard arguments.count <= 1 else { return nil }
        let source: SourceID?
        if let name = arguments.first {
            // The config file isn't read yet: a configured source's name goes to the parser,
            // which reads the config file's names.
            guard SourceRegistry.catalog().ids.contains(SourceID(rawValue: name)) else { return nil }
            source = SourceID(rawValue: name)
        } else {
            source = nil
        }
        return BrowseRequest(source: source, optionValues: [:], demo: false, configFile: nil, ascii: false, checkConfig: false)
    }

    /// Loads the settings, then opens the screen (or, with `--check-config`, only says whether
    /// they load); a mistake in them is exit status 2, a terminal rolo can't use 1.
    ///
    /// On the main actor from the start, where the screen runs: run on the global executor, the
    /// launch would hop to a pool thread and back before its first frame, each hop waiting for
    /// a thread to wake. Until the screen is up there is nothing else for the main actor to answer.
    @MainActor
    func run() async throws {
        StartupTrace.mark("command line")
        let environment = ProcessEnvironment.variables()
        var run: RunConfig
        var storage: Task<(RoloDatabase, (any Sendable)?), Never>?
        do {
            run = try RunConfig.load(options: optionValues, environment: environment, configFile: configFile)
            // The database and the first page it holds start as soon as the settings say where
            // they are (the demo's move with the stand-in).
            if !checkConfig, !demo { storage = Self.readStorage(run.settings, catalog: run.catalog, first: source) }
            try Self.check(source, in: run.catalog)
            // Each configured source's URL and headers as its first request would make them, so
            // an unset ${VAR} is found here rather than on its tab.
            if checkConfig {
                for configured in run.catalog.configured { _ = try configured.endpoint(environment: environment) }
            }
        } catch let error as ConfigError {
            Self.fail("rolo: \(error.message)")
            throw ExitCode(2)
        }
        if checkConfig {
            let found = run.settings.configFile == nil ? " (no such file: the defaults are in use)" : ""
            let configured = run.catalog.configured.map(\.name)
            let sources = configured.isEmpty ? "" : "; sources \(configured.joined(separator: ", "))"
            print("config OK: \(run.settings.configPath)\(found)\(sources)")
            return
        }
        let logPath = Wiring.bootstrap(run.settings, catalog: run.catalog, environment: environment)
        let logger = Logger(label: "rolo")
        logger.info("rolo starting; log at \(logPath)")
        StartupTrace.mark("settings and log")

        let standIn = demo ? try await Wiring.startDemo(&run.settings, catalog: run.catalog) : nil
        if standIn != nil { StartupTrace.mark("stand-in") }
        let firstFrame = FirstFrameGate()
        let outcome = await Self.runScreen(run, first: source, ascii: ascii, environment: environment,
                                           storage: storage ?? Self.readStorage(run.settings, catalog: run.catalog, first: source),
                                           addressBook: Self.readAddressBook(run.settings, after: firstFrame), firstFrame: firstFrame)
        // The in-process stand-in ends with the process. Stopping it waits for the answers it is
        // still making (a list's portraits while they load): half a second more before `q` is done.
        withExtendedLifetime(standIn) {}
        if case .failure(let error) = outcome {
            logger.error("could not open the screen: \(error)")
            // Each of these already says "rolo needs …" or "rolo doesn't know …".
            Self.fail("\(error)")
            throw ExitCode.failure
        }
    }

    /// Refuses a source name that isn't in the catalog, naming the ones there are.
    static func check(_ source: SourceID?, in catalog: SourceCatalog) throws {
        guard let source, catalog.source(named: source.rawValue) == nil else { return }
        throw ConfigError(catalog.unknown(source.rawValue))
    }

    /// Says why rolo can't go on, on standard error (the screen is not up).
    private static func fail(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// rolo's database, opening on a thread of its own beside the log's and the terminal's set-up
    /// (so it logs nothing: the screen logs why it couldn't be opened). A first tab that shows
    /// stored persons has its page read from the file meanwhile, without waiting for the open, so
    /// that the first frame has it rather than "Loading…".
    private static func readStorage(_ settings: Settings, catalog: SourceCatalog, first: SourceID?) -> Task<(RoloDatabase, (any Sendable)?), Never> {
        let database = RoloDatabase(openingIn: settings.dataDir)
        let plugin = first.flatMap { first in catalog.plugins.first { $0.id == first } }
        return Task.detached(priority: .userInitiated) {
            (database, plugin?.preload(database))
        }
    }

    /// The address book, read once the first frame is out: no first frame draws it (the
    /// directory marks its rows with cards when it comes), and read beside the first frame it
    /// would take the main thread's core. The wait is the main actor's, which runs it after the
    /// first frame anyway: a task waiting in the pool would wake a thread for it beside the first frame.
    @MainActor
    private static func readAddressBook(_ settings: Settings, after firstFrame: FirstFrameGate) -> Task<AddressBookIndex, Never> {
        Task { @MainActor in
            await firstFrame.wait()
            return await Task.detached(priority: .utility) {
                let loaded = AddressBook.load(settings)
                return AddressBookIndex(cards: loaded.cards, problem: loaded.problem)
            }.value
        }
    }

    @MainActor
    private static func runScreen(_ run: RunConfig, first: SourceID?, ascii: Bool, environment: [String: String],
                                  storage: Task<(RoloDatabase, (any Sendable)?), Never>,
                                  addressBook: Task<AddressBookIndex, Never>, firstFrame: FirstFrameGate) async -> Result<Void, TerminalError> {
        let settings = run.settings
        // Its I/O thread starts meanwhile, and loads libcurl when the first request comes.
        let http = CurlHTTPClient()
        // rolo exits next, whether the screen opened or not: the HTTP thread must be done with
        // libcurl before the exit handlers run (the terminal, if it opened, is restored by then).
        defer { http.shutdown() }
        let terminal: Terminal
        do {
            terminal = try Terminal(options: TerminalOptions(
                noColor: settings.noColor,
                imageColors: ImageColorPreference(rawValue: settings.images.rawValue) ?? .auto,
                ascii: ascii, clipboard: settings.clipboard), environment: environment)
        } catch let error as TerminalError {
            return .failure(error)
        } catch {
            return .failure(.notATerminal)
        }
        StartupTrace.mark("terminal")
        let busy = BusyTracker()
        let pipeline = ImagePipeline()
        let graphics = GraphicsSetup(settings: settings, environment: environment)
        let showImages = graphics.showsImages(on: terminal)
        Logger(label: "rolo").info("terminal: \(terminal.terminfoName), colours \(terminal.colorDepth.name), images \(showImages ? "on" : "off")")
        let (database, preloaded) = await storage.value
        Wiring.logFailure(of: database)
        StartupTrace.mark("database")
        let context = SourceContext(
            settings: settings, http: http, busy: busy, database: database, preloaded: preloaded, addressBook: addressBook,
            showsPictures: showImages, unicode: terminal.isUnicode, showsFlags: graphics.initialFlags(on: terminal)
        ) { showImages ? graphics.store(pipeline: pipeline, busy: busy, on: terminal) : nil }
        let sources = Wiring.screenSources(run, context: context, environment: environment)
        let watching = Dictionary(uniqueKeysWithValues: settings.watchIntervals.map { (SourceID(rawValue: $0.key), $0.value) })
        let controller = ScreenController(
            sources: sources, initial: first, size: terminal.size, busy: busy, keyTable: run.keyTable, watching: watching)
        controller.onCopy = { terminal.copyToClipboard($0) }
        controller.onFocusReporting = { terminal.reportFocus($0) }
        controller.linkOpener = LinkOpener(environment: environment)
        controller.badge = settings.profile?.badge
        // From the environment until the terminal says what it is (GraphicsSetup).
        terminal.drawsHyperlinks = HyperlinkSupport.decide(terminal: TerminalKind(environment: environment), environment: environment, tmux: nil)
        controller.sayHeals(of: database)
        terminal.probeTmux()
        StartupTrace.mark("sources")
        let app = App(terminal: terminal, controller: controller, idleFile: environment["ROLO_IDLE_FILE"])
        app.afterFirstFrame = {
            database.openNow()
            firstFrame.open()
            graphics.start(terminal: terminal, pipeline: pipeline, sources: sources, busy: busy)
        }
        await app.run()
        // The terminal is restored by now; what is left of the exit doesn't show.
        database.checkpointAtExit()
        return .success(())
    }
}
