import Foundation

extension PipedrivePerson {
    /// The person `value` holds: one record of either API version as the API sent it. Throws a
    /// ``DecodingProblem`` saying what is wrong.
    ///
    /// v1's quirks are absorbed here: `owner_id`/`org_id` as `{"value": 1, "name": "..."}`
    /// objects (`org_id` possibly null), `phone`/`email` lists whose "no value" is
    /// `[{"value": "", ...}]`, a null `last_name`, `has_pic` as 0/1, and times as
    /// `YYYY-MM-DD HH:MM:SS` in UTC. The value is read as it is, not written out and parsed
    /// again: the list reads persons a block at a time as it is drawn.
    public init(json value: JSONValue) throws(DecodingProblem) {
        guard case .object = value else {
            throw DecodingProblem("not an object", summary: "a record that isn't an object")
        }
        let organization = try Self.reference(value, "org_id")
        let owner = try Self.reference(value, "owner_id")
        self.init(
            id: String(try value.requiredWholeNumber("id")),
            name: Self.text(try value.lenientString("name")) ?? "",
            firstName: Self.text(try value.lenientString("first_name")),
            lastName: Self.text(try value.lenientString("last_name")),
            phones: try Self.values(value, "phones", "phone"),
            emails: try Self.values(value, "emails", "email"),
            organizationName: organization.name ?? Self.text(try? value.lenientString("org_name")),
            organizationID: organization.id,
            ownerName: owner.name ?? Self.text(try? value.lenientString("owner_name")),
            ownerID: owner.id,
            openDeals: try? value.lenientWholeNumber("open_deals_count"),
            addTime: Self.date(try? value.lenientString("add_time")),
            updateTime: Self.date(try? value.lenientString("update_time")),
            hasPicture: Self.hasPicture(value))
    }

    /// A cleaned text, nil when empty so "no value" has one spelling.
    static func text(_ raw: String?) -> String? {
        guard let cleaned = raw?.sanitizedForTerminal.trimmingWhitespace,
            !cleaned.isEmpty
        else { return nil }
        return cleaned
    }

    /// An id given plainly (v2) or as v1's `{"value": 1, "name": "..."}` object.
    private static func reference(_ fields: JSONValue, _ key: String) throws(DecodingProblem) -> (id: Int?, name: String?) {
        guard let field = fields[key], field != .null else { return (nil, nil) }
        if case .object = field {
            let id = (try? field.lenientWholeNumber("value")) ?? (try? field.lenientWholeNumber("id"))
            return (id, text(try? field.lenientString("name")))
        }
        return (try fields.lenientWholeNumber(key), nil)
    }

    /// The list at `key` (v2's name) or `v1Key`, without entries whose value is empty.
    private static func values(_ fields: JSONValue, _ key: String, _ v1Key: String) throws(DecodingProblem) -> [LabeledValue] {
        let name = fields.isAbsentOrNull(key) ? v1Key : key
        guard let list = fields[name], list != .null else { return [] }
        guard case .array(let items) = list else {
            throw DecodingProblem.wrongType(name, should: "a list", isnt: "a list")
        }
        var values: [LabeledValue] = []
        for item in items {
            guard case .object = item else {
                throw DecodingProblem.wrongType(name, should: "a list of objects", isnt: "a list of objects")
            }
            guard let value = text(try item.lenientString("value")) else { continue }
            let primary = if case .bool(let flag)? = item["primary"] { flag } else { false }
            values.append(LabeledValue(value: value, label: text(try? item.lenientString("label")), primary: primary))
        }
        return values
    }

    /// `has_pic` as 0/1 or a Boolean; else whether v2 names a `picture_id`.
    private static func hasPicture(_ fields: JSONValue) -> Bool {
        if case .bool(let flag)? = fields["has_pic"] { return flag }
        if let number = try? fields.lenientWholeNumber("has_pic") { return number != 0 }
        return !fields.isAbsentOrNull("picture_id")
    }

    /// v2's RFC 3339 or v1's `YYYY-MM-DD HH:MM:SS`, which Pipedrive writes in UTC.
    static func date(_ raw: String?) -> Date? {
        guard let raw = raw?.trimmingWhitespace, raw.utf8.count >= 19 else { return nil }
        if let date = ISO8601Timestamp.date(from: raw) { return date }
        return ISO8601Timestamp.date(from: raw.replacingOccurrences(of: " ", with: "T") + "Z")
    }
}
