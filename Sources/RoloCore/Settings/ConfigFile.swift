import Foundation
import TOMLKit

/// The config file: TOML with flat keys named after ``Setting`` raw values, checked key by key
/// so every mistake is reported with its line.
struct ConfigFile {
    /// The file's path.
    let path: String
    /// The settings it gives, not yet checked for meaning (a URL is still text).
    let values: [Setting: RawSetting]
    /// The `[keys]` table, in file order.
    var keyRemaps: [KeyRemap] = []
    /// The `[[sources]]` tables and the `tabs` key.
    var configuredSources = ConfiguredSources()
    /// The `[watch]` table: how often each named source refreshes itself, in seconds.
    var watch: [String: TimeInterval] = [:]
    /// The `[profiles]` tables, by name.
    var profiles: [String: Profile] = [:]

    /// Reads and checks `path`; nil when there is no such file.
    static func read(_ path: String, sources: SourceCatalog) throws -> ConfigFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            // Foundation's Data(contentsOf:) loses the 4 KiB buffer it reads an empty file into
            // (readBytesFromFile, 4,096 bytes each time LeakSanitizer saw it); empty is empty.
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            data = size == 0 ? Data() : try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigError("Can't read \(path) (\(error.localizedDescription)) — check that it's a readable file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError("\(path) isn't UTF-8 text — save it as UTF-8")
        }
        do {
            return try TOMLTable.reading(text) { try read($0, text: text, path: path, sources: sources) }
        } catch let error as TOMLSyntaxError {
            throw ConfigError("\(path), line \(error.line): \(error.description) — fix the TOML syntax")
        } catch let error as TOMLHeaderError {
            throw ConfigError("\(path), line \(error.line): \(error.description) — fix the TOML syntax")
        }
    }

    /// Checks the settings `table`, parsed from `text`, gives.
    private static func read(_ table: TOMLTable, text: String, path: String, sources: SourceCatalog) throws -> ConfigFile {
        let lines = KeyLines(text: text)
        // Report the first mistake in file order, which is where a reader looks first.
        let keys = table.keyNames.sorted { (lines.line(of: $0) ?? .max) < (lines.line(of: $1) ?? .max) }
        var values: [Setting: RawSetting] = [:]
        var keyRemaps: [KeyRemap] = []
        for key in keys {
            let place = lines.line(of: key).map { "\(path), line \($0)" } ?? path
            if key == keysTable {
                keyRemaps = try Self.keyRemaps(table[key], lines: lines, path: path, place: place, sources: sources)
                continue
            }
            if key == watchTable || key == Profile.table { continue }
            if [ConfiguredSourcesReader.sourcesKey, ConfiguredSourcesReader.tabsKey, RecordActionList.key].contains(key) { continue }
            guard let setting = sources.setting(named: key) else {
                throw ConfigError("\(place): unknown key '\(key)'\(Self.suggestion(for: key, sources: sources))")
            }
            guard let node = table[key], let value = Self.value(of: node, for: setting.kind) else {
                let found = table[key].map { Self.describe($0.type) } ?? "nothing"
                throw ConfigError("\(place): '\(key)' should be \(setting.kind.expectedInFile), not \(found)")
            }
            values[setting] = RawSetting(value: value, origin: "\(place), \(key)")
        }
        let configuredSources = try ConfiguredSourcesReader(path: path, lines: lines, builtIn: sources.builtInIDs).read(table)
        if let secret = values.keys.first(where: \.isSecret) { try checkPrivate(path, holding: secret.noun) }
        if let source = configuredSources.sourcesWithLiteralHeaders.first {
            try checkPrivate(path, holding: "header values of source '\(source.name)' written out (not ${VAR})")
        }
        var file = ConfigFile(path: path, values: values, keyRemaps: keyRemaps, configuredSources: configuredSources)
        if table[watchTable] != nil {
            let place = lines.line(of: watchTable).map { "\(path), line \($0)" } ?? path
            file.watch = try Self.watch(table[watchTable], lines: lines, path: path, place: place, sources: sources, configured: configuredSources)
        }
        if let profiles = table[Profile.table] {
            let place = lines.line(of: Profile.table).map { "\(path), line \($0)" } ?? path
            file.profiles = try Profile.readAll(profiles, lines: lines, path: path, place: place)
        }
        return file
    }

    /// The name of the table of the built-in sources' watch intervals.
    static let watchTable = "watch"

    /// The `[watch]` table's entries: a source's name and its interval, `people = "1m"`.
    private static func watch(
        _ node: (any TOMLValueConvertible)?, lines: KeyLines, path: String, place: String, sources: SourceCatalog,
        configured: ConfiguredSources
    ) throws -> [String: TimeInterval] {
        guard let table = node?.table else {
            let found = node.map { describe($0.type) } ?? "nothing"
            throw ConfigError("\(place): '\(watchTable)' should be a table — [watch] with lines like pipedrive = \"5m\" — not \(found)")
        }
        let names = sources.builtInIDs.map(\.rawValue) + configured.sources.map(\.name)
        var intervals: [String: TimeInterval] = [:]
        let ordered = table.keyNames.sorted { (lines.line(of: $0, inTable: watchTable) ?? .max) < (lines.line(of: $1, inTable: watchTable) ?? .max) }
        for name in ordered {
            let at = lines.line(of: name, inTable: watchTable).map { "\(path), line \($0)" } ?? place
            guard names.contains(name) else {
                let near = name.didYouMean(names) ?? " — the sources are \(names.joined(separator: ", "))"
                throw ConfigError("\(at): [watch] names '\(name.sanitizedForTerminal)', which isn't a source\(near)")
            }
            if configured.source(named: name)?.watch != nil {
                throw ConfigError("\(at): \(name) has watch in its [[sources]] table already — keep one of them")
            }
            guard let text = table[name]?.string else {
                throw ConfigError("\(at): '\(name)' in [watch] should be a time in quotes, like \"2m\"")
            }
            intervals[name] = try WatchInterval.checked(text, "source '\(name)'").mapError { ConfigError("\(at): \($0.message)") }.get()
        }
        return intervals
    }

    /// The name of the table that remaps keys.
    static let keysTable = "keys"

    /// The `[keys]` table's entries: each an action name and a key name or a list of them.
    private static func keyRemaps(_ node: (any TOMLValueConvertible)?, lines: KeyLines, path: String, place: String,
                                  sources: SourceCatalog) throws -> [KeyRemap] {
        guard let table = node?.table else {
            let found = node.map { describe($0.type) } ?? "nothing"
            throw ConfigError("\(place): '\(keysTable)' should be a table — [keys] with lines like refresh = [\"r\", \"F5\"] — not \(found)")
        }
        let names = table.keyNames.sorted { (lines.line(of: $0, inTable: keysTable) ?? .max) < (lines.line(of: $1, inTable: keysTable) ?? .max) }
        return try names.map { name in
            let at = lines.line(of: name, inTable: keysTable).map { "\(path), line \($0)" } ?? place
            if sources.setting(named: name) != nil {
                throw ConfigError("\(at): '\(name)' is a setting, not an action — settings go above the [keys] table")
            }
            let value = table[name]
            let keys = value?.string.map { [$0] } ?? value?.array.flatMap { array in
                let strings = array.compactMap(\.string)
                return strings.count == array.count ? strings : nil
            }
            guard let keys else {
                let found = value.map { describe($0.type) } ?? "nothing"
                throw ConfigError("\(at): '\(name)' should be a key in quotes or a list of them, like [\"r\", \"F5\"], not \(found)")
            }
            guard !keys.isEmpty else {
                throw ConfigError("\(at): '\(name)' needs at least one key, like [\"r\", \"F5\"]")
            }
            return KeyRemap(action: name, keys: keys, place: at, line: lines.line(of: name, inTable: keysTable))
        }
    }

    /// The value of `node` if its TOML type suits `kind`.
    private static func value(of node: any TOMLValueConvertible, for kind: SettingKind) -> RawSetting.Value? {
        switch kind {
        case .url, .secret, .path:
            return node.string.map { .text([$0]) }
        case .choice:
            // `images = 256` is as natural as `images = "256"`.
            return (node.string ?? node.int.map(String.init)).map { .text([$0]) }
        case .urls:
            if let url = node.string { return .text([url]) }
            guard let array = node.array else { return nil }
            let urls = array.compactMap(\.string)
            return urls.count == array.count ? .text(urls) : nil
        case .seed:
            return (node.string ?? node.int.map(String.init)).map { .text([$0]) }
        case .seconds:
            return (node.double ?? node.int.map(Double.init)).map { .number($0) }
        case .flag:
            return node.bool.map { .flag($0) }
        }
    }

    static func describe(_ type: TOMLType) -> String {
        switch type {
        case .string: "text"
        case .int: "a whole number"
        case .double: "a number"
        case .bool: "true or false"
        case .array: "a list"
        case .table: "a table"
        case .date, .time, .dateTime: "a date"
        }
    }

    /// " (did you mean 'people-url'?)" for a near miss or a key cut short, else the list of keys.
    static func suggestion(for key: String, sources: SourceCatalog) -> String {
        let normalized = key.lowercased().replacingEvery("_", with: "-")
        let keys = sources.settings.map(\.rawValue) + [ConfiguredSourcesReader.tabsKey]
        if let best = normalized.closest(in: keys) ?? keys.first(where: { $0.hasPrefix(normalized + "-") }) {
            return " (did you mean '\(best)'?)"
        }
        return " — the keys are " + (keys + ["[\(keysTable)]", "[[\(ConfiguredSourcesReader.sourcesKey)]]"]).joined(separator: ", ")
    }

    /// A token in a file others can read is a leaked token: refuse until it's private.
    /// `secret` names what the file holds, "the Pipedrive API token".
    private static func checkPrivate(_ path: String, holding secret: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if info.st_mode & 0o077 != 0 {
            throw ConfigError(
                "\(path) holds \(secret) but other users can read it — run chmod 600 \(path)")
        }
    }
}
