/// The lists v2 persons name only by id: the account's organisations and its users (owners).
public enum PipedriveNameKind: String, Sendable, CaseIterable, Hashable {
    /// `GET /api/v2/organizations`, cursor-paged.
    case organizations
    /// `GET /v1/users`: every user in one answer; Pipedrive has no v2 successor.
    case users

    /// The name of the lookup (``PipedriveLookups``) whose stored rows hold these names.
    public var lookup: String {
        switch self {
        case .organizations: "org"
        case .users: "owner"
        }
    }
}
