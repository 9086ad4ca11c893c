import Foundation

/// A person kept in rolo's own form (the `person` table), written as API v1 would have sent it,
/// so a store from before is carried over without a fetch; ``PipedrivePerson/init(json:)``
/// reads it back.
extension PipedrivePerson {
    /// The person as API v1 sends one: `org_id` and `owner_id` as `{"value": id, "name": …}`
    /// objects (or `org_name`/`owner_name` when only the name is known), `phone` and `email` as
    /// lists, times as `YYYY-MM-DD HH:MM:SS` in UTC, `has_pic` as 0 or 1. Read back with
    /// ``init(json:)`` it is the same person.
    public var v1JSON: JSONValue {
        var members = [JSONMember("id", Int(id).map { JSONValue.number(String($0)) } ?? JSONValue.string(id)), JSONMember("name", .string(name))]
        members.append(JSONMember("first_name", firstName.map(JSONValue.string) ?? .null))
        members.append(JSONMember("last_name", lastName.map(JSONValue.string) ?? .null))
        members.append(JSONMember("phone", .array(phones.map(Self.json))))
        members.append(JSONMember("email", .array(emails.map(Self.json))))
        members += Self.reference("org", id: organizationID, name: organizationName)
        members += Self.reference("owner", id: ownerID, name: ownerName)
        if let openDeals { members.append(JSONMember("open_deals_count", .number(String(openDeals)))) }
        if let addTime { members.append(JSONMember("add_time", .string(Self.v1Time(addTime)))) }
        if let updateTime { members.append(JSONMember("update_time", .string(Self.v1Time(updateTime)))) }
        members.append(JSONMember("has_pic", .number(hasPicture ? "1" : "0")))
        return .object(members)
    }

    /// `{"value": "+372 …", "label": "work", "primary": true}`.
    private static func json(_ labeled: LabeledValue) -> JSONValue {
        var members = [JSONMember("value", .string(labeled.value))]
        if let label = labeled.label { members.append(JSONMember("label", .string(label))) }
        members.append(JSONMember("primary", .bool(labeled.primary)))
        return .object(members)
    }

    /// v1's `<prefix>_id` object, and `<prefix>_name` when there is a name but no id.
    private static func reference(_ prefix: String, id: Int?, name: String?) -> [JSONMember] {
        guard let id else { return name.map { [JSONMember(prefix + "_name", .string($0))] } ?? [] }
        var object = [JSONMember("value", .number(String(id)))]
        if let name { object.append(JSONMember("name", .string(name))) }
        return [JSONMember(prefix + "_id", .object(object))]
    }

    /// `2026-11-28 01:02:03`, in UTC, as v1 writes times.
    private static func v1Time(_ date: Date) -> String {
        String(date.formatted(.iso8601).prefix(19)).replacingOccurrences(of: "T", with: " ")
    }
}

extension PipedrivePerson {
    /// The person with the names of its organisation and owner filled in from Pipedrive's
    /// lookups `org` and `owner` (``PipedriveLookups``) where it names them only by id (v2): a
    /// name the person carries itself (v1) wins, and an id the lookups don't hold (the
    /// organisation was deleted, or the token may not see it) stays a bare id.
    public func resolved(with lookups: LookupValues) -> PipedrivePerson {
        var resolved = self
        if resolved.organizationName == nil, let id = organizationID {
            resolved.organizationName = Self.lookedUpName(lookups, PipedriveLookups.organizations, id)
        }
        if resolved.ownerName == nil, let id = ownerID {
            resolved.ownerName = Self.lookedUpName(lookups, PipedriveLookups.owners, id)
        }
        return resolved
    }

    /// The folded text a search of the person's API JSON `value` looks in: its name, emails and
    /// organisation, the organisation's name from `lookups` where the person names it by id, as
    /// the stored persons' search text has always been. Nil when `value` isn't a person.
    public static func searchText(_ value: JSONValue, lookups: LookupValues) -> String? {
        (try? PipedrivePerson(json: value))?.resolved(with: lookups).searchKey
    }

    /// The stored name of the record `id` of the lookup named `lookup`, cleaned as the person's
    /// own texts are; nil when it isn't stored or is empty.
    private static func lookedUpName(_ lookups: LookupValues, _ lookup: String, _ id: Int) -> String? {
        guard case .string(let name)? = lookups.records[lookup]?[String(id)]?["name"] else { return nil }
        return text(name)
    }
}
