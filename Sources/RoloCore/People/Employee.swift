import Foundation

/// One person on the ME employees server.
public struct Employee: Sendable, Equatable, Identifiable {
    /// The server's id, used to fetch the detail.
    public var id: Int
    /// The first name, cleaned for the terminal.
    public var firstName: String
    /// The last name, cleaned for the terminal.
    public var lastName: String
    /// The gender as the server words it, cleaned for the terminal.
    public var gender: String
    /// The birth date, parsed where possible.
    public var birthDate: BirthDate
    /// The 100×100 thumbnail.
    public var thumbImage: ImageField
    /// The full image; the list endpoint may or may not carry it.
    public var image: ImageField

    /// Creates an employee from already-clean values.
    public init(
        id: Int, firstName: String, lastName: String, gender: String, birthDate: BirthDate,
        thumbImage: ImageField = .absent, image: ImageField = .absent
    ) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.gender = gender
        self.birthDate = birthDate
        self.thumbImage = thumbImage
        self.image = image
    }

    /// "First Last", trimmed; "(no name)" when both are empty.
    public var fullName: String { PersonName.full(firstName, lastName) }
}
