import Foundation
import TOMLKit

/// Reads a source's actions, `[[sources.actions]]` in its table or the top-level `[[actions]]`
/// naming it, and checks that each name and key is its source's once.
struct RecordActionList {
    /// The key of a source's actions, and of the top-level tables of the built-in sources'.
    static let key = "actions"

    let path: String
    let lines: KeyLines
    /// Where to point when a line can't be found.
    let fallback: String

    /// The actions of `node` (the array under `actions`), whose `[[…]]` entries are at
    /// `entries`; `owner` names the source, "source 'team'".
    func read(_ node: any TOMLValueConvertible, entries: [(header: Int, lines: Range<Int>)], owner: String,
              extraKeys: [String] = []) throws -> [(action: RecordAction, table: TOMLTable)] {
        guard let array = node.array else {
            throw ConfigError("\(fallback): 'actions' of \(owner) should be [[…actions]] tables, not \(ConfigFile.describe(node.type))")
        }
        return try array.enumerated().map { index, element in
            let entry = index < entries.count ? entries[index] : nil
            let reader = RecordActionReader(
                path: path, lines: lines, header: entry?.header, range: entry?.lines, fallback: fallback, owner: owner,
                extraKeys: extraKeys)
            guard let table = element.table else {
                throw ConfigError("\(reader.entry): each action of \(owner) should be a table, not \(ConfigFile.describe(element.type))")
            }
            return (try reader.read(table), table)
        }
    }

    /// Fails on a second action of the same name, or on the same key, naming its line.
    static func checkUnique(_ actions: [RecordAction], owner: String) throws {
        for (index, action) in actions.enumerated() {
            let earlier = actions[..<index]
            if let first = earlier.first(where: { $0.name == action.name }) {
                throw ConfigError("\(action.place): \(owner) has two actions named '\(action.name)' (the first at \(first.place)) — name each once")
            }
            if let first = earlier.first(where: { $0.key == action.key && !$0.sharesKey(with: action) }) {
                var also = ""
                if let mine = action.when, let theirs = first.when {
                    also = " (two actions share a key only when one's when is the other's negation, like 'liked' and '! liked'; these are '\(theirs.description.sanitizedForTerminal)' and '\(mine.description.sanitizedForTerminal)')"
                }
                throw ConfigError("\(action.keyPlace): key '\(action.key.sanitizedForTerminal)' of action '\(action.name)' is already action '\(first.name)''s key (\(first.keyPlace)) — pick another\(also)")
            }
        }
    }
}

extension KeyLines {
    /// For each `header` line (`[[sources.actions]]`, blanks aside) within `range`, its 1-based
    /// line and the lines of its entry: up to the next table header.
    func entries(ofHeader header: String, in range: Range<Int>) -> [(header: Int, lines: Range<Int>)] {
        var entries: [(header: Int, lines: Range<Int>)] = []
        var open: Int?
        for number in range where number - 1 < lines.count {
            // A comment may follow the header, and name tables too: `[[sources.actions]] # …`.
            let trimmed = lines[number - 1].prefix(while: { $0 != "#" }).drop(while: { $0 == " " || $0 == "\t" })
            guard trimmed.first == "[", let close = trimmed.lastIndex(of: "]") else { continue }
            if let start = open { entries.append((start, start + 1..<number)) }
            open = trimmed[...close].filter { $0 != " " && $0 != "\t" } == header ? number : nil
        }
        if let start = open { entries.append((start, start + 1..<range.upperBound)) }
        return entries
    }
}

extension ConfiguredSourcesReader {
    /// The top-level `[[actions]]` tables, each naming its built-in source with `source =`, by
    /// source name.
    func builtInActions(_ node: any TOMLValueConvertible) throws -> [String: [RecordAction]] {
        let key = RecordActionList.key
        let place = lines.line(of: key).map { "\(path), line \($0)" } ?? path
        let entries = lines.entries(ofHeader: "[[\(key)]]", in: 1..<lines.lines.count + 1)
        let list = RecordActionList(path: path, lines: lines, fallback: place)
        var actions: [String: [RecordAction]] = [:]
        let names = builtIn.map(\.rawValue)
        for (action, table) in try list.read(node, entries: entries, owner: "a built-in source", extraKeys: ["source"]) {
            guard let source = table["source"]?.string else {
                throw ConfigError("\(action.place): [[actions]] '\(action.name)' needs source = one of \(names.joined(separator: ", ")) — a configured source's actions go in its table as [[sources.actions]]")
            }
            guard names.contains(source) else {
                let near = source.didYouMean(names) ?? ""
                throw ConfigError("\(action.place): [[actions]] '\(action.name)' names source '\(source.sanitizedForTerminal)', which isn't a built-in source\(near) — a configured source's actions go in its table as [[sources.actions]]")
            }
            actions[source, default: []].append(action)
        }
        for (source, list) in actions { try RecordActionList.checkUnique(list, owner: "source '\(source)'") }
        return actions
    }
}

extension RecordSourceReader {
    /// The source's `[[sources.actions]]`, checked.
    func actions(_ table: TOMLTable, label: String) throws -> [RecordAction] {
        guard let node = table[RecordActionList.key] else { return [] }
        let entries = range.map { lines.entries(ofHeader: "[[\(ConfiguredSourcesReader.sourcesKey).\(RecordActionList.key)]]", in: $0) } ?? []
        let list = RecordActionList(path: path, lines: lines, fallback: place(RecordActionList.key))
        let actions = try list.read(node, entries: entries, owner: label).map(\.action)
        try RecordActionList.checkUnique(actions, owner: label)
        return actions
    }
}

extension ConfiguredSources {
    /// The actions of the source named `name`, configured or built in.
    public func actions(of name: String) -> [RecordAction] {
        source(named: name)?.actions ?? builtInActions[name] ?? []
    }

    /// Adds the actions rolo ships for the built-in source `name` after the user's
    /// `[[actions]]` for it (``Swift/Array/followed(byShipped:owner:keys:)``), on the keys
    /// `remaps` (the file's `[keys]`) give them.
    public mutating func addShipped(_ shipped: [RecordAction], to name: String, keys remaps: [KeyRemap] = []) throws(ConfigError) {
        let merged = try (builtInActions[name] ?? []).followed(byShipped: shipped, owner: name, keys: remaps)
        if !merged.isEmpty { builtInActions[name] = merged }
    }
}

extension Array where Element == RecordAction {
    /// These actions (the user's), then the shipped ones they leave: one of theirs with the same
    /// name takes exactly that shipped one's place. The shipped ones left take the keys `remaps`
    /// give them (``Swift/Array/rekeyedShipped(by:)``) before one of the user's on a shipped
    /// action's key is a clash naming its line, unless the two share the key (their `when`s each
    /// other's negation): a shipped key moved away is free.
    public func followed(byShipped shipped: [RecordAction], owner: String, keys remaps: [KeyRemap] = []) throws(ConfigError) -> [RecordAction] {
        let kept = shipped.filter { action in !contains { $0.name == action.name } }.rekeyedShipped(by: remaps)
        for action in self {
            if let taken = kept.first(where: { $0.key == action.key && !$0.sharesKey(with: action) }) {
                throw ConfigError("\(action.keyPlace): '\(action.key.sanitizedForTerminal)' for action '\(action.name)' of \(owner) is already \(taken.name)'s key on that tab"
                    + " — pick another key for the action (`rolo keys` lists the keys in use)")
            }
        }
        return self + kept
    }
}

extension Array where Element == RecordAction {
    /// Of these actions, the first on each key: a key two actions share (like and unlike) is
    /// named by its first in the key table.
    public var keyLeaders: [RecordAction] {
        enumerated().filter { index, action in
            !self[..<index].contains { $0.key == action.key && $0.sharesKey(with: action) }
        }.map(\.element)
    }

    /// The actions the key of the action named `name` runs when it leads its key: it and those
    /// sharing the key after it; it alone otherwise; none when there is no such action.
    public func keyGroup(led name: String) -> [RecordAction] {
        guard let index = firstIndex(where: { $0.name == name }) else { return [] }
        let leader = self[index]
        guard keyLeaders.contains(where: { $0.name == name }) else { return [leader] }
        return [leader] + self[(index + 1)...].filter { $0.key == leader.key && $0.sharesKey(with: leader) }
    }

    /// These shipped actions on the keys `remaps` name for them, in order: naming a key's first
    /// action moves the key, with the actions sharing it (`like = "L"` moves like and unlike);
    /// naming another moves it alone (`unlike = "U"`). A remap of several keys gives the first.
    func rekeyedShipped(by remaps: [KeyRemap]) -> [RecordAction] {
        var actions = self
        for remap in remaps {
            guard let key = remap.keys.first else { continue }
            let moved = Set(actions.keyGroup(led: remap.action.lowercased()).map(\.name))
            for index in actions.indices where moved.contains(actions[index].name) {
                actions[index].key = key
                actions[index].keyPlace = remap.place
            }
        }
        return actions
    }
}
