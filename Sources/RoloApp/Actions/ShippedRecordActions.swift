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
        Set(ShippedActionKeys.leaders(shippedActions).map { CapabilityAction($0.name) })
    }

    public func isAvailable(_ action: CapabilityAction) -> Bool {
        shippedActionsReady && offeredActions.contains(action)
    }

    /// The key of `action` on `rowID`: of the shipped actions on that key, the one that applies
    /// to the record runs; a refusal (read-only) says why in the banner.
    public func perform(_ action: CapabilityAction, on rowID: String?) {
        guard isAvailable(action), let rowID, let record = actionRecord(for: rowID),
              let leader = shippedActions.first(where: { $0.name == action.name }) else { return }
        let onKey = [leader] + shippedActions.filter { $0.key == leader.key && $0.sharesKey(with: leader) }
        guard let chosen = onKey.first(where: { $0.applies(to: record) }) else { return }
        let start = runAction(chosen, on: rowID, inputs: [:], busy: busy) { [weak self] report in
            if case .failed(let text) = report { self?.onEvent(.banner(text.sanitizedForTerminal, isError: true)) }
        }
        if case .refused(let failure) = start { onEvent(.banner(failure.message, isError: true)) }
    }
}

/// The key table's entries of a built-in source's shipped actions.
public enum ShippedActionKeys {
    /// Of actions sharing a key (like and unlike), the first: the one the key table names.
    static func leaders(_ actions: [RecordAction]) -> [RecordAction] {
        actions.enumerated().filter { index, action in
            !actions[..<index].contains { $0.key == action.key && $0.sharesKey(with: action) }
        }.map(\.element)
    }

    /// One binding for each key of `actions` in `scope`: its first action's name is the
    /// entry's name and (unless `hints` gives a shorter word) its footer hint, its title the
    /// help's line.
    public static func bindings(_ actions: [RecordAction], scope: KeyScope, hints: [String: String] = [:]) -> [KeyBinding<Action>] {
        leaders(actions).compactMap { action in
            guard let key = try? Key(name: action.key) else { return nil }
            return KeyBinding([key], .capability(CapabilityAction(action.name)), scope: scope, action.title,
                              hint: hints[action.name] ?? action.name)
        }
    }
}
