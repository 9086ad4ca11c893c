import Foundation
import Logging
import RoloCore
import StandIn

/// How settings become the sources' clients, stores and address book: one place for the
/// browser and `rolo dump`, so a dump reads exactly what the screen shows.
enum Wiring {
    /// Starts the stand-in on 127.0.0.1 and points every source at it; the demo's saved data
    /// and address book live apart from the user's own.
    static func startDemo(_ settings: inout Settings) async throws -> StandInServer {
        let server = try await StandInServer.start(.demo, logger: Logger(label: "rolo.stand-in"))
        settings.peopleURL = server.baseURL
        settings.foodsURL = server.baseURL.appendingPathComponent("foods/api/v1/demo")
        settings.randomuserURL = server.baseURL.appendingPathComponent("randomuser/api/")
        settings.directoryURLs = ["tallinn", "tartu"].map { server.baseURL.appendingPathComponent("directory/\($0)/employee_list") }
        settings.pipedriveURL = server.baseURL.appendingPathComponent("pipedrive")
        settings.pipedriveToken = StandInOptions().pipedriveToken
        settings.gravatarURL = server.baseURL.appendingPathComponent("pipedrive/gravatar/")
        settings.dataDir += "/demo"
        settings.contactsPath = try writeDemoContacts(into: settings.dataDir)
        Logger(label: "rolo").info("demo: stand-in at \(server.baseURL)")
        return server
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
        Logger(label: "rolo").error("randomuser and pipedrive keep their persons in memory: \(error)")
    }

    /// The saved directory list's file.
    static func directorySnapshots(_ settings: Settings) -> DirectorySnapshotStore {
        DirectorySnapshotStore(path: settings.dataDir + "/directory.json")
    }

    /// The Pipedrive account's pages; nil when the URL or the token is missing, and then the
    /// sentence that says what to set.
    static func pipedriveFetch(
        _ settings: Settings, http: any HTTPClient
    ) -> (fetch: PipedriveSync.Fetch?, fetchNames: PipedriveSync.FetchNames?, unconfigured: String?) {
        guard let url = settings.pipedriveURL else {
            return (nil, nil, "Set your Pipedrive company URL: --pipedrive-url https://COMPANY.pipedrive.com, ROLO_PIPEDRIVE_URL, or pipedrive-url in the config file")
        }
        guard let token = settings.pipedriveToken, !token.isEmpty else {
            return (nil, nil, "Set your Pipedrive API token: export PIPEDRIVE_API_TOKEN=…, or api_token in the config file (chmod 600)")
        }
        let client = PipedriveClient(baseURL: url, token: token, api: settings.pipedriveAPI, http: http, timeout: settings.timeout)
        return (
            { after, limit in try await client.page(after: after, limit: limit) },
            { kind, after, limit in try await client.names(kind, after: after, limit: limit) }, nil)
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
    static func loadContacts(_ settings: Settings) -> (cards: [ContactCard], problem: String?) {
        var result = AddressBook.load(path: settings.contactsPath)
        let home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".contacts.vcf").path
        if home != settings.contactsPath, FileManager.default.fileExists(atPath: home) {
            let extra = AddressBook.load(path: home)
            result = (result.cards + extra.cards, result.cards.isEmpty && extra.cards.isEmpty ? result.problem : nil)
        }
        return result
    }
}
