extension DirectoryRecord {
    /// The employees of a run's elements when every one has the listing's plain shape: an
    /// object of `fname`, `lname`, `position` and `contact_details` (`email`, and `phone` text
    /// or null) as plain text, and `projects` a list of plain text or null (or null itself),
    /// each key once. That is every record of a well-behaved server, read from the bytes at
    /// several times `JSONDecoder`'s speed.
    ///
    /// Nil when any element is anything else (an escape, a number for a name, a missing or
    /// unknown key, a syntax error): `JSONDecoder` then reads the run, and skips or words what
    /// is wrong exactly as it always has.
    static func readPlain(_ elements: UnsafeBufferPointer<UInt8>, count: Int) -> [DirectoryEmployee]? {
        var reader = PlainJSONReader(elements)
        var employees: [DirectoryEmployee] = []
        employees.reserveCapacity(count)
        while employees.count < count {
            if !employees.isEmpty, !reader.take(UInt8(ascii: ",")) { return nil }
            guard let employee = plainEmployee(&reader) else { return nil }
            employees.append(employee)
        }
        return reader.isAtEnd() ? employees : nil
    }

    private static func plainEmployee(_ reader: inout PlainJSONReader) -> DirectoryEmployee? {
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var firstName: String?, lastName: String?, position: String?, email: String?
        var phone: String?, projects: [String]?
        repeat {
            guard let key = reader.string(), reader.take(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "fname" where firstName == nil:
                guard let text = reader.string() else { return nil }
                firstName = text
            case "lname" where lastName == nil:
                guard let text = reader.string() else { return nil }
                lastName = text
            case "position" where position == nil:
                guard let text = reader.string() else { return nil }
                position = text
            case "contact_details" where email == nil:
                guard let contact = plainContact(&reader) else { return nil }
                (email, phone) = (contact.email, contact.phone)
            case "projects" where projects == nil:
                guard let names = plainProjects(&reader) else { return nil }
                projects = names
            default:
                return nil
            }
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "}")), let firstName, let lastName, let position, let email else { return nil }
        return employee(
            firstName: firstName, lastName: lastName, email: email, phone: phone, position: position, projects: projects ?? [])
    }

    /// `{"email": …, "phone": …}`, the phone text, null or absent.
    private static func plainContact(_ reader: inout PlainJSONReader) -> (email: String, phone: String?)? {
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var email: String?, phone: String??
        repeat {
            guard let key = reader.string(), reader.take(UInt8(ascii: ":")) else { return nil }
            switch key {
            case "email" where email == nil:
                guard let text = reader.string() else { return nil }
                email = text
            case "phone" where phone == nil:
                if reader.takeNull() {
                    phone = .some(nil)
                } else {
                    guard let text = reader.string() else { return nil }
                    phone = text
                }
            default: return nil
            }
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "}")), let email else { return nil }
        return (email, phone ?? nil)
    }

    /// `[…]` of text and nulls (nulls left out), or null for none.
    private static func plainProjects(_ reader: inout PlainJSONReader) -> [String]? {
        if reader.takeNull() { return [] }
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var projects: [String] = []
        if reader.take(UInt8(ascii: "]")) { return projects }
        repeat {
            if reader.takeNull() { continue }
            guard let name = reader.string() else { return nil }
            projects.append(name)
        } while reader.take(UInt8(ascii: ","))
        return reader.take(UInt8(ascii: "]")) ? projects : nil
    }
}
