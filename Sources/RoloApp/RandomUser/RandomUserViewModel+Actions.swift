import RoloCore

/// randomuser's actions: rolo's set-title (``RandomUserSource/shippedActions``) and the user's
/// `[[actions]] source = "randomuser"`. A person is as `rolo dump randomuser` writes them.
extension RandomUserViewModel: ShippedRecordActions {
    public var flashingRowID: String? { actionState.flashingRowID }

    /// A person is selected: set-title works from the detail.
    public var shippedActionsReady: Bool { selectedID.flatMap(person(withID:)) != nil }

    public func actionRecord(for rowID: String) -> JSONValue? {
        person(withID: rowID).map(DumpSchemas.randomUser.actionRecord)
    }

    public func actionLabel(for rowID: String) -> String {
        person(withID: rowID)?.fullName ?? rowID
    }
}
