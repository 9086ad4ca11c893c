import RoloCore

/// The user's `[[actions]] source = "people"`: an employee as `rolo dump people` writes it.
extension PeopleViewModel: BuiltInRecordActions {
    public var flashingRowID: String? { actionState.flashingRowID }

    public func actionRecord(for rowID: String) -> JSONValue? {
        listedEmployee(rowID).map(DumpSchemas.people.actionRecord)
    }

    public func actionLabel(for rowID: String) -> String {
        listedEmployee(rowID)?.fullName ?? rowID
    }

    private func listedEmployee(_ rowID: String) -> Employee? {
        guard let id = Int(rowID) else { return nil }
        return state.value?.first { $0.id == id }
    }
}
