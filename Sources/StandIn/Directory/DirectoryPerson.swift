/// One generated directory entry, as one city's listing carries it.
struct DirectoryPerson: Sendable {
    var firstName: String
    var lastName: String
    var email: String
    /// Nil leaves `phone` out of `contact_details`.
    var phone: String?
    /// A known position, or now and then one the client doesn't know.
    var position: String
    /// Empty leaves `projects` out.
    var projects: [String]

    /// The object in the real shape: optional keys absent, never null.
    var json: StandInJSON {
        var contact: [(String, StandInJSON)] = [("email", .string(email))]
        if let phone { contact.append(("phone", .string(phone))) }
        var members: [(String, StandInJSON)] = [
            ("fname", .string(firstName)),
            ("lname", .string(lastName)),
            ("contact_details", .object(contact)),
            ("position", .string(position)),
        ]
        if !projects.isEmpty { members.append(("projects", .array(projects.map(StandInJSON.string)))) }
        return .object(members)
    }
}
