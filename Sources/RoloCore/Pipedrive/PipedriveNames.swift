/// The names of the organisations and users an account's persons refer to by id.
///
/// API v2 sends a person's organisation and owner as ids only; rolo fetches the account's
/// organisations and users beside the persons and fills the names in as it shows them. v1 sends
/// the names inside each person, and those win.
public struct PipedriveNames: Sendable, Equatable {
    /// Organisation id → name.
    public var organizations: [Int: String]
    /// User id → name.
    public var users: [Int: String]

    /// Names known so far; none by default.
    public init(organizations: [Int: String] = [:], users: [Int: String] = [:]) {
        self.organizations = organizations
        self.users = users
    }

    /// The names of one kind.
    public subscript(kind: PipedriveNameKind) -> [Int: String] {
        get { kind == .organizations ? organizations : users }
        set {
            switch kind {
            case .organizations: organizations = newValue
            case .users: users = newValue
            }
        }
    }

    /// Whether nothing is known: never fetched (an account always has at least one user).
    public var isEmpty: Bool { organizations.isEmpty && users.isEmpty }

    /// `person` with its organisation's and owner's names filled in where the person has only
    /// the id and the name is known. An id that isn't known (the organisation was deleted, or
    /// the token may not see it) stays a bare id.
    public func resolving(_ person: PipedrivePerson) -> PipedrivePerson {
        var resolved = person
        if resolved.organizationName == nil, let id = person.organizationID {
            resolved.organizationName = organizations[id]
        }
        if resolved.ownerName == nil, let id = person.ownerID {
            resolved.ownerName = users[id]
        }
        return resolved
    }
}
