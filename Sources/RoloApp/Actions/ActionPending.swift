/// The actions in flight, per record and action: a second press of the same action on the same
/// record while the first runs is refused ("pending"), and the list marks the records that wait.
@MainActor
public final class ActionPending {
    private var running: [String: Set<String>] = [:]

    public init() {}

    /// Marks `action` as running on `rowID`; false when it already is.
    public func begin(_ action: String, on rowID: String) -> Bool {
        running[rowID, default: []].insert(action).inserted
    }

    /// `action` on `rowID` is over.
    public func end(_ action: String, on rowID: String) {
        running[rowID]?.remove(action)
        if running[rowID]?.isEmpty == true { running[rowID] = nil }
    }

    /// Whether `action` runs on `rowID` now.
    public func isRunning(_ action: String, on rowID: String) -> Bool {
        running[rowID]?.contains(action) == true
    }

    /// The records with an action in flight.
    public var rowIDs: Set<String> { Set(running.keys) }

    /// Whether anything is in flight.
    public var isEmpty: Bool { running.isEmpty }
}
