import Foundation

/// Decodes one person of randomuser.me tolerantly: only `login.uuid` is required, because it
/// is what keeps a person the same across pages and refreshes; every other field falls back to
/// "none" when absent, null or of an unusable type. Unknown keys are ignored.
struct RandomPersonRecord: Decodable {
    private typealias Fields = KeyedDecodingContainer<AnyCodingKey>

    let person: RandomPerson

    init(from decoder: any Decoder) throws {
        guard let fields = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingProblem("not an object", summary: "a record that isn't an object")
        }
        let name = Self.object(fields, "name")
        let location = Self.object(fields, "location")
        let street = Self.object(location, "street")
        let coordinates = Self.object(location, "coordinates")
        let id = Self.object(fields, "id")
        let picture = Self.object(fields, "picture")
        let contact = Self.object(fields, "emergency_contact")
        person = RandomPerson(
            id: try Self.uuid(fields),
            title: Self.text(name, "title") ?? "",
            firstName: Self.text(name, "first") ?? "",
            lastName: Self.text(name, "last") ?? "",
            gender: Self.text(fields, "gender") ?? "",
            email: Self.text(fields, "email") ?? "",
            phone: Self.text(fields, "phone") ?? "",
            cell: Self.text(fields, "cell") ?? "",
            birthday: Self.date(fields, "dob"),
            registered: Self.date(fields, "registered"),
            nationality: Self.text(fields, "nat") ?? "",
            streetNumber: Self.text(street, "number") ?? "",
            streetName: Self.text(street, "name") ?? "",
            city: Self.text(location, "city") ?? "",
            state: Self.text(location, "state") ?? "",
            country: Self.text(location, "country") ?? "",
            // A number comes back as its digits; a string keeps its leading zeros ("01234").
            postcode: Self.text(location, "postcode") ?? "",
            latitude: Self.text(coordinates, "latitude") ?? "",
            longitude: Self.text(coordinates, "longitude") ?? "",
            idName: Self.text(id, "name") ?? "",
            idValue: Self.text(id, "value"),
            pictureLarge: Self.url(picture, "large"),
            pictureMedium: Self.url(picture, "medium"),
            pictureThumbnail: Self.url(picture, "thumbnail"),
            contactName: Self.text(contact, "name"),
            contactPhone: Self.text(contact, "phone"))
    }

    private static func uuid(_ fields: Fields) throws -> String {
        guard let login = object(fields, "login") else { throw DecodingProblem.missing("login") }
        let uuid = try login.requiredString("uuid").sanitizedForTerminal.trimmingCharacters(in: .whitespaces)
        guard !uuid.isEmpty else { throw DecodingProblem("'login.uuid' is empty", summary: "an empty login.uuid") }
        return uuid
    }

    /// The object at `key`, nil when absent, null or not an object.
    private static func object(_ fields: Fields?, _ key: String) -> Fields? {
        try? fields?.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(stringValue: key))
    }

    /// The cleaned text at `key` (numbers as their digits); nil when absent, null or unusable.
    private static func text(_ fields: Fields?, _ key: String) -> String? {
        guard let fields, let text = try? fields.lenientString(key) else { return nil }
        return text.sanitizedForTerminal
    }

    /// `<key>.date`, an ISO 8601 instant with milliseconds (`1993-07-20T09:44:18.674Z`).
    private static func date(_ fields: Fields, _ key: String) -> Date? {
        text(object(fields, key), "date").flatMap(ISO8601Timestamp.date(from:))
    }

    /// Only an absolute http(s) URL: anything else can't be fetched, so it counts as no picture.
    private static func url(_ fields: Fields?, _ key: String) -> URL? {
        guard let text = text(fields, key), let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return nil }
        return url
    }
}
