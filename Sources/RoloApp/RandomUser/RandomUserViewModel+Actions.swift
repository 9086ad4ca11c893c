import RoloCore

/// The user's `[[actions]] source = "randomuser"`: a person as `rolo dump randomuser` writes them.
extension RandomUserViewModel: BuiltInRecordActions {
    public var flashingRowID: String? { actionState.flashingRowID }

    public func actionRecord(for rowID: String) -> JSONValue? {
        person(withID: rowID).map(DumpSchemas.randomUser.actionRecord)
    }

    public func actionLabel(for rowID: String) -> String {
        person(withID: rowID)?.fullName ?? rowID
    }
}
