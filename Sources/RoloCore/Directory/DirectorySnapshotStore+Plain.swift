extension DirectorySnapshotStore.SavedEmployee {
    /// The people of a run of a saved list when every one is as ``DirectorySnapshotWriter``
    /// writes a person whose texts need no escapes: `email`, `firstName`, `lastName`, `phone`
    /// (text or null, or absent), `position` (one of its codes) and `projects` (a list of
    /// text), each key once. Nil for anything else, for `JSONDecoder` to read the run. People
    /// with the same projects share one array (``SharedProjects``).
    static func readPlain(_ elements: UnsafeBufferPointer<UInt8>, count: Int) -> [DirectoryEmployee]? {
        var reader = PlainJSONReader(elements)
        var projects = SharedProjects()
        return reader.values(count) { plainEmployee(&$0).map { projects.share($0) } }
    }

    private static func plainEmployee(_ reader: inout PlainJSONReader) -> DirectoryEmployee? {
        var firstName: String?, lastName: String?, email: String?, phone: String??, position: String?
        var projects: [String]?
        let read = reader.object { key, reader in
            switch key {
            case "firstName": return reader.string(into: &firstName)
            case "lastName": return reader.string(into: &lastName)
            case "email": return reader.string(into: &email)
            case "phone": return reader.stringOrNull(into: &phone)
            case "position": return reader.string(into: &position)
            case "projects" where projects == nil:
                projects = reader.strings(skippingNulls: false)
                return projects != nil
            default: return false
            }
        }
        guard read, let firstName, let lastName, let email, let code = position,
              let position = DirectoryEmployee.Position(rawValue: code), let projects
        else { return nil }
        return DirectoryEmployee(
            firstName: firstName, lastName: lastName, email: email, phone: phone ?? nil, position: position, projects: projects)
    }
}
