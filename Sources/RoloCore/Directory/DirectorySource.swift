import Foundation

/// The Tallinn and Tartu work directory: its setting, its dump and its place on the stand-in.
public enum DirectorySource: SourceDefinition {
    public static let id = SourceID(rawValue: "directory")
    public static let summary = "the Tallinn and Tartu work contacts, merged"
    public static let settings: [Setting] = [.directoryURL]
    public static var dumpFields: [String] { DumpSchemas.directory.names }

    public static func pointAtStandIn(_ server: URL, _ settings: inout Settings) {
        settings.directoryURLs = ["tallinn", "tartu"].map { server.appendingPathComponent("directory/\($0)/employee_list") }
    }

    public static func dump(_ context: DumpContext) async throws {
        let settings = context.settings
        try await context.runner.directory(
            DirectoryClient(urls: settings.directoryURLs, http: context.http, timeout: settings.timeout),
            snapshots: snapshots(settings), contacts: AddressBook.load(settings).cards, to: context.sink)
    }

    /// The saved directory list's file.
    public static func snapshots(_ settings: Settings) -> DirectorySnapshotStore {
        DirectorySnapshotStore(path: settings.dataDir + "/directory.json")
    }
}

extension Setting {
    /// The directory listing URLs; may be given more than once.
    public static let directoryURL = Setting(
        "directory-url", kind: .urls, environment: "ROLO_DIRECTORY_URLS", example: "https://tallinn-jobapp.aw.ee/employee_list",
        default: .urls([URL(string: "https://tallinn-jobapp.aw.ee/employee_list")!, URL(string: "https://tartu-jobapp.aw.ee/employee_list")!]),
        help: "An employee_list URL of the work directory; repeat for each city (default: Tallinn and Tartu).", valueName: "url")
}

extension Settings {
    /// The directory listings, all of which are merged.
    public var directoryURLs: [URL] {
        get { self[urls: .directoryURL] }
        set { self[urls: .directoryURL] = newValue }
    }
}
