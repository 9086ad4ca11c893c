import RoloCore
import TerminalUI

/// What a run of rolo reads before it does anything: its settings, the catalog of its sources
/// (the built-in ones, then the config file's) and the key table in effect. Made once at start
/// and passed to the screen and the commands, which read their sources from ``catalog`` alone.
public struct RunConfig {
    /// The settings, their sources' actions given the keys `[keys]` names for them (the demo
    /// points them at its stand-in).
    public var settings: Settings
    /// The run's sources, built in and configured, in tab order.
    public let catalog: SourceCatalog
    /// rolo's keys with `[keys]` applied.
    public let keyTable: KeyTable<Action>

    /// Loads the settings (``SettingsLoader``) and makes the rest from them; throws
    /// ``ConfigError`` naming the option, variable or line at fault.
    public static func load(options: [Setting: [String]], environment: [String: String], configFile: String?) throws -> RunConfig {
        try RunConfig(settings: SettingsLoader.load(options: options, environment: environment, configFile: configFile))
    }

    /// The run of `settings`: an entry of `[keys]` that names a source's action (and none of
    /// rolo's own) gives that action its key, on every tab with an action of that name; the
    /// others remap rolo's own actions. The catalog and the entries of the shipped actions' keys
    /// are made after, so they carry those keys; then each action's key is checked against the
    /// keys of its tab.
    public init(settings: Settings) throws(ConfigError) {
        var settings = settings
        let remaps = try RoloKeys.remapSourceActions(&settings)
        catalog = SourceRegistry.catalog(settings.configuredSources)
        let base = RoloKeys.defaultTable(for: catalog, actions: settings.configuredSources)
        // A shipped action's entry already has the key its remap gave the action; applied again,
        // a key it shares with another of rolo's names the remap's line.
        let entries = Set(RoloKeys.actions(in: base).map(\.name))
        let shipped = settings.keyRemaps.filter { !remaps.contains($0) && entries.contains($0.action.lowercased()) }
        keyTable = try RoloKeys.table(applying: remaps + shipped, to: base)
        try RoloKeys.checkActionKeys(settings.configuredSources, table: keyTable, catalog: catalog)
        self.settings = settings
    }
}
