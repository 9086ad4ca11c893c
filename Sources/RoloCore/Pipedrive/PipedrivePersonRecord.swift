import Foundation

/// Decodes one person of either API version into a ``PipedrivePerson``.
///
/// v1's quirks are absorbed here: `owner_id`/`org_id` as `{"value": 1, "name": "..."}` objects
/// (`org_id` possibly null), `phone`/`email` lists whose "no value" is `[{"value": "", ...}]`,
/// a null `last_name`, `has_pic` as 0/1, and times as `YYYY-MM-DD HH:MM:SS` in UTC.
struct PipedrivePersonRecord: Decodable {
    let person: PipedrivePerson

    init(from decoder: any Decoder) throws {
        guard let fields = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            throw DecodingProblem("not an object", summary: "a record that isn't an object")
        }
        let organization = try Self.reference(fields, "org_id")
        let owner = try Self.reference(fields, "owner_id")
        person = PipedrivePerson(
            id: String(try fields.requiredWholeNumber("id")),
            name: Self.text(try fields.lenientString("name")) ?? "",
            firstName: Self.text(try fields.lenientString("first_name")),
            lastName: Self.text(try fields.lenientString("last_name")),
            phones: try Self.values(fields, "phones", "phone"),
            emails: try Self.values(fields, "emails", "email"),
            organizationName: organization.name ?? Self.text(try? fields.lenientString("org_name")),
            organizationID: organization.id,
            ownerName: owner.name ?? Self.text(try? fields.lenientString("owner_name")),
            ownerID: owner.id,
            openDeals: try? fields.lenientWholeNumber("open_deals_count"),
            addTime: Self.date(try? fields.lenientString("add_time")),
            updateTime: Self.date(try? fields.lenientString("update_time")),
            hasPicture: Self.hasPicture(fields))
    }

    /// A cleaned text, nil when empty so "no value" has one spelling.
    private static func text(_ raw: String?) -> String? {
        guard let cleaned = raw?.sanitizedForTerminal.trimmingCharacters(in: .whitespaces),
            !cleaned.isEmpty
        else { return nil }
        return cleaned
    }

    /// An id given plainly (v2) or as v1's `{"value": 1, "name": "..."}` object.
    private static func reference(
        _ fields: KeyedDecodingContainer<AnyCodingKey>, _ key: String
    ) throws -> (id: Int?, name: String?) {
        guard !fields.isAbsentOrNull(key) else { return (nil, nil) }
        if let object = try? fields.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(stringValue: key)) {
            let id = (try? object.lenientWholeNumber("value")) ?? (try? object.lenientWholeNumber("id"))
            return (id, text(try? object.lenientString("name")))
        }
        return (try fields.lenientWholeNumber(key), nil)
    }

    /// The list at `key` (v2's name) or `v1Key`, without entries whose value is empty.
    private static func values(
        _ fields: KeyedDecodingContainer<AnyCodingKey>, _ key: String, _ v1Key: String
    ) throws -> [LabeledValue] {
        let name = fields.isAbsentOrNull(key) ? v1Key : key
        guard !fields.isAbsentOrNull(name) else { return [] }
        guard var items = try? fields.nestedUnkeyedContainer(forKey: AnyCodingKey(stringValue: name)) else {
            throw DecodingProblem.wrongType(name, should: "a list", isnt: "a list")
        }
        var values: [LabeledValue] = []
        while !items.isAtEnd {
            let item = try items.nestedContainer(keyedBy: AnyCodingKey.self)
            guard let value = text(try item.lenientString("value")) else { continue }
            let primary = (try? item.decode(Bool.self, forKey: AnyCodingKey(stringValue: "primary"))) ?? false
            values.append(LabeledValue(value: value, label: text(try? item.lenientString("label")), primary: primary))
        }
        return values
    }

    /// `has_pic` as 0/1 or a Boolean; else whether v2 names a `picture_id`.
    private static func hasPicture(_ fields: KeyedDecodingContainer<AnyCodingKey>) -> Bool {
        let key = AnyCodingKey(stringValue: "has_pic")
        if let flag = try? fields.decode(Bool.self, forKey: key) { return flag }
        if let number = try? fields.lenientWholeNumber("has_pic") { return number != 0 }
        return !fields.isAbsentOrNull("picture_id")
    }

    /// v2's RFC 3339 or v1's `YYYY-MM-DD HH:MM:SS`, which Pipedrive writes in UTC.
    static func date(_ raw: String?) -> Date? {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), raw.count >= 19 else { return nil }
        if let date = ISO8601Timestamp.date(from: raw) { return date }
        return ISO8601Timestamp.date(from: raw.replacingOccurrences(of: " ", with: "T") + "Z")
    }
}
