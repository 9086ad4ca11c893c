import Foundation

/// Everything rolo can be configured with, resolved from options, environment and config file.
public struct Settings: Sendable, Equatable {
    /// The vCard file or directory; default `$XDG_DATA_HOME/contacts`.
    public var contactsPath: String
    /// The database and saved responses; default `$XDG_DATA_HOME/rolo`.
    public var dataDir: String
    /// The image cache; default `$XDG_CACHE_HOME/rolo`.
    public var cacheDir: String
    /// The log file's directory, `$XDG_STATE_HOME/rolo`; not an option.
    public var stateDir: String
    /// Seconds to wait for a server; default 30, always above 0.
    public var timeout: TimeInterval
    /// How images are drawn; default auto.
    public var images: ImageMode
    /// Whether a food's country is drawn as its flag; default auto.
    public var flags: FlagMode
    /// Whether to draw without colour (`--no-color`, or `NO_COLOR` set and not empty).
    public var noColor: Bool
    /// Whether `y` may set the clipboard with OSC 52; default on.
    public var clipboard: Bool
    /// Where read-only mode was turned on (`--read-only`, `ROLO_READ_ONLY`, a config file's
    /// line), which refuses every HTTP action but a GET; nil when it is off (the default).
    public var readOnly: String?
    /// The sources' own settings, by key, as resolved; read through the typed subscripts
    /// below, which fall back to each setting's default.
    public var sourceValues: [String: SettingValue] = [:]
    /// The config file's `[keys]` table, in file order, checked by the app's key table.
    public var keyRemaps: [KeyRemap]
    /// The config file's `[[sources]]` and `tabs`.
    public var configuredSources: ConfiguredSources
    /// The config file's `[watch]` table: each named source's interval, in seconds.
    public var watch: [String: TimeInterval] = [:]
    /// The `[profiles.NAME]` that `--profile` (`ROLO_PROFILE`) picked; nil without one.
    public var profile: Profile?
    /// The config file that was read, if one was.
    public var configFile: String?
    /// The config file rolo looks at (`--config`, else `$XDG_CONFIG_HOME/rolo/config.toml`),
    /// whether or not it exists.
    public var configPath: String

    /// The settings when nothing is configured, with directories from `environment`'s XDG
    /// variables (or `HOME`).
    public static func defaults(environment: [String: String]) -> Settings {
        Settings(directories: XDGDirectories(environment: environment))
    }

    /// How often each source refreshes itself while rolo runs, by name: a configured source's
    /// `watch`, else its `[watch]` entry; a source named in neither isn't watched.
    public var watchIntervals: [String: TimeInterval] {
        var intervals = watch
        for source in configuredSources.sources { if let seconds = source.watch { intervals[source.name] = seconds } }
        return intervals
    }

    init(directories: XDGDirectories) {
        contactsPath = directories.dataHome + "/contacts"
        dataDir = directories.dataHome + "/rolo"
        cacheDir = directories.cacheHome + "/rolo"
        stateDir = directories.stateHome + "/rolo"
        timeout = 30
        images = .auto
        flags = .auto
        noColor = false
        clipboard = true
        keyRemaps = []
        configuredSources = ConfiguredSources()
        configFile = nil
        configPath = directories.configHome + "/rolo/config.toml"
    }

    /// A source setting's value, or its default.
    public func value(_ setting: Setting) -> SettingValue? { sourceValues[setting.rawValue] ?? setting.defaultValue }

    /// A URL setting; nil when unset and without a default.
    public subscript(url setting: Setting) -> URL? {
        get { if case .url(let url) = value(setting) { url } else { nil } }
        set { sourceValues[setting.rawValue] = newValue.map(SettingValue.url) }
    }

    /// A setting of several URLs.
    public subscript(urls setting: Setting) -> [URL] {
        get { if case .urls(let urls) = value(setting) { urls } else { [] } }
        set { sourceValues[setting.rawValue] = .urls(newValue) }
    }

    /// A text setting (a seed, a secret, a path or a choice).
    public subscript(text setting: Setting) -> String? {
        get { if case .text(let text) = value(setting) { text } else { nil } }
        set { sourceValues[setting.rawValue] = newValue.map(SettingValue.text) }
    }
}
