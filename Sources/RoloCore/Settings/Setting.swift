import Foundation

/// One configurable setting; its raw value is both the option name without dashes and the
/// config file key, so the three places a setting comes from share one vocabulary.
///
/// The settings every source shares are declared here; a source declares its own beside its
/// code (`extension Setting { static let foodsURL = … }`) and lists them in its
/// ``SourceDefinition``, which is how the loader, the command line and the man page's test
/// find them.
public struct Setting: Hashable, Sendable, CustomStringConvertible {
    /// The config file key and the option without its dashes, e.g. `people-url`.
    public let rawValue: String
    /// What kind of value it takes.
    let kind: SettingKind
    /// The environment variable that sets it.
    public let environmentName: String
    /// An example value for messages that say what to write instead.
    let example: String
    /// The value when nothing sets it (source settings; the shared ones have typed fields).
    let defaultValue: SettingValue?
    /// The command line's help for its option; nil when it is no option (a secret must not
    /// be seen in `ps`).
    public let help: String?
    /// The option's value name in the help, e.g. `url`.
    public let valueName: String
    /// What it holds, for messages: "the Pipedrive API token".
    let noun: String

    /// A setting; its environment variable is `ROLO_` and its name in capitals unless given.
    public init(_ name: String, kind: SettingKind, environment: String? = nil, example: String = "",
                default defaultValue: SettingValue? = nil, help: String?, valueName: String = "value", noun: String? = nil) {
        rawValue = name
        self.kind = kind
        environmentName = environment ?? "ROLO_" + name.uppercased().replacingEvery("-", with: "_")
        self.example = example
        self.defaultValue = defaultValue
        self.help = help
        self.valueName = valueName
        self.noun = noun ?? name
    }

    public var description: String { rawValue }

    /// The command-line option, e.g. `--people-url`.
    public var optionName: String { self == .clipboard ? "--no-clipboard" : "--" + rawValue }

    /// Whether its value is a secret: never an option, never in the log.
    public var isSecret: Bool { kind == .secret }

    public static func == (lhs: Setting, rhs: Setting) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    // The settings of every source, which the options and the browser's flags set.

    /// The vCard file or directory.
    public static let contacts = Setting("contacts", kind: .path, help: nil)
    /// Where rolo keeps its database and saved responses.
    public static let dataDir = Setting("data-dir", kind: .path, help: nil)
    /// Where rolo caches images.
    public static let cacheDir = Setting("cache-dir", kind: .path, help: nil)
    /// Seconds to wait for a server.
    public static let timeout = Setting("timeout", kind: .seconds, help: nil)
    /// How images are drawn.
    public static let images = Setting("images", kind: .choice(ImageMode.allCases.map(\.rawValue)), help: nil)
    /// Whether to draw a food's country as its flag.
    public static let flags = Setting("flags", kind: .choice(FlagMode.allCases.map(\.rawValue)), help: nil)
    /// Whether to draw without colour.
    public static let noColor = Setting("no-color", kind: .flag, environment: "NO_COLOR", help: nil)
    /// Whether `y` may set the clipboard with OSC 52; off with `--no-clipboard`.
    public static let clipboard = Setting("clipboard", kind: .flag, help: nil)
    /// Whether every HTTP action that writes (any method but GET) is refused.
    public static let readOnly = Setting("read-only", kind: .flag, help: nil)

    /// The settings every source shares, in the order they are resolved.
    public static let shared: [Setting] = [.contacts, .dataDir, .cacheDir, .timeout, .images, .flags, .noColor, .clipboard, .readOnly]
}

/// The kinds of value settings take, which decide how text is parsed and which TOML types fit.
public enum SettingKind: Equatable, Sendable {
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

/// A source setting's resolved value.
public enum SettingValue: Sendable, Equatable {
    case url(URL)
    case urls([URL])
    case text(String)
    case number(Double)
    case flag(Bool)
}
