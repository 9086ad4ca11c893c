import Foundation
import RoloCore

/// The names an account's persons refer to by id, as tests state and compare them: its
/// organisations' (lookup `org`) and its users' (lookup `owner`, ``PipedriveLookups``).
public struct PipedriveNames: Sendable, Equatable {
    /// Organisation id → name.
    public var organizations: [Int: String]
    /// User id → name.
    public var users: [Int: String]

    /// The two lookups, organisations first.
    public static let lookups = [PipedriveLookups.organizations, PipedriveLookups.owners]

    /// `organizations` and `users`; none by default.
    public init(organizations: [Int: String] = [:], users: [Int: String] = [:]) {
        self.organizations = organizations
        self.users = users
    }

    /// The names `values` hold: each organisation's and user's stored record's `name`, by id.
    public init(stored values: LookupValues) {
        func names(_ lookup: String) -> [Int: String] {
            var named: [Int: String] = [:]
            for (id, record) in values.records[lookup] ?? [:] {
                if let number = Int(id), case .string(let name)? = record["name"] { named[number] = name }
            }
            return named
        }
        self.init(organizations: names(PipedriveLookups.organizations), users: names(PipedriveLookups.owners))
    }

    /// The names of the lookup named `lookup`; none for another name.
    public subscript(lookup: String) -> [Int: String] {
        switch lookup {
        case PipedriveLookups.organizations: organizations
        case PipedriveLookups.owners: users
        default: [:]
        }
    }

    /// Whether there are none.
    public var isEmpty: Bool { organizations.isEmpty && users.isEmpty }

    /// These names as a sync stores them: each lookup's records by id, `{"id": …, "name": …}`.
    public var lookupValues: LookupValues {
        var records: [String: [String: JSONValue]] = [:]
        for lookup in Self.lookups {
            records[lookup] = Dictionary(uniqueKeysWithValues: PipedriveHTTP.nameRecords(self[lookup]).map { ($0.id, $0.value) })
        }
        return LookupValues(lookups: [], records: records)
    }
}
