import Foundation

/// Turns raw values into typed settings, one at a time, with messages that name their origin.
struct SettingResolver {
    var settings: Settings
    private let directories: XDGDirectories

    init(directories: XDGDirectories) {
        self.directories = directories
        settings = Settings(directories: directories)
    }

    mutating func apply(_ raw: RawSetting, to setting: Setting) throws {
        switch setting {
        case .contacts: settings.contactsPath = try path(raw)
        case .dataDir: settings.dataDir = try path(raw)
        case .cacheDir: settings.cacheDir = try path(raw)
        case .timeout: settings.timeout = try seconds(raw)
        case .images: settings.images = try choice(raw, setting)
        case .flags: settings.flags = try choice(raw, setting)
        case .noColor: settings.noColor = try flag(raw)
        case .clipboard: settings.clipboard = try flag(raw)
        case .readOnly: settings.readOnly = try flag(raw) ? raw.origin : nil
        default: settings.sourceValues[setting.rawValue] = try sourceValue(raw, setting)
        }
    }

    /// A source's setting, read by its kind; the source reads it back through ``Settings``'
    /// typed subscripts.
    private func sourceValue(_ raw: RawSetting, _ setting: Setting) throws -> SettingValue {
        switch setting.kind {
        case .url: .url(try url(raw, setting))
        case .urls: .urls(try urls(raw, setting))
        case .seed, .secret: .text(try text(raw))
        case .path: .text(try path(raw))
        case .seconds: .number(try seconds(raw))
        case .flag: .flag(try flag(raw))
        case .choice(let choices):
            .text(try choice(raw, choices: choices))
        }
    }

    /// The last of several values: on a command line the last option given wins.
    private func text(_ raw: RawSetting) throws -> String {
        guard case .text(let values) = raw.value, let last = values.last, !last.isEmpty else {
            throw ConfigError("\(raw.origin): needs a value")
        }
        return last
    }

    private func url(_ raw: RawSetting, _ setting: Setting) throws -> URL {
        try Self.httpURL(text(raw), origin: raw.origin, example: setting.example)
    }

    private func urls(_ raw: RawSetting, _ setting: Setting) throws -> [URL] {
        guard case .text(let values) = raw.value, !values.isEmpty else {
            throw ConfigError("\(raw.origin): needs at least one URL, like \(setting.example)")
        }
        return try values.map { try Self.httpURL($0, origin: raw.origin, example: setting.example) }
    }

    private func path(_ raw: RawSetting) throws -> String {
        directories.expandingTilde(try text(raw))
    }

    private func seconds(_ raw: RawSetting) throws -> TimeInterval {
        let seconds: Double?
        switch raw.value {
        case .number(let number): seconds = number
        case .text: seconds = Double(try text(raw).trimmingCharacters(in: .whitespaces))
        case .flag: seconds = nil
        }
        guard let seconds, seconds.isFinite, seconds > 0 else {
            throw ConfigError("\(raw.origin): '\(describe(raw.value))' should be a number of seconds above 0, like 30")
        }
        return seconds
    }

    private func choice<Choice: RawRepresentable & CaseIterable>(_ raw: RawSetting, _ setting: Setting) throws -> Choice
    where Choice.RawValue == String {
        Choice(rawValue: try choice(raw, choices: Choice.allCases.map(\.rawValue)))!
    }

    private func choice(_ raw: RawSetting, choices: [String]) throws -> String {
        let value = try text(raw)
        guard choices.contains(value.lowercased()) else {
            throw ConfigError("\(raw.origin): '\(value)' isn't one of \(choices.joined(separator: ", "))")
        }
        return value.lowercased()
    }

    private func flag(_ raw: RawSetting) throws -> Bool {
        if case .flag(let flag) = raw.value { return flag }
        switch try text(raw).lowercased() {
        case "true", "yes", "1", "on": return true
        case "false", "no", "0", "off": return false
        case let other: throw ConfigError("\(raw.origin): '\(other)' should be true or false")
        }
    }

    private func describe(_ value: RawSetting.Value) -> String {
        switch value {
        case .text(let values): values.last ?? ""
        case .number(let number): String(number)
        case .flag(let flag): String(flag)
        }
    }

    /// `text` as an absolute http(s) URL with a host; anything else is refused before it could
    /// reach the network as a relative path or a `file:` URL.
    static func httpURL(_ text: String, origin: String, example: String) throws -> URL {
        let trimmed = text.trimmingWhitespace
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else {
            throw ConfigError("\(origin): '\(text)' is not an http(s) URL — use one like \(example)")
        }
        return url
    }
}
