import ArgumentParser
import Foundation
import Logging
import RoloApp
import RoloCore
import StandIn
import TerminalUI

extension SourceID: ExpressibleByArgument {}
extension ImageMode: ExpressibleByArgument {}

/// Opens the full-screen browser.
struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the browser (the default: `rolo people` is `rolo browse people`)."
    )

    @Argument(help: "The source to open first.")
    var source: SourceID?

    @Flag(help: "Start the built-in stand-in server on 127.0.0.1 and point every source at it: no network needed.")
    var demo = false

    @Option(name: .customLong("people-url"), help: ArgumentHelp("Base URL of the ME employees server (default http://127.0.0.1:5000).", valueName: "url"))
    var peopleURL: String?

    @Option(name: .customLong("directory-url"), help: ArgumentHelp("An employee_list URL of the work directory; repeat for each city (default: Tallinn and Tartu).", valueName: "url"))
    var directoryURLs: [String] = []

    @Option(name: .customLong("foods-url"), help: ArgumentHelp("Base URL of the OpenFoods API for one user: https://HOST/api/v1/USERID.", valueName: "url"))
    var foodsURL: String?

    @Option(name: .customLong("randomuser-url"), help: ArgumentHelp("The randomuser.me API (default https://randomuser.me/api/).", valueName: "url"))
    var randomuserURL: String?

    @Option(name: .customLong("randomuser-seed"), help: ArgumentHelp("The seed that keeps randomuser's pages stable; a new one replaces the stored persons on the next r.", valueName: "seed"))
    var randomuserSeed: String?

    @Option(name: .customLong("pipedrive-url"), help: ArgumentHelp("Your Pipedrive company URL, https://COMPANY.pipedrive.com; the token comes from PIPEDRIVE_API_TOKEN or api_token in the config file.", valueName: "url"))
    var pipedriveURL: String?

    @Option(name: .customLong("pipedrive-api"), help: ArgumentHelp("The Pipedrive API to page persons with: v2 (cursor, the default) or v1 (offset, for older accounts).", valueName: "v1|v2"))
    var pipedriveAPI: String?

    @Option(name: .customLong("gravatar-url"), help: ArgumentHelp("Where Gravatar avatars come from (default https://gravatar.com/avatar/).", valueName: "url"))
    var gravatarURL: String?

    @Option(help: ArgumentHelp("Your address book: a .vcf file or a directory of them (default $XDG_DATA_HOME/contacts, and ~/.contacts.vcf).", valueName: "path"))
    var contacts: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Where the last good responses are saved (default $XDG_DATA_HOME/rolo).", valueName: "dir"))
    var dataDir: String?

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("Where downloaded images are cached (default $XDG_CACHE_HOME/rolo).", valueName: "dir"))
    var cacheDir: String?

    @Option(help: ArgumentHelp("Seconds to wait for a server before giving up (default 30).", valueName: "seconds"))
    var timeout: String?

    @Option(help: ArgumentHelp("Draw images: auto, off, truecolor or 256 (default auto).", valueName: "mode"))
    var images: String?

    @Flag(name: .customLong("no-color"), help: "Draw without colour (also when NO_COLOR is set).")
    var noColor = false

    @Flag(help: "Draw with ASCII symbols only: country codes instead of flags, * and . for likes.")
    var ascii = false

    @Option(help: ArgumentHelp("Read this config file instead of $XDG_CONFIG_HOME/rolo/config.toml.", valueName: "file"))
    var config: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var settings: Settings
        do {
            settings = try SettingsLoader.load(options: optionValues, environment: environment, configFile: config)
        } catch let error as ConfigError {
            Self.fail("rolo: \(error.message)")
            throw ExitCode(2)
        }
        let logPath = RoloLogging.bootstrap(stateDir: settings.stateDir, level: environment["ROLO_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info)
        let logger = Logger(label: "rolo")
        logger.info("rolo starting; log at \(logPath)")

        var standIn: StandInServer?
        if demo {
            let server = try await StandInServer.start(.demo, logger: Logger(label: "rolo.stand-in"))
            settings.peopleURL = server.baseURL
            settings.foodsURL = server.baseURL.appendingPathComponent("foods/api/v1/demo")
            settings.randomuserURL = server.baseURL.appendingPathComponent("randomuser/api/")
            settings.directoryURLs = ["tallinn", "tartu"].map { server.baseURL.appendingPathComponent("directory/\($0)/employee_list") }
            settings.pipedriveURL = server.baseURL.appendingPathComponent("pipedrive")
            settings.pipedriveToken = StandInOptions().pipedriveToken
            settings.gravatarURL = server.baseURL.appendingPathComponent("pipedrive/gravatar/")
            // The demo's saved data and address book never touch the user's own.
            settings.dataDir += "/demo"
            settings.contactsPath = try Self.writeDemoContacts(into: settings.dataDir)
            standIn = server
            logger.info("demo: stand-in at \(server.baseURL)")
        }
        let outcome = await Self.runScreen(settings: settings, first: source, ascii: ascii, idleFile: environment["ROLO_IDLE_FILE"])
        await standIn?.stop()
        if case .failure(let error) = outcome {
            logger.error("could not open the screen: \(error)")
            Self.fail("rolo: \(error)")
            throw ExitCode.failure
        }
    }

    /// rolo's database, opened once for the sources that store persons; nil when it can't be
    /// opened (the reason is in the log), and those sources keep their persons in memory.
    private static func openDatabase(_ settings: Settings) -> RoloDatabase? {
        do {
            return try RoloDatabase(dataDirectory: settings.dataDir)
        } catch {
            Logger(label: "rolo").error("randomuser and pipedrive keep their persons in memory: \(error)")
            return nil
        }
    }

    /// The randomuser source over rolo's database (nil: in memory for the run).
    @MainActor
    private static func makeRandomUser(settings: Settings, database: RoloDatabase?, http: any HTTPClient, busy: BusyTracker, pictures: PictureStore?) -> RandomUserViewModel {
        let store = database.map { PersonStore<RandomPerson>(database: $0) }
        // Its own avatar cache, so r can replace this source's avatars without touching others'.
        let avatars = ImageDiskCache(directory: settings.cacheDir + "/randomuser")
        return RandomUserViewModel(
            service: RandomUserClient(baseURL: settings.randomuserURL, http: http, timeout: settings.timeout),
            store: store, seed: settings.randomuserSeed, busy: busy, pictures: pictures,
            imageLoader: pictures == nil ? nil : RemoteImageLoader(http: http, cache: avatars, timeout: settings.timeout),
            avatarCache: avatars)
    }

    /// The pipedrive source: the account's persons in rolo's database (nil: in memory for the
    /// run); without a URL or token, the tab says what to set.
    @MainActor
    private static func makePipedrive(settings: Settings, database: RoloDatabase?, http: any HTTPClient, busy: BusyTracker, pictures: PictureStore?) -> PipedriveViewModel {
        let store = database.map { PersonStore<PipedrivePerson>(database: $0) }
        var fetch: PipedriveSync.Fetch?
        var unconfigured: String?
        if let url = settings.pipedriveURL, let token = settings.pipedriveToken, !token.isEmpty {
            let client = PipedriveClient(baseURL: url, token: token, api: settings.pipedriveAPI, http: http, timeout: settings.timeout)
            fetch = { after, limit in try await client.page(after: after, limit: limit) }
        } else if settings.pipedriveURL == nil {
            unconfigured = "Set your Pipedrive company URL: --pipedrive-url https://COMPANY.pipedrive.com, ROLO_PIPEDRIVE_URL, or pipedrive-url in the config file"
        } else {
            unconfigured = "Set your Pipedrive API token: export PIPEDRIVE_API_TOKEN=…, or api_token in the config file (chmod 600)"
        }
        let avatars = ImageDiskCache(directory: settings.cacheDir + "/images")
        return PipedriveViewModel(
            fetch: fetch, unconfigured: unconfigured, api: settings.pipedriveAPI, store: store, busy: busy,
            pictures: pictures,
            imageLoader: pictures == nil ? nil : RemoteImageLoader(http: http, cache: avatars, timeout: settings.timeout),
            gravatarBase: settings.gravatarURL)
    }

    /// Writes the demo address book (cards for three of the stand-in's people) beside the demo's
    /// saved data and returns its path.
    private static func writeDemoContacts(into directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory + "/demo-contacts.vcf"
        try Data(DirectoryContacts.sampleVCard.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return path
    }

    /// The user's address book: the configured path, plus `~/.contacts.vcf` when it exists.
    private static func loadContacts(_ settings: Settings) -> (cards: [ContactCard], problem: String?) {
        var result = AddressBook.load(path: settings.contactsPath)
        let home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".contacts.vcf").path
        if home != settings.contactsPath, FileManager.default.fileExists(atPath: home) {
            let extra = AddressBook.load(path: home)
            result = (result.cards + extra.cards, result.cards.isEmpty && extra.cards.isEmpty ? result.problem : nil)
        }
        return result
    }

    /// Says why rolo can't go on, on standard error (the screen is not up).
    private static func fail(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// The option values the user gave, by setting.
    private var optionValues: [Setting: [String]] {
        var values: [Setting: [String]] = [:]
        values[.peopleURL] = peopleURL.map { [$0] }
        values[.foodsURL] = foodsURL.map { [$0] }
        values[.directoryURL] = directoryURLs.isEmpty ? nil : directoryURLs
        values[.contacts] = contacts.map { [$0] }
        values[.randomuserURL] = randomuserURL.map { [$0] }
        values[.randomuserSeed] = randomuserSeed.map { [$0] }
        values[.pipedriveURL] = pipedriveURL.map { [$0] }
        values[.pipedriveAPI] = pipedriveAPI.map { [$0] }
        values[.gravatarURL] = gravatarURL.map { [$0] }
        values[.dataDir] = dataDir.map { [$0] }
        values[.cacheDir] = cacheDir.map { [$0] }
        values[.timeout] = timeout.map { [$0] }
        values[.images] = images.map { [$0] }
        if noColor { values[.noColor] = ["true"] }
        return values
    }

    @MainActor
    private static func runScreen(settings: Settings, first: SourceID?, ascii: Bool, idleFile: String?) async -> Result<Void, TerminalError> {
        let terminal: Terminal
        do {
            terminal = try Terminal(options: TerminalOptions(
                noColor: settings.noColor,
                imageColors: ImageColorPreference(rawValue: settings.images.rawValue) ?? .auto,
                ascii: ascii))
        } catch let error as TerminalError {
            return .failure(error)
        } catch {
            return .failure(.notATerminal)
        }
        let busy = BusyTracker()
        let http = URLSessionHTTPClient()
        let pipeline = ImagePipeline()
        let showImages = terminal.canShowImages
        Logger(label: "rolo").info("terminal: \(terminal.terminfoName), colours \(terminal.colorDepth), images \(showImages ? "on" : "off")")
        let people = PeopleViewModel(
            service: PeopleClient(baseURL: settings.peopleURL, http: http, timeout: settings.timeout),
            busy: busy, pictures: showImages ? PictureStore(pipeline: pipeline, busy: busy) : nil)
        let imageCache = ImageDiskCache(directory: settings.cacheDir + "/images")
        let foods = FoodsViewModel(
            service: settings.foodsURL.map { FoodsClient(baseURL: $0, http: http, timeout: settings.timeout) },
            busy: busy, pictures: showImages ? PictureStore(pipeline: pipeline, busy: busy) : nil,
            imageLoader: showImages ? RemoteImageLoader(http: http, cache: imageCache, timeout: settings.timeout) : nil,
            useFlags: terminal.isUnicode)
        let contacts = loadContacts(settings)
        let directory = DirectoryViewModel(
            service: DirectoryClient(urls: settings.directoryURLs, http: http, timeout: settings.timeout),
            snapshots: DirectorySnapshotStore(path: settings.dataDir + "/directory.json"),
            contacts: contacts.cards, contactsProblem: contacts.problem, busy: busy,
            pictures: showImages ? PictureStore(pipeline: pipeline, busy: busy) : nil)
        let database = openDatabase(settings)
        let randomuser = makeRandomUser(settings: settings, database: database, http: http, busy: busy,
                                        pictures: showImages ? PictureStore(pipeline: pipeline, busy: busy) : nil)
        let pipedrive = makePipedrive(settings: settings, database: database, http: http, busy: busy,
                                      pictures: showImages ? PictureStore(pipeline: pipeline, busy: busy) : nil)
        let controller = ScreenController(sources: [people, directory, foods, randomuser, pipedrive], initial: first, size: terminal.size, busy: busy)
        await App(terminal: terminal, controller: controller, idleFile: idleFile).run()
        return .success(())
    }
}
