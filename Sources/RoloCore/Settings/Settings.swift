import Foundation

/// Everything rolo can be configured with, resolved from options, environment and config file.
public struct Settings: Sendable, Equatable {
    /// The ME employees server; default `http://127.0.0.1:5000`.
    public var peopleURL: URL
    /// The directory listings, all of which are merged.
    public var directoryURLs: [URL]
    /// The OpenFoods base URL; none by default, so the tab says what to set.
    public var foodsURL: URL?
    /// The randomuser.me API; default `https://randomuser.me/api/`.
    public var randomuserURL: URL
    /// The randomuser seed that keeps pages stable.
    public var randomuserSeed: String?
    /// The Pipedrive company URL; none by default.
    public var pipedriveURL: URL?
    /// The Pipedrive API version; default v2.
    public var pipedriveAPI: PipedriveAPIVersion
    /// The Pipedrive token, from `PIPEDRIVE_API_TOKEN` or the config file, never an option.
    public var pipedriveToken: String?
    /// The Gravatar avatar URL; default `https://gravatar.com/avatar/`.
    public var gravatarURL: URL
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
    /// The config file's `[keys]` table, in file order, checked by the app's key table.
    public var keyRemaps: [KeyRemap]
    /// The config file's `[[sources]]` and `tabs`.
    public var customSources: CustomSourcesConfig
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

    init(directories: XDGDirectories) {
        peopleURL = URL(string: "http://127.0.0.1:5000")!
        directoryURLs = [
            URL(string: "https://tallinn-jobapp.aw.ee/employee_list")!,
            URL(string: "https://tartu-jobapp.aw.ee/employee_list")!,
        ]
        foodsURL = nil
        randomuserURL = URL(string: "https://randomuser.me/api/")!
        randomuserSeed = nil
        pipedriveURL = nil
        pipedriveAPI = .v2
        pipedriveToken = nil
        gravatarURL = URL(string: "https://gravatar.com/avatar/")!
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
        customSources = CustomSourcesConfig()
        configFile = nil
        configPath = directories.configHome + "/rolo/config.toml"
    }
}
