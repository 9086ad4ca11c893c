import RoloCore

extension PeopleViewModel {
    /// The ME server gives no email or phone, so `y` copies the name; the menu adds the birth
    /// date and the server's id.
    public func copyValues(for rowID: String) -> [CopyValue] {
        guard let id = Int(rowID), let employee = state.value?.first(where: { $0.id == id }) else { return [] }
        return CopyValue.present([
            CopyValue(.name, "Name", employee.fullName),
            CopyValue(.other, "Birth date", employee.birthDate.display),
            CopyValue(.other, "ID", String(employee.id)),
        ])
    }
}
