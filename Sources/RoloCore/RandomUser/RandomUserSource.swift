import Foundation

/// randomuser.me: its settings, its dump and its place on the stand-in.
public enum RandomUserSource: SourceDefinition {
    public static let id = SourceID(rawValue: "randomuser")
    public static let summary = "randomuser.me's generated persons, stored page by page"
    public static let settings: [Setting] = [.randomuserURL, .randomuserSeed]
    public static var dumpFields: [String] { DumpSchemas.randomUser.names }

    public static func pointAtStandIn(_ server: URL, _ settings: inout Settings) {
        settings.randomuserURL = server.appendingPathComponent("randomuser/api/")
    }

    public static func dump(_ context: DumpContext) async throws {
        let settings = context.settings
        let store = PersonStore<RandomPerson>(database: try context.database())
        try await context.runner.randomUser(
            RandomUserClient(baseURL: settings.randomuserURL, http: context.http, timeout: settings.timeout),
            store: store, seed: settings.randomuserSeed, to: context.sink)
    }
}

extension Setting {
    /// The randomuser.me API URL.
    public static let randomuserURL = Setting(
        "randomuser-url", kind: .url, example: "https://randomuser.me/api/", default: .url(URL(string: "https://randomuser.me/api/")!),
        help: "The randomuser.me API (default https://randomuser.me/api/).", valueName: "url")
    /// The randomuser seed that keeps pages stable.
    public static let randomuserSeed = Setting(
        "randomuser-seed", kind: .seed,
        help: "The seed that keeps randomuser's pages stable; a new one replaces the stored persons on the next r.", valueName: "seed")
}

extension Settings {
    /// The randomuser.me API; default `https://randomuser.me/api/`.
    public var randomuserURL: URL {
        get { self[url: .randomuserURL]! }
        set { self[url: .randomuserURL] = newValue }
    }

    /// The randomuser seed that keeps pages stable.
    public var randomuserSeed: String? {
        get { self[text: .randomuserSeed] }
        set { self[text: .randomuserSeed] = newValue }
    }
}
