/// Where a binding applies; the app decides which scopes are active at a moment.
public struct KeyScope: Hashable, Sendable {
    public let name: String
    public init(_ name: String) { self.name = name }
}

/// One row of the key table: the keys, what they do, where, and how to describe it.
public struct KeyBinding<Action: Hashable & Sendable>: Sendable {
    public var keys: [Key]
    public var action: Action
    public var scope: KeyScope
    /// One line for the help overlay.
    public var description: String
    /// A short word for the footer, or nil to keep the binding out of the footer.
    public var hint: String?

    public init(_ keys: [Key], _ action: Action, scope: KeyScope, _ description: String, hint: String? = nil) {
        self.keys = keys
        self.action = action
        self.scope = scope
        self.description = description
        self.hint = hint
    }

    /// The keys as help and hints show them: "↑ k".
    public var keyLabel: String { keys.map(\.label).joined(separator: " ") }
}

/// The one key table that drives key handling, the footer hints and the help overlay.
public struct KeyTable<Action: Hashable & Sendable>: Sendable {
    public let bindings: [KeyBinding<Action>]

    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
    }

    /// The action a key triggers, looking through scopes in order (the first that binds it wins).
    public func action(for key: Key, in scopes: [KeyScope], where isAvailable: (Action) -> Bool = { _ in true }) -> Action? {
        for scope in scopes {
            for binding in bindings where binding.scope == scope && binding.keys.contains(key) && isAvailable(binding.action) {
                return binding.action
            }
        }
        return nil
    }

    /// The footer hints for the active scopes: "k/j move", one per action that has a hint.
    public func hints(in scopes: [KeyScope], where isAvailable: (Action) -> Bool = { _ in true }) -> [(keys: String, hint: String)] {
        var seen = Set<Action>()
        var result: [(keys: String, hint: String)] = []
        for scope in scopes {
            for binding in bindings where binding.scope == scope && isAvailable(binding.action) {
                guard let hint = binding.hint, seen.insert(binding.action).inserted else { continue }
                result.append((binding.keys.first?.label ?? "", hint))
            }
        }
        return result
    }
}
