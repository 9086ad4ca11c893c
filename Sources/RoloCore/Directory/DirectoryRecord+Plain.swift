extension DirectoryRecord {
    /// The employees of a run's elements when every one has the listing's plain shape: an
    /// object of `fname`, `lname`, `position` and `contact_details` (`email`, and `phone` text
    /// or null) as plain text, and `projects` a list of plain text or null (or null itself),
    /// each key once. That is every record of a well-behaved server, read from the bytes at
    /// several times `JSONDecoder`'s speed. People with the same projects share one array
    /// (``SharedProjects``).
    ///
    /// Nil when any element is anything else (an escape, a number for a name, a missing or
    /// unknown key, a syntax error): `JSONDecoder` then reads the run, and skips or words what
    /// is wrong exactly as it does for any other run.
    static func readPlain(_ elements: UnsafeBufferPointer<UInt8>, count: Int) -> [DirectoryEmployee]? {
        var reader = PlainJSONReader(elements)
        var projects = SharedProjects()
        return reader.values(count) { plainEmployee(&$0).map { projects.share($0) } }
    }

    private static func plainEmployee(_ reader: inout PlainJSONReader) -> DirectoryEmployee? {
        var firstName: String?, lastName: String?, position: String?, projects: [String]?
        var contact: (email: String, phone: String?)?
        let read = reader.object { key, reader in
            switch key {
            case "fname": return reader.string(into: &firstName)
            case "lname": return reader.string(into: &lastName)
            case "position": return reader.string(into: &position)
            case "contact_details" where contact == nil:
                contact = plainContact(&reader)
                return contact != nil
            case "projects" where projects == nil:
                projects = reader.takeNull() ? [] : reader.strings(skippingNulls: true)
                return projects != nil
            default: return false
            }
        }
        guard read, let firstName, let lastName, let position, let contact else { return nil }
        return employee(
            firstName: firstName, lastName: lastName, email: contact.email, phone: contact.phone, position: position,
            projects: projects ?? [])
    }

    /// `{"email": …, "phone": …}`, the phone text, null or absent.
    private static func plainContact(_ reader: inout PlainJSONReader) -> (email: String, phone: String?)? {
        var email: String?, phone: String??
        let read = reader.object { key, reader in
            switch key {
            case "email": return reader.string(into: &email)
            case "phone": return reader.stringOrNull(into: &phone)
            default: return false
            }
        }
        guard read, let email else { return nil }
        return (email, phone ?? nil)
    }
}
