/// A directory person as the list shows them: merged from every city, and whether the user's
/// address book has their card.
public struct ListedEmployee: Sendable, Equatable {
    /// The merged person.
    public var employee: DirectoryEmployee
    /// Whether a vCard in the address book matches the name (the list's ☎ marker).
    public var hasCard: Bool

    /// A listed person.
    public init(_ employee: DirectoryEmployee, hasCard: Bool) {
        self.employee = employee
        self.hasCard = hasCard
    }
}

extension DumpSchemas {
    /// The directory: the merged person, the position as the API codes it (`IOS`, `OTHER` for
    /// any the API adds later), and whether the address book knows them.
    public static let directory = DumpSchema<ListedEmployee>(DirectorySource.id, [
        DumpField("name") { .text($0.employee.fullName) },
        DumpField("first_name") { .text($0.employee.firstName) },
        DumpField("last_name") { .text($0.employee.lastName) },
        DumpField("email") { .text($0.employee.email) },
        DumpField("phone") { .optional($0.employee.phone) },
        DumpField("position") { .text($0.employee.position.rawValue) },
        DumpField("projects") { .list($0.employee.projects) },
        DumpField("contact") { .bool($0.hasCard) },
    ])
}
