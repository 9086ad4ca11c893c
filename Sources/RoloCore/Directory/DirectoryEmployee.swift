import Foundation

/// One person in the Tallinn or Tartu work directory.
public struct DirectoryEmployee: Sendable, Equatable, Hashable, Codable {
    /// The first name, trimmed and cleaned for the terminal.
    public var firstName: String
    /// The last name, trimmed and cleaned for the terminal.
    public var lastName: String
    /// The work email, cleaned for the terminal.
    public var email: String
    /// The phone number as the server writes it; nil when the listing gives none.
    public var phone: String?
    /// The job group the person is listed under.
    public var position: Position
    /// The projects the person has worked on, in the listing's order, no empty names.
    public var projects: [String]

    /// Creates an employee from already-clean values.
    public init(
        firstName: String, lastName: String, email: String, phone: String? = nil,
        position: Position, projects: [String] = []
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.position = position
        self.projects = projects
    }

    /// "First Last", trimmed; "(no name)" when both are empty.
    public var fullName: String { PersonName.full(firstName, lastName) }

    /// The identity the directory merges by: first and last name, compared as
    /// ``PersonNameKey`` compares them (trimmed, NFC, case-insensitive, diacritics significant).
    public var nameKey: PersonNameKey {
        PersonNameKey(firstName: firstName, lastName: lastName)
    }
}
