import RoloCore
import TerminalUI

/// rolo's key table with the config file's `[keys]` table applied, checked so that no key does
/// two things at once.
public enum RoloKeys {
    /// Scopes that are in force together; a key may do one thing within each group.
    static let scopesInForceTogether: [[KeyScope]] = [
        [Scopes.list, Scopes.global], [Scopes.detail, Scopes.global], [Scopes.search], [Scopes.card, Scopes.help], [Scopes.copyMenu],
        [Scopes.bulkConfirm], [Scopes.bulkResults],
    ]

    /// The actions a config file can name, in the order `rolo keys` lists them.
    public static var actions: [Action] { actions(in: roloKeyTable) }

    /// The actions `table` binds, by name.
    static func actions(in table: KeyTable<Action>) -> [Action] {
        var seen = Set<Action>()
        return table.bindings.map(\.action).filter { seen.insert($0).inserted }.sorted { $0.name < $1.name }
    }

    /// `base` with each remap's action bound to exactly the remap's keys, in every scope the
    /// action has; throws ``ConfigError`` naming the file's line on an unknown action or key, or a
    /// key that would do two things.
    public static func table(applying remaps: [KeyRemap], to base: KeyTable<Action> = roloKeyTable) throws(ConfigError) -> KeyTable<Action> {
        let byName = Dictionary(uniqueKeysWithValues: actions(in: base).map { ($0.name, $0) })
        var bindings = base.bindings
        var remapped: [Action: KeyRemap] = [:]
        for remap in remaps {
            guard let action = byName[remap.action.lowercased()] else {
                throw ConfigError("\(remap.place): unknown action '\(remap.action)'\(suggestion(for: remap.action))")
            }
            var keys: [Key] = []
            for name in remap.keys {
                do {
                    let key = try Key(name: name)
                    if !keys.contains(key) { keys.append(key) }
                } catch {
                    throw ConfigError("\(remap.place): '\(name)' for \(action.name) \(error.reason)")
                }
            }
            remapped[action] = remap
            for index in bindings.indices where bindings[index].action == action {
                bindings[index].keys = keys
            }
        }
        let table = KeyTable(bindings)
        try checkConflicts(in: table, remapped: remapped)
        return table
    }

    /// Fails on the first key that two actions share in scopes in force together, naming the
    /// line that gave it (the later one when both were remapped).
    private static func checkConflicts(in table: KeyTable<Action>, remapped: [Action: KeyRemap]) throws(ConfigError) {
        for group in scopesInForceTogether {
            var owner: [Key: Action] = [:]
            for binding in table.bindings where group.contains(binding.scope) {
                for key in binding.keys {
                    guard let other = owner[key] else {
                        owner[key] = binding.action
                        continue
                    }
                    guard other != binding.action else { continue }
                    let lines = [remapped[other], remapped[binding.action]].compactMap { $0 }
                    let blamed = lines.max { ($0.line ?? 0) < ($1.line ?? 0) }
                    let (mine, theirs) = blamed?.action.lowercased() == other.name ? (other, binding.action) : (binding.action, other)
                    let place = blamed?.place ?? "[keys]"
                    throw ConfigError("\(place): '\(key.configName)' for \(mine.name) is already \(theirs.name)'s key"
                        + " — give \(theirs.name) another key too, or pick another for \(mine.name)")
                }
            }
        }
    }

    /// " (did you mean 'refresh'?)", else every action's name.
    static func suggestion(for name: String) -> String {
        let lower = name.lowercased()
        let names = actions.map(\.name)
        if let near = names.filter({ lower.editDistance(to: $0) <= 2 || $0.hasPrefix(lower) }).min(by: { lower.editDistance(to: $0) < lower.editDistance(to: $1) }) {
            return " (did you mean '\(near)'?)"
        }
        return " — `rolo help keys` lists them: " + names.joined(separator: ", ")
    }
}

extension RoloKeys {
    /// The table as `rolo keys` and `rolo help keys` print it: one line an action, its name as
    /// the config file writes it, its keys in every scope, and (unless `described` is false,
    /// for a listing that must fit 80 columns) what it does.
    public static func listing(_ table: KeyTable<Action>, described: Bool = true) -> String {
        var lines = ["action".padded(toWidth: 17) + (described ? "keys".padded(toWidth: 21) + " " + "what it does" : "keys")]
        for action in actions(in: table) {
            let bindings = table.bindings.filter { $0.action == action }
            var keys: [Key] = []
            for key in bindings.flatMap(\.keys) where !keys.contains(key) { keys.append(key) }
            // The list's and the global words describe an action best; help's and the menu's are narrower.
            let order = [Scopes.list, Scopes.global, Scopes.detail, Scopes.search, Scopes.card, Scopes.help, Scopes.copyMenu]
            let main = bindings.min { (order.firstIndex(of: $0.scope) ?? order.count) < (order.firstIndex(of: $1.scope) ?? order.count) }
            var description = main?.description ?? ""
            if case .source(let index) = action { description = "Go to the source in tab \(index + 1)" }
            let names = keys.map(\.configName).joined(separator: " ")
            lines.append(action.name.padded(toWidth: 17) + (described ? names.padded(toWidth: 21) + " " + description : names))
        }
        return lines.joined(separator: "\n")
    }
}
