import RoloCore

extension DirectoryViewModel {
    /// Email, phone, name, position: the email first, since it is what one writes to.
    public func copyValues(for rowID: String) -> [CopyValue] {
        guard let employee = employee(withID: rowID) else { return [] }
        return CopyValue.present([
            CopyValue(.email, "Email", employee.email),
            CopyValue(.phone, "Phone", employee.phone ?? ""),
            CopyValue(.name, "Name", employee.fullName),
            CopyValue(.other, "Position", employee.position.title),
        ])
    }
}
