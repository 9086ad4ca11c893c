import Foundation
import TOMLKit

/// Reads and checks the config file's `[[sources]]` tables and `tabs` key, naming the line of
/// each mistake as ``ConfigFile`` does for its other keys.
struct ConfiguredSourcesReader {
    /// The top-level key of the source tables.
    static let sourcesKey = "sources"
    /// The top-level key of the tab list.
    static let tabsKey = "tabs"
    /// Words a source can't be named: `rolo NAME` would be read as one of these commands.
    static let commandWords = ["browse", "dump", "keys", "help", "demo-server", "act", "add", "sync", "login", "logout", "auth"]

    let path: String
    let lines: KeyLines
    /// The built-in sources' names, which a configured source can't take.
    let builtIn: [SourceID]

    /// The sources and tabs of `table`, the whole file; none when it has neither key.
    func read(_ table: TOMLTable) throws -> ConfiguredSources {
        var config = ConfiguredSources()
        if let node = table[Self.sourcesKey] {
            let place = at(lines.line(of: Self.sourcesKey))
            guard let array = node.array else {
                throw ConfigError("\(place): 'sources' should be [[sources]] tables, not \(ConfigFile.describe(node.type))")
            }
            let entries = lines.entries(ofArrayTable: Self.sourcesKey)
            for (index, element) in array.enumerated() {
                let entry = index < entries.count ? entries[index] : nil
                let reader = RecordSourceReader(path: path, lines: lines, header: entry?.header, range: entry?.lines, fallback: place)
                guard let sourceTable = element.table else {
                    throw ConfigError("\(place): each of 'sources' should be a table, not \(ConfigFile.describe(element.type))")
                }
                let source = try reader.read(sourceTable)
                try checkName(source, against: config.sources)
                config.sources.append(source)
            }
            try linkLookupSources(&config.sources)
        }
        if let node = table[RecordActionList.key] {
            config.builtInActions = try builtInActions(node)
        }
        if let node = table[Self.tabsKey] {
            config.tabs = try tabs(node, sources: config.sources)
        }
        return config
    }

    private func at(_ line: Int?) -> String {
        line.map { "\(path), line \($0)" } ?? path
    }

    private func checkName(_ source: RecordSource, against earlier: [RecordSource]) throws {
        let name = source.name
        if let reserved = RecordSource.reservedName(name, builtIn: builtIn) {
            throw ConfigError("\(source.place): source name '\(name)' is \(reserved) — choose another name")
        }
        if let first = earlier.first(where: { $0.name == name }) {
            throw ConfigError("\(source.place): source name '\(name)' is taken by the source at \(first.place) — choose another name")
        }
    }

    private func tabs(_ node: any TOMLValueConvertible, sources: [RecordSource]) throws -> [String] {
        let place = at(lines.line(of: Self.tabsKey))
        let names = node.array.flatMap { array -> [String]? in
            let strings = array.compactMap(\.string)
            return strings.count == array.count ? strings : nil
        }
        guard let names else {
            throw ConfigError("\(place): 'tabs' should be a list of source names, like [\"people\", \"team\"], not \(ConfigFile.describe(node.type))")
        }
        let known = builtIn.map(\.rawValue) + sources.map(\.name)
        var seen: Set<String> = []
        for name in names {
            guard known.contains(name) else {
                let near = name.didYouMean(known) ?? ""
                throw ConfigError("\(place): tabs names '\(name)', which isn't a source\(near) — the sources are \(known.joined(separator: ", "))")
            }
            guard seen.insert(name).inserted else {
                throw ConfigError("\(place): tabs names '\(name)' twice — list each source once")
            }
        }
        guard !names.isEmpty else { throw ConfigError("\(place): tabs is empty — name at least one source, or leave it out for all") }
        return names
    }
}
