import Foundation

/// Decodes one person of randomuser.me tolerantly, in the shape of any API version the server
/// still serves (`/api/1.0/` … `/api/1.4/`) and of the answers before 1.0.
///
/// What the versions differ in, and how each is read:
/// - before 1.0 each result wraps the person as `{"user": {...}}`, with `username` beside the
///   name, `zip` for the postcode, `nationality` for `nat`, and `picture` sometimes one URL;
/// - `dob` and `registered` are Unix seconds (before 1.0 as text, in 1.0 as numbers), a
///   `"1987-06-04 08:42:11"` string (1.1), or `{date, age}` with an ISO 8601 date (1.2 on);
/// - `location.street` is one string until 1.2 and `{number, name}` from 1.3;
/// - `login.uuid` exists from 1.2 on; `gender` and `nat` may be absent; `id.value` may be null.
///
/// Every field falls back to "none" when absent, null or of an unusable type, and unknown keys
/// are ignored. The one thing a person can't do without is an identity (``RandomPersonIdentity``).
struct RandomPersonRecord: Decodable {
    typealias Fields = KeyedDecodingContainer<AnyCodingKey>

    let person: RandomPerson

    init(from decoder: any Decoder) throws {
        guard let outer = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingProblem("not an object", summary: "a record that isn't an object")
        }
        let fields = Self.object(outer, "user") ?? outer
        let name = Self.object(fields, "name")
        let location = Self.object(fields, "location")
        let street = RandomUserStreet(location)
        let coordinates = Self.object(location, "coordinates")
        let id = Self.object(fields, "id")
        let picture = RandomUserPicture(fields)
        let contact = Self.object(fields, "emergency_contact")
        let birthday = RandomUserDate.date(fields, "dob")
        let person = RandomPerson(
            id: "",
            title: Self.text(name, "title") ?? "",
            firstName: Self.text(name, "first") ?? "",
            lastName: Self.text(name, "last") ?? "",
            gender: Self.text(fields, "gender") ?? "",
            email: Self.text(fields, "email") ?? "",
            phone: Self.text(fields, "phone") ?? "",
            cell: Self.text(fields, "cell") ?? "",
            birthday: birthday,
            registered: RandomUserDate.date(fields, "registered"),
            nationality: Self.text(fields, "nat") ?? Self.text(fields, "nationality") ?? "",
            streetNumber: street.number,
            streetName: street.name,
            city: Self.text(location, "city") ?? "",
            state: Self.text(location, "state") ?? "",
            country: Self.text(location, "country") ?? "",
            // A number comes back as its digits; a string keeps its leading zeros ("01234").
            postcode: Self.text(location, "postcode") ?? Self.text(location, "zip") ?? "",
            latitude: Self.text(coordinates, "latitude") ?? "",
            longitude: Self.text(coordinates, "longitude") ?? "",
            idName: Self.text(id, "name") ?? "",
            idValue: Self.text(id, "value"),
            pictureLarge: picture.large,
            pictureMedium: picture.medium,
            pictureThumbnail: picture.thumbnail,
            contactName: Self.text(contact, "name"),
            contactPhone: Self.text(contact, "phone"))
        let username = Self.text(Self.object(fields, "login"), "username") ?? Self.text(fields, "username")
        self.person = try RandomPersonIdentity.identified(person, fields: fields, username: username)
    }

    /// The object at `key`, nil when absent, null or not an object.
    static func object(_ fields: Fields?, _ key: String) -> Fields? {
        try? fields?.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(stringValue: key))
    }

    /// The cleaned text at `key` (numbers as their digits); nil when absent, null or unusable.
    static func text(_ fields: Fields?, _ key: String) -> String? {
        guard let fields, let text = try? fields.lenientString(key) else { return nil }
        return text.sanitizedForTerminal
    }
}
