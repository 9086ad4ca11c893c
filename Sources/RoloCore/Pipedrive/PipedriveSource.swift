import Foundation

/// Persons in a Pipedrive account: its settings, its dump and its place on the stand-in.
public enum PipedriveSource: SourceDefinition {
    /// The note on a person, `N` (``PipedriveDefinition``).
    public static var shippedActions: [RecordAction] { PipedriveDefinition.shipped }
    public static let id = SourceID(rawValue: "pipedrive")
    public static let summary = "the persons of a Pipedrive account, stored and synced"
    public static let settings: [Setting] = [.pipedriveURL, .pipedriveAPI, .pipedriveToken, .gravatarURL]
    /// `api_token` is what Pipedrive's own docs call the token.
    public static let settingAliases: [String: Setting] = ["api_token": .pipedriveToken]
    public static var dumpFields: [String] { DumpSchemas.pipedrive.names }
    /// The token the demo's stand-in accepts (`StandInOptions.pipedriveToken`'s default).
    public static let standInToken = "standin-token"

    public static func pointAtStandIn(_ server: URL, _ settings: inout Settings) {
        settings.pipedriveURL = server.appendingPathComponent("pipedrive")
        settings.pipedriveToken = standInToken
        settings.gravatarURL = server.appendingPathComponent("pipedrive/gravatar/")
    }

    public static func dump(_ context: DumpContext) async throws {
        let settings = context.settings
        let database = try context.database()
        let account = try self.account(settings, http: context.http, database: database)
        try await context.runner.pipedrive(
            account: account.account, unconfigured: account.unconfigured,
            stored: try PipedriveAccount(storedIn: database, api: settings.pipedriveAPI), to: context.sink)
    }

    /// The account `settings` name, on the record engine over `http` in `database`; nil with
    /// what to set when one of its settings is missing.
    public static func account(
        _ settings: Settings, http: any HTTPClient, database: RoloDatabase
    ) throws -> (account: PipedriveAccount?, unconfigured: String?) {
        if let missing = unconfigured(settings) { return (nil, missing) }
        guard let url = settings.pipedriveURL, let token = settings.pipedriveToken else { return (nil, "Pipedrive isn't configured") }
        return (try PipedriveAccount(
            companyURL: url, token: token, api: settings.pipedriveAPI, http: http, database: database, timeout: settings.timeout), nil)
    }

    /// The sentence that says what to set when the company URL or the token is missing; nil
    /// when both are set.
    public static func unconfigured(_ settings: Settings) -> String? {
        guard settings.pipedriveURL != nil else {
            return "Set your Pipedrive company URL: --pipedrive-url https://COMPANY.pipedrive.com, ROLO_PIPEDRIVE_URL, or pipedrive-url in the config file"
        }
        guard let token = settings.pipedriveToken, !token.isEmpty else {
            return "Set your Pipedrive API token: export PIPEDRIVE_API_TOKEN=…, or api_token in the config file (chmod 600)"
        }
        return nil
    }
}

extension Setting {
    /// The Pipedrive company URL.
    public static let pipedriveURL = Setting(
        "pipedrive-url", kind: .url, example: "https://yourcompany.pipedrive.com",
        help: "Your Pipedrive company URL, https://COMPANY.pipedrive.com; the token comes from PIPEDRIVE_API_TOKEN or api_token in the config file.",
        valueName: "url")
    /// The Pipedrive API version, v1 or v2.
    public static let pipedriveAPI = Setting(
        "pipedrive-api", kind: .choice(PipedriveAPIVersion.allCases.map(\.rawValue)), default: .text(PipedriveAPIVersion.v2.rawValue),
        help: "The Pipedrive API to page persons with: v2 (cursor, the default) or v1 (offset, for older accounts).", valueName: "v1|v2")
    /// The Pipedrive API token; from the environment or the config file only.
    public static let pipedriveToken = Setting("pipedrive-api-token", kind: .secret, environment: "PIPEDRIVE_API_TOKEN", help: nil,
                                                  noun: "the Pipedrive API token")
    /// The Gravatar avatar URL.
    public static let gravatarURL = Setting(
        "gravatar-url", kind: .url, example: "https://gravatar.com/avatar/", default: .url(URL(string: "https://gravatar.com/avatar/")!),
        help: "Where Gravatar avatars come from (default https://gravatar.com/avatar/).", valueName: "url")
}

extension Settings {
    /// The Pipedrive company URL; none by default.
    public var pipedriveURL: URL? {
        get { self[url: .pipedriveURL] }
        set { self[url: .pipedriveURL] = newValue }
    }

    /// The Pipedrive API version; default v2.
    public var pipedriveAPI: PipedriveAPIVersion {
        get { self[text: .pipedriveAPI].flatMap(PipedriveAPIVersion.init(rawValue:)) ?? .v2 }
        set { self[text: .pipedriveAPI] = newValue.rawValue }
    }

    /// The Pipedrive token, from `PIPEDRIVE_API_TOKEN` or the config file, never an option.
    public var pipedriveToken: String? {
        get { self[text: .pipedriveToken] }
        set { self[text: .pipedriveToken] = newValue }
    }

    /// The Gravatar avatar URL; default `https://gravatar.com/avatar/`.
    public var gravatarURL: URL {
        get { self[url: .gravatarURL]! }
        set { self[url: .gravatarURL] = newValue }
    }
}
