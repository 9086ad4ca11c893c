import RoloCore
import TerminalUI

extension RoloKeys {
    /// The scopes a record action's key works in: the list's and the detail's, with the keys
    /// that work everywhere.
    static let recordActionScopes = [Scopes.list, Scopes.detail, Scopes.global]

    /// Checks the keys of every source's actions (`[[sources.actions]]`, `[[actions]]`) against
    /// `table`, the keys in effect: each must be a key rolo reads, and none may be a key that
    /// already does something on its source's tab. Throws ``ConfigError`` naming the action's
    /// `key` line.
    public static func checkActionKeys(_ config: CustomSourcesConfig, table: KeyTable<Action>,
                                       catalog: SourceCatalog = .builtIn) throws(ConfigError) {
        let names = catalog.ids.map(\.rawValue) + config.sources.map(\.name)
        for source in names {
            let actions = config.actions(of: source)
            guard !actions.isEmpty else { continue }
            let inUse = keysInUse(on: source, table: table, catalog: catalog)
            for action in actions {
                let key: Key
                do {
                    key = try Key(name: action.key)
                } catch {
                    throw ConfigError("\(action.keyPlace): '\(action.key)' for action '\(action.name)' \(error.reason)")
                }
                if let taken = inUse[key] {
                    throw ConfigError("\(action.keyPlace): '\(key.configName)' for action '\(action.name)' of \(source) is already \(taken)'s key"
                        + " on that tab — pick another key for the action (`rolo keys` lists the keys in use)")
                }
            }
        }
    }

    /// The keys that do something on `source`'s tab, with the name of what they do: the shared
    /// keys in the list, the detail and everywhere, and the source's own (a built-in source's
    /// capabilities; another source's don't work there).
    private static func keysInUse(on source: String, table: KeyTable<Action>, catalog: SourceCatalog) -> [Key: String] {
        let own = Set(catalog.plugins.first { $0.id.rawValue == source }?.keyBindings.map(\.action) ?? [])
        let others = Set(catalog.plugins.flatMap { $0.keyBindings.map(\.action) }).subtracting(own)
        var inUse: [Key: String] = [:]
        for binding in table.bindings where recordActionScopes.contains(binding.scope) && !others.contains(binding.action) {
            for key in binding.keys where inUse[key] == nil { inUse[key] = binding.action.name }
        }
        return inUse
    }
}
