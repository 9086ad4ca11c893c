import Foundation
import Logging
import RoloApp
import RoloCore
import StandIn

/// How settings become the sources' clients, stores and address book: one place for the
/// browser and `rolo dump`, so a dump reads exactly what the screen shows.
enum Wiring {
    /// Starts the stand-in on 127.0.0.1 and points every built-in source of `catalog` at it; the
    /// demo's saved data and address book live apart from the user's own.
    static func startDemo(_ settings: inout Settings, catalog: SourceCatalog) async throws -> StandInServer {
        let server = try await StandInServer.start(.demo, logger: Logger(label: "rolo.stand-in"))
        for source in catalog.definitions { source.pointAtStandIn(server.baseURL, &settings) }
        settings.dataDir += "/demo"
        settings.contactsPath = try writeDemoContacts(into: settings.dataDir)
        Logger(label: "rolo").info("demo: stand-in at \(server.baseURL)")
        return server
    }

    /// The screen's sources in tab order: the config file's `tabs`, else every source of the
    /// catalog.
    @MainActor
    static func screenSources(_ run: RunConfig, context: SourceContext, environment: [String: String]) -> [any SourceModel] {
        run.catalog.tabs(run.settings.configuredSources).compactMap { source -> (any SourceModel)? in
            switch source.kind {
            case .builtIn(let definition): (definition as? any SourcePlugin.Type)?.makeModel(context)
            case .configured(let configured): RecordListModel.make(configured, context: context, environment: environment)
            }
        }
    }

    /// Every secret the settings hold — the catalog's secret settings, the configured sources'
    /// `${VAR}` values — for the log to redact from its first line.
    /// Starts the log (its secrets redacted from the first line) and points the run's sign-ins at
    /// the state directory's tokens; returns the log file's path.
    @discardableResult
    static func bootstrap(_ settings: Settings, catalog: SourceCatalog, environment: [String: String]) -> String {
        SignIns.shared.configure(TokenStore(stateDir: settings.stateDir, profile: settings.profile?.name))
        return RoloLogging.bootstrap(
            stateDir: settings.stateDir, level: environment["ROLO_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info,
            secrets: secrets(settings, catalog: catalog, environment: environment))
    }

    static func secrets(_ settings: Settings, catalog: SourceCatalog, environment: [String: String]) -> [String] {
        catalog.sourceSettings.filter(\.isSecret).compactMap { settings[text: $0] }
            + settings.configuredSources.secrets(environment: environment)
    }

    /// rolo's database, opened once for `rolo dump`'s sources that store persons, or why it can't
    /// be: then those sources keep their persons in memory, which ``opened(_:)`` tells the log.
    static func openDatabase(_ settings: Settings) -> Result<RoloDatabase, any Error> {
        Result { try RoloDatabase(dataDirectory: settings.dataDir) }
    }

    /// The database, or nil once the log says why it couldn't be opened.
    static func opened(_ database: Result<RoloDatabase, any Error>) -> RoloDatabase? {
        switch database {
        case .success(let database):
            return database
        case .failure(let error):
            logInMemory(error)
            return nil
        }
    }

    /// Logs why the launch's database didn't open, if it doesn't, once its open is over (after
    /// the first frame, usually); its stores then keep their persons in memory.
    @MainActor
    static func logFailure(of database: RoloDatabase) {
        Task {
            if let failure = await database.openFailure() { logInMemory(failure) }
        }
    }

    private static func logInMemory(_ error: any Error) {
        Logger(label: "rolo").error("the sources that store records keep them in memory: \(error)")
    }

    /// Writes the demo address book (cards for three of the stand-in's people) beside the demo's
    /// saved data and returns its path.
    private static func writeDemoContacts(into directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory + "/demo-contacts.vcf"
        try Data(DirectoryContacts.sampleVCard.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return path
    }
}
