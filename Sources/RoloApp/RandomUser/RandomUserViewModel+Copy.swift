import RoloCore

extension RandomUserViewModel {
    /// Email, mobile, then the landline, name, address and contact person's phone.
    public func copyValues(for rowID: String) -> [CopyValue] {
        guard let person = person(withID: rowID) else { return [] }
        return CopyValue.present([
            CopyValue(.email, "Email", person.email),
            CopyValue(.phone, "Mobile", person.cell),
            CopyValue(.phone, "Phone", person.phone),
            CopyValue(.name, "Name", person.fullName),
            CopyValue(.other, "Address", person.formattedAddress),
            CopyValue(.other, "Contact phone", person.contactPhone ?? ""),
        ])
    }
}
