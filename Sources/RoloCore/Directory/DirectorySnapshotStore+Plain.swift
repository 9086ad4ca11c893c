extension DirectorySnapshotStore.SavedEmployee {
    /// The people of a run of a saved list when every one is as ``DirectorySnapshotWriter``
    /// writes a person whose texts need no escapes: `email`, `firstName`, `lastName`, `phone`
    /// (text or null, or absent), `position` (one of its codes) and `projects` (a list of
    /// text), each key once. Nil for anything else, for `JSONDecoder` to read the run.
    static func readPlain(_ elements: UnsafeBufferPointer<UInt8>, count: Int) -> [DirectoryEmployee]? {
        var reader = PlainJSONReader(elements)
        return reader.values(count, plainEmployee)
    }

    private static func plainEmployee(_ reader: inout PlainJSONReader) -> DirectoryEmployee? {
        var firstName: String?, lastName: String?, email: String?, phone: String??
        var position: DirectoryEmployee.Position?, projects: [String]?
        let read = reader.object { key, reader in
            switch key {
            case "firstName" where firstName == nil:
                firstName = reader.string()
                return firstName != nil
            case "lastName" where lastName == nil:
                lastName = reader.string()
                return lastName != nil
            case "email" where email == nil:
                email = reader.string()
                return email != nil
            case "phone" where phone == nil:
                if reader.takeNull() {
                    phone = .some(nil)
                    return true
                }
                guard let text = reader.string() else { return false }
                phone = text
                return true
            case "position" where position == nil:
                position = reader.string().flatMap(DirectoryEmployee.Position.init(rawValue:))
                return position != nil
            case "projects" where projects == nil:
                projects = reader.strings(skippingNulls: false)
                return projects != nil
            default:
                return false
            }
        }
        guard read, let firstName, let lastName, let email, let position, let projects else { return nil }
        return DirectoryEmployee(
            firstName: firstName, lastName: lastName, email: email, phone: phone ?? nil, position: position, projects: projects)
    }
}
