/// One configurable setting; its raw value is both the option name without dashes and the
/// config file key, so the three sources share one vocabulary.
public enum Setting: String, CaseIterable, Sendable {
    /// The ME employees server's base URL.
    case peopleURL = "people-url"
    /// The directory listing URLs; may be given more than once.
    case directoryURL = "directory-url"
    /// The OpenFoods base URL, `.../api/v1/<userId>`.
    case foodsURL = "foods-url"
    /// The randomuser.me API URL.
    case randomuserURL = "randomuser-url"
    /// The randomuser seed that keeps pages stable.
    case randomuserSeed = "randomuser-seed"
    /// The Pipedrive company URL.
    case pipedriveURL = "pipedrive-url"
    /// The Pipedrive API version, v1 or v2.
    case pipedriveAPI = "pipedrive-api"
    /// The Pipedrive API token; from the environment or the config file only.
    case pipedriveToken = "pipedrive-api-token"
    /// The Gravatar avatar URL.
    case gravatarURL = "gravatar-url"
    /// The vCard file or directory.
    case contacts = "contacts"
    /// Where rolo keeps its database and saved responses.
    case dataDir = "data-dir"
    /// Where rolo caches images.
    case cacheDir = "cache-dir"
    /// Seconds to wait for a server.
    case timeout = "timeout"
    /// How images are drawn.
    case images = "images"
    /// Whether to draw a food's country as its flag.
    case flags = "flags"
    /// Whether to draw without colour.
    case noColor = "no-color"
    /// Whether `y` may set the clipboard with OSC 52; off with `--no-clipboard`.
    case clipboard = "clipboard"

    /// The environment variable that sets this, e.g. `ROLO_PEOPLE_URL`; `NO_COLOR` and
    /// `PIPEDRIVE_API_TOKEN` follow their own conventions.
    public var environmentName: String {
        switch self {
        case .directoryURL: "ROLO_DIRECTORY_URLS"
        case .pipedriveToken: "PIPEDRIVE_API_TOKEN"
        case .noColor: "NO_COLOR"
        default: "ROLO_" + rawValue.uppercased().replacingEvery("-", with: "_")
        }
    }

    /// The command-line option, e.g. `--people-url`.
    public var optionName: String { self == .clipboard ? "--no-clipboard" : "--" + rawValue }

    /// What kind of value this setting takes.
    var kind: SettingKind {
        switch self {
        case .peopleURL, .foodsURL, .randomuserURL, .pipedriveURL, .gravatarURL: .url
        case .directoryURL: .urls
        case .randomuserSeed: .seed
        case .pipedriveToken: .secret
        case .contacts, .dataDir, .cacheDir: .path
        case .timeout: .seconds
        case .images: .choice(ImageMode.allCases.map(\.rawValue))
        case .flags: .choice(FlagMode.allCases.map(\.rawValue))
        case .pipedriveAPI: .choice(PipedriveAPIVersion.allCases.map(\.rawValue))
        case .noColor, .clipboard: .flag
        }
    }

    /// An example value for messages that say what to write instead.
    var example: String {
        switch self {
        case .peopleURL: "http://127.0.0.1:5000"
        case .directoryURL: "https://tallinn-jobapp.aw.ee/employee_list"
        case .foodsURL: "https://example.com/api/v1/<userId>"
        case .randomuserURL: "https://randomuser.me/api/"
        case .pipedriveURL: "https://yourcompany.pipedrive.com"
        case .gravatarURL: "https://gravatar.com/avatar/"
        default: ""
        }
    }
}

/// The kinds of value settings take, which decide how text is parsed and which TOML types fit.
enum SettingKind: Equatable {
    case url, urls, seed, secret, path, seconds, flag
    case choice([String])

    /// The TOML value types a config file may use, for "should be …" messages.
    var expectedInFile: String {
        switch self {
        case .url: "a URL in quotes"
        case .urls: "a URL in quotes or a list of them"
        case .seed: "text in quotes or a whole number"
        case .secret, .path: "text in quotes"
        case .seconds: "a number of seconds"
        case .flag: "true or false"
        case .choice(let values): "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }
}
