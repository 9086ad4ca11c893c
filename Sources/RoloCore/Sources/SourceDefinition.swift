import Foundation

/// What rolo knows of a built-in source apart from its screen: its name, the settings it reads,
/// how `rolo dump` gets its records, and where the demo's stand-in serves it. Each source's
/// definition lives in its own folder; ``SourceRegistry`` lists them once, and makes the run's
/// ``SourceCatalog`` of them and the configured sources, which the tabs, the command line, the
/// config file, `rolo dump` and its help all read.
///
/// The screen's half is the app's `SourcePlugin`, which a definition also conforms to.
public protocol SourceDefinition: Sendable {
    /// The tab's name, `rolo NAME` and `rolo dump NAME`.
    static var id: SourceID { get }
    /// What it browses, for the help: "the ME employees server".
    static var summary: String { get }
    /// The settings only this source reads, in the order the help lists them.
    static var settings: [Setting] { get }
    /// Other config-file names of its settings (`api_token` for Pipedrive's token).
    static var settingAliases: [String: Setting] { get }
    /// Its dump fields, in their default order.
    static var dumpFields: [String] { get }
    /// Points its settings at the demo's stand-in, which serves every source under `server`.
    static func pointAtStandIn(_ server: URL, _ settings: inout Settings)
    /// Writes its records for `rolo dump`.
    static func dump(_ context: DumpContext) async throws
    /// The `[[actions]]` rolo ships for it, added after the user's own when the config is read.
    static var shippedActions: [RecordAction] { get }
}

extension SourceDefinition {
    public static var settingAliases: [String: Setting] { [:] }
    public static var shippedActions: [RecordAction] { [] }
}

/// What a source's dump is given: the settings, the one HTTP client, the runner with the
/// command line's choices, where the records go, and the shared stores opened on demand.
public struct DumpContext {
    public let settings: Settings
    public let http: any HTTPClient
    public let runner: DumpRunner
    public let sink: DumpSink
    /// rolo's database (in memory for this run when it can't be opened, or offline with no file).
    public let database: @Sendable () throws -> RoloDatabase

    public init(settings: Settings, http: any HTTPClient, runner: DumpRunner, sink: DumpSink,
                database: @escaping @Sendable () throws -> RoloDatabase) {
        self.settings = settings
        self.http = http
        self.runner = runner
        self.sink = sink
        self.database = database
    }
}
