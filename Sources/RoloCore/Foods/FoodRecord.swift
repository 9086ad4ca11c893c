import Foundation

/// Decodes one food object tolerantly: `id` and `name` are required, every other field falls
/// back to "none" when absent, null or of a type nobody can use, so one odd food doesn't hide
/// the whole list. Unknown keys are ignored.
struct FoodRecord: ListRecord {
    let food: Food

    var record: Food { food }

    init(from decoder: any Decoder) throws {
        guard let fields = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingProblem("not an object", summary: "a record that isn't an object")
        }
        food = Food(
            id: try Self.id(fields),
            name: try fields.requiredString("name").sanitizedForTerminal,
            isLiked: (try? fields.decodeIfPresent(Bool.self, forKey: "isLiked")) ?? false,
            photoURL: Self.photoURL(fields),
            description: (try? fields.lenientString("description"))?.sanitizedMultiline ?? "",
            countryCode: Self.countryCode(fields),
            lastUpdated: Self.text(fields, "lastUpdatedDate").flatMap(ISO8601Timestamp.date(from:)))
    }

    /// A number (`99`, `99.0`) or text (`"99"`, `"a1b2"`), as text for the like paths.
    private static func id(_ fields: KeyedDecodingContainer<AnyCodingKey>) throws -> String {
        // A whole number first: asking for text where there is a number throws, and a thrown
        // DecodingError costs more than the rest of the record.
        if let number = try? fields.decode(Int.self, forKey: "id") { return String(number) }
        guard !fields.isAbsentOrNull("id") else { throw DecodingProblem.missing("id") }
        if let text = try? fields.decode(String.self, forKey: "id") {
            let clean = text.sanitizedForTerminal.trimmingWhitespace
            guard !clean.isEmpty else { throw DecodingProblem("'id' is empty", summary: "an empty id") }
            return clean
        }
        if let number = try? fields.lenientWholeNumber("id") { return String(number) }
        throw DecodingProblem.wrongType("id", should: "a whole number or text", isnt: "a number or text")
    }

    /// Only an absolute http(s) URL: anything else can't be fetched, so it counts as no photo.
    private static func photoURL(_ fields: KeyedDecodingContainer<AnyCodingKey>) -> URL? {
        guard let text = text(fields, "photoURL"), let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return nil }
        return url
    }

    private static func countryCode(_ fields: KeyedDecodingContainer<AnyCodingKey>) -> String? {
        guard let text = text(fields, "countryOfOrigin") else { return nil }
        let code = text.sanitizedForTerminal.trimmingWhitespace.uppercased()
        return code.isEmpty ? nil : code
    }

    private static func text(_ fields: KeyedDecodingContainer<AnyCodingKey>, _ key: String) -> String? {
        try? fields.decodeIfPresent(String.self, forKey: AnyCodingKey(stringValue: key))
    }
}

/// Decodes `GET food`: a bare array (the 2023 server) or `{"foods": [...], "totalCount": N}`
/// (a page of the 2025 server).
struct FoodList: Decodable {
    let foods: DecodedList<Food>
    /// `totalCount`; nil when absent, or not a count (negative, not a number): the pages then
    /// end at an empty one.
    let totalCount: Int?

    init(from decoder: any Decoder) throws {
        var items: any UnkeyedDecodingContainer
        if let array = try? decoder.unkeyedContainer() {
            items = array
            totalCount = nil
        } else if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            guard let foods = try? object.nestedUnkeyedContainer(forKey: "foods") else {
                throw DecodingProblem("expected a list of foods, or an object with a 'foods' list")
            }
            items = foods
            totalCount = (try? object.lenientWholeNumber("totalCount")).flatMap { $0 >= 0 ? $0 : nil }
        } else {
            throw DecodingProblem("expected a list of foods")
        }
        foods = items.decodeEach(FoodRecord.self, \.food)
    }
}
