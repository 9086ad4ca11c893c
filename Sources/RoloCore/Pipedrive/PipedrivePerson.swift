import Foundation

/// One person of a Pipedrive account, from either API version; every text is terminal-safe.
public struct PipedrivePerson: Codable, Sendable, Equatable, Identifiable {
    /// Pipedrive's numeric id, as text so it keys rows like the other sources' ids.
    public var id: String
    /// The name as Pipedrive stores it; may be empty.
    public var name: String
    /// The first name; nil when Pipedrive has none.
    public var firstName: String?
    /// The last name; nil when Pipedrive has none (v1 sends `null`).
    public var lastName: String?
    /// Phone numbers, without Pipedrive's empty placeholder entries.
    public var phones: [LabeledValue]
    /// Email addresses, without Pipedrive's empty placeholder entries.
    public var emails: [LabeledValue]
    /// The organisation's name; nil when the person has none or the API didn't say.
    public var organizationName: String?
    /// The organisation's id; nil when the person has none.
    public var organizationID: Int?
    /// The owning user's name; v2 sends only the id.
    public var ownerName: String?
    /// The owning user's id.
    public var ownerID: Int?
    /// How many open deals the person has; nil when the API didn't say.
    public var openDeals: Int?
    /// When the person was added.
    public var addTime: Date?
    /// When the person was last changed.
    public var updateTime: Date?
    /// Whether Pipedrive holds a picture of the person.
    public var hasPicture: Bool

    /// Creates a person from already-cleaned values.
    public init(
        id: String, name: String, firstName: String? = nil, lastName: String? = nil,
        phones: [LabeledValue] = [], emails: [LabeledValue] = [], organizationName: String? = nil,
        organizationID: Int? = nil, ownerName: String? = nil, ownerID: Int? = nil, openDeals: Int? = nil,
        addTime: Date? = nil, updateTime: Date? = nil, hasPicture: Bool = false
    ) {
        self.id = id
        self.name = name
        self.firstName = firstName
        self.lastName = lastName
        self.phones = phones
        self.emails = emails
        self.organizationName = organizationName
        self.organizationID = organizationID
        self.ownerName = ownerName
        self.ownerID = ownerID
        self.openDeals = openDeals
        self.addTime = addTime
        self.updateTime = updateTime
        self.hasPicture = hasPicture
    }

    /// The email marked primary, else the first one; nil when the person has none.
    public var primaryEmail: String? {
        (emails.first(where: \.primary) ?? emails.first)?.value
    }

    /// The row title: the name, else the primary email, else "(no name)", so no row is blank.
    public var displayName: String {
        let trimmed = name.trimmingWhitespace
        if !trimmed.isEmpty { return trimmed }
        return primaryEmail ?? "(no name)"
    }
}

extension PipedrivePerson: Searchable {
    /// The name, every email, and the organisation: folded, what a search looks in.
    public var searchFields: [String] { [name] + emails.map(\.value) + [organizationName ?? ""] }
}
