import RoloCore
import TerminalUI

/// A built-in source with actions rolo ships for it (foods' like and unlike): each key of theirs
/// is one entry of the key table, named as its first action, in the place the source's plug-in
/// gives it (``ShippedActionKeys``), so the footer, the help, `rolo keys` and `[keys]` know it
/// as before. The key runs whichever of its actions applies to the row, as a user's would run.
@MainActor
public protocol ShippedRecordActions: BuiltInRecordActions, RowActions {
    /// The actions rolo ships for the source, with the keys in effect; set when the tab is made.
    var shippedActions: [RecordAction] { get set }
    /// Tracks the runs, so tests and the screen wait for idle.
    var busy: BusyTracker { get }
    /// Whether the shipped actions can run now: the list is there.
    var shippedActionsReady: Bool { get }
}

extension ShippedRecordActions {
    public func takeShipped(_ actions: [RecordAction]) {
        shippedActions = actions
    }

    /// The key table's entries of the shipped actions.
    public var offeredActions: Set<CapabilityAction> {
        Set(shippedActions.keyLeaders.map { CapabilityAction($0.name) })
    }

    public func isAvailable(_ action: CapabilityAction) -> Bool {
        shippedActionsReady && offeredActions.contains(action)
    }

    /// The shipped action the key entry `action` runs on the record `rowID`: of the actions on
    /// its key, the one that applies to it.
    public func shippedAction(_ action: CapabilityAction, on rowID: String) -> RecordAction? {
        guard let record = actionRecord(for: rowID) else { return nil }
        return shippedActions.keyGroup(led: action.name).first { $0.applies(to: record) }
    }

    /// The key of `action` on `rowID`: of the shipped actions on that key, the one that applies
    /// to the record runs; a refusal (read-only) says why in the banner.
    public func perform(_ action: CapabilityAction, on rowID: String?) {
        guard isAvailable(action), let rowID, let chosen = shippedAction(action, on: rowID) else { return }
        let start = runAction(chosen, on: rowID, inputs: [:], busy: busy) { [weak self] report in
            if case .failed(let text) = report { self?.onEvent(.banner(text.sanitizedForTerminal, isError: true)) }
        }
        if case .refused(let failure) = start { onEvent(.banner(failure.message, isError: true)) }
    }
}

/// A built-in source's plug-in whose keys are those of the actions rolo ships for it (foods'
/// `l`, randomuser's `t`): one key-table entry for each key, made from the actions with the keys
/// in effect, so `[keys]` moving one of them moves its entry.
public protocol ShipsActionKeys: SourcePlugin {
    /// Where the keys work: everywhere, or in the detail alone.
    static var shippedKeyScope: KeyScope { get }
    /// Footer words shorter than an action's name, by name.
    static var shippedKeyHints: [String: String] { get }
}

extension ShipsActionKeys {
    public static var shippedKeyHints: [String: String] { [:] }

    /// The entries of `actions`, the source's shipped actions with the keys in effect.
    public static func keyBindings(for actions: [RecordAction]) -> [KeyBinding<Action>] {
        ShippedActionKeys.bindings(actions, scope: shippedKeyScope, hints: shippedKeyHints)
    }

    public static var keyBindings: [KeyBinding<Action>] { keyBindings(for: shippedActions) }
}

/// The key table's entries of a built-in source's shipped actions.
public enum ShippedActionKeys {
    /// One binding for each key of `actions` in `scope`: its first action's name is the
    /// entry's name and (unless `hints` gives a shorter word) its footer hint, its title the
    /// help's line.
    public static func bindings(_ actions: [RecordAction], scope: KeyScope, hints: [String: String] = [:]) -> [KeyBinding<Action>] {
        actions.keyLeaders.compactMap { action in
            guard let key = try? Key(name: action.key) else { return nil }
            return KeyBinding([key], .capability(CapabilityAction(action.name)), scope: scope, action.title,
                              hint: hints[action.name] ?? action.name)
        }
    }
}
