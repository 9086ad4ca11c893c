/// One nationality of the generated randomuser.me persons, with the quirks the real API shows
/// for it: postcodes as numbers or as strings (some with leading zeros), national ids with an
/// empty name or a null value, and names in the country's own script.
struct RandomUserNationality: Sendable {
    /// How `location.postcode` is written.
    enum Postcode: Sendable {
        /// A JSON number in this range.
        case number(ClosedRange<Int>)
        /// A JSON string from this pattern: `#` a digit, `@` a capital letter, the rest as is.
        case text(String)
    }

    /// How `id.value` is written.
    enum IDValue: Sendable {
        /// A string from this pattern (as ``Postcode/text(_:)``).
        case pattern(String)
        /// `""`, as the real API sends for some countries.
        case empty
        /// `null`, as the real API sends for Iran.
        case null
    }

    let code: String
    let country: String
    let maleNames: [String]
    let femaleNames: [String]
    let lastNames: [String]
    /// (city, state) pairs.
    let places: [(String, String)]
    let streets: [String]
    let postcode: Postcode
    /// Patterns as ``Postcode/text(_:)``.
    let phone: String
    let cell: String
    let idName: String
    let idValue: IDValue
}
