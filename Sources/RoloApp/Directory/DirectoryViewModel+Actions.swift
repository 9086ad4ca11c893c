import RoloCore

/// The user's `[[actions]] source = "directory"`: a person as `rolo dump directory` writes them,
/// with whether the address book has their card.
extension DirectoryViewModel: BuiltInRecordActions {
    public var flashingRowID: String? { actionState.flashingRowID }

    public func actionRecord(for rowID: String) -> JSONValue? {
        guard let employee = employee(withID: rowID) else { return nil }
        return DumpSchemas.directory.actionRecord(ListedEmployee(employee, hasCard: card(for: employee) != nil))
    }

    public func actionLabel(for rowID: String) -> String {
        employee(withID: rowID)?.fullName ?? rowID
    }
}
