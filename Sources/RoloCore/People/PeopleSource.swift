import Foundation

/// The ME employees server: its setting, its dump and its place on the stand-in.
public enum PeopleSource: SourceDefinition {
    public static let id = SourceID(rawValue: "people")
    public static let summary = "the ME employees server"
    public static let settings: [Setting] = [.peopleURL]
    public static var dumpFields: [String] { DumpSchemas.people.names }

    public static func pointAtStandIn(_ server: URL, _ settings: inout Settings) {
        settings.peopleURL = server
    }

    public static func dump(_ context: DumpContext) async throws {
        let settings = context.settings
        try await context.runner.people(PeopleClient(baseURL: settings.peopleURL, http: context.http, timeout: settings.timeout), to: context.sink)
    }
}

extension Setting {
    /// The ME employees server's base URL.
    public static let peopleURL = Setting(
        "people-url", kind: .url, example: "http://127.0.0.1:5000", default: .url(URL(string: "http://127.0.0.1:5000")!),
        help: "Base URL of the ME employees server (default http://127.0.0.1:5000).", valueName: "url")
}

extension Settings {
    /// The ME employees server; default `http://127.0.0.1:5000`.
    public var peopleURL: URL {
        get { self[url: .peopleURL]! }
        set { self[url: .peopleURL] = newValue }
    }
}
