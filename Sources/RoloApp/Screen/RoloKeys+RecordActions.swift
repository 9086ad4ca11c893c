import RoloCore
import TerminalUI

extension RoloKeys {
    /// The scopes a record action's key works in: the list's and the detail's, with the keys
    /// that work everywhere.
    static let recordActionScopes = [Scopes.list, Scopes.detail, Scopes.global]

    /// Checks the keys of every source's actions (`[[sources.actions]]`, `[[actions]]`) against
    /// `table`, the keys in effect: each must be a key rolo reads, and none may be a key that
    /// already does something on its source's tab. `catalog` is the run's, with `config`'s
    /// sources. Throws ``ConfigError`` naming the action's `key` line.
    public static func checkActionKeys(_ config: ConfiguredSources, table: KeyTable<Action>,
                                       catalog: SourceCatalog) throws(ConfigError) {
        for source in catalog.names {
            let actions = config.actions(of: source)
            guard !actions.isEmpty else { continue }
            let inUse = keysInUse(on: source, table: table, catalog: catalog, actions: config)
            for action in actions {
                let key: Key
                do {
                    key = try Key(name: action.key)
                } catch {
                    throw ConfigError("\(action.keyPlace): '\(action.key)' for action '\(action.name)' \(error.reason)")
                }
                if let taken = inUse[key], !sharesShippedKey(action, key, entry: taken, among: actions) {
                    throw ConfigError("\(action.keyPlace): '\(key.configName)' for action '\(action.name)' of \(source) is already \(taken)'s key"
                        + " on that tab — pick another key for the action (`rolo keys` lists the keys in use)")
                }
            }
        }
    }

    /// Whether `action` may be on `key`, whose key-table entry `entry` is a shipped action's
    /// (foods' `l`, named like): every shipped action on the key is `action` or shares the key
    /// with it (its `when` the negation), so exactly one of them applies to a record.
    private static func sharesShippedKey(_ action: RecordAction, _ key: Key, entry: String, among actions: [RecordAction]) -> Bool {
        let shippedOnKey = actions.filter { $0.isShipped && (try? Key(name: $0.key)) == key }
        return shippedOnKey.contains { $0.name == entry }
            && shippedOnKey.allSatisfy { $0.name == action.name || $0.sharesKey(with: action) }
    }

    /// The keys that do something on `source`'s tab, with the name of what they do: the shared
    /// keys in the list, the detail and everywhere, and the source's own (a built-in source's
    /// capabilities; another source's don't work there).
    private static func keysInUse(on source: String, table: KeyTable<Action>, catalog: SourceCatalog,
                                  actions: ConfiguredSources) -> [Key: String] {
        let bindings = { (plugin: any SourcePlugin.Type) in SourceCatalog.keyBindings(of: plugin, actions).map(\.action) }
        let own = Set(catalog.plugins.first { $0.id.rawValue == source }.map(bindings) ?? [])
        let others = Set(catalog.plugins.flatMap(bindings)).subtracting(own)
        var inUse: [Key: String] = [:]
        for binding in table.bindings where recordActionScopes.contains(binding.scope) && !others.contains(binding.action) {
            for key in binding.keys where inUse[key] == nil { inUse[key] = binding.action.name }
        }
        return inUse
    }
}

extension RoloKeys {
    /// The key table for `settings`, and their actions' keys (``RunConfig``, whose catalog
    /// this leaves out). Throws ``ConfigError`` naming the line.
    public static func table(for settings: inout Settings) throws(ConfigError) -> KeyTable<Action> {
        let run = try RunConfig(settings: settings)
        settings = run.settings
        return run.keyTable
    }

    /// Gives each entry of `settings`' `[keys]` that names a source's action (and none of
    /// rolo's own) to that action, on every tab with an action of that name, and returns the
    /// others: the remaps of rolo's own actions.
    static func remapSourceActions(_ settings: inout Settings) throws(ConfigError) -> [KeyRemap] {
        // The entries of shipped actions' keys are made from the actions as keyed here.
        let shipped = SourceRegistry.catalog().plugins.compactMap { $0 as? any ShipsActionKeys.Type }.flatMap { $0.shippedActions }.map(\.name)
        let own = Set(actions.map(\.name)).subtracting(shipped)
        var remaps: [KeyRemap] = []
        for remap in settings.keyRemaps {
            let name = remap.action.lowercased()
            guard !own.contains(name), settings.configuredSources.rekeyActions(named: name, to: remap.keys, place: remap.place) else {
                remaps.append(remap)
                continue
            }
            guard remap.keys.count == 1 else {
                throw ConfigError("\(remap.place): the action '\(name)' takes one key, like \(name) = \"\(remap.keys.first ?? "x")\"")
            }
        }
        return remaps
    }

    /// The sources' actions as `rolo keys` lists them: per source of `catalog` (the run's, with
    /// `config`'s sources), each key, name and title, the ones that write marked.
    public static func actionListing(_ config: ConfiguredSources, catalog: SourceCatalog) -> String? {
        var lines: [String] = []
        for source in catalog.sources {
            let actions = config.actions(of: source.name)
            guard !actions.isEmpty else { continue }
            lines.append("")
            lines.append("Actions of \(source.name) ([[\(source.isBuiltIn ? "" : "sources.")actions]]):")
            for action in actions {
                let key = (try? Key(name: action.key))?.configName ?? action.key
                let mark = action.isWrite ? " " + ActionSession.writeMark : ""
                lines.append("  " + action.name.padded(toWidth: 15) + key.padded(toWidth: 21) + " " + action.title.sanitizedForTerminal + mark)
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}

extension ConfiguredSources {
    /// Gives every action named `name` the key `keys` names (its first), its place the `[keys]`
    /// line; false when no source has such an action.
    mutating func rekeyActions(named name: String, to keys: [String], place: String) -> Bool {
        guard let key = keys.first else { return false }
        var found = false
        for index in sources.indices {
            for action in sources[index].actions.indices where sources[index].actions[action].name == name {
                sources[index].actions[action].key = key
                sources[index].actions[action].keyPlace = place
                found = true
            }
        }
        for (source, actions) in builtInActions {
            for action in actions.indices where actions[action].name == name {
                builtInActions[source]?[action].key = key
                builtInActions[source]?[action].keyPlace = place
                found = true
            }
        }
        return found
    }
}
