import Foundation

/// The looked-up records of a configured source's lookups, by lookup name and id, and how a
/// template path reaches them.
///
/// A path whose first step is a lookup's name (`org.name`) goes into the record the lookup's
/// field names (`org_id`), unless the record has a field of that name itself: the record's own
/// field wins, so a lookup never hides what the API sent (name the lookup apart to reach it).
/// When the other list has no record of that id (or isn't fetched yet) the path gives the raw
/// id, so the row shows `7` rather than nothing; the lookup's name alone (`{org}`) is the raw id.
public struct LookupValues: Sendable, Equatable {
    /// The lookups, as configured.
    public var lookups: [RecordLookup]
    /// Each lookup's records by id.
    public var records: [String: [String: JSONValue]]

    /// No lookups: every path is the record's own.
    public static let none = LookupValues(lookups: [], records: [:])

    /// The lookups and their records as given.
    public init(lookups: [RecordLookup], records: [String: [String: JSONValue]]) {
        self.lookups = lookups
        self.records = records
    }

    /// Whether there is nothing to look up.
    public var isEmpty: Bool { lookups.isEmpty }

    /// The lookup of that name.
    public func lookup(named name: String) -> RecordLookup? {
        lookups.first { $0.name == name }
    }

    /// The value at `path` for `record`, through a lookup where the path's first step names one;
    /// the raw id where the other list doesn't hold the record, unless `rawIDs` is false (a
    /// search looks in names, not in ids).
    public func value(at path: JSONPath, in record: JSONValue, rawIDs: Bool = true) -> JSONValue? {
        guard let first = path.steps.first, record[first] == nil, let named = lookup(named: first) else {
            return record.value(at: path).flatMap { $0 == .null ? nil : $0 } ?? inline(at: path, in: record)
        }
        guard let id = named.id(in: record) else { return nil }
        guard path.steps.count > 1, let other = records[named.name]?[id] else { return rawIDs ? .string(id) : nil }
        return other.value(at: JSONPath(steps: Array(path.steps.dropFirst())))
    }

    /// A field the record names its lookup by as an object, read where the object has nothing:
    /// `{org_id.name}` of `"org_id": {"value": 3926, "name": null}` is the looked-up
    /// organisation's `name`. Nil when no lookup's field holds the path, or the other list
    /// doesn't hold the record.
    private func inline(at path: JSONPath, in record: JSONValue) -> JSONValue? {
        guard let named = lookup(at: path), path.steps.count > named.field.steps.count,
              case .object? = record.value(at: named.field), let id = named.id(in: record), let other = records[named.name]?[id]
        else { return record.value(at: path) }
        return other.value(at: JSONPath(steps: Array(path.steps.dropFirst(named.field.steps.count)))) ?? record.value(at: path)
    }

    /// Whether any of `paths` goes through a lookup: its first step names one.
    public func reached(by paths: [JSONPath]) -> Bool {
        paths.contains { path in path.steps.first.map { lookup(named: $0) != nil } ?? false }
    }

    /// The record `lookup`'s field names in `record`; nil when the field is empty or the other
    /// list doesn't hold it.
    public func record(of lookup: RecordLookup, in record: JSONValue) -> (id: String, value: JSONValue?)? {
        guard let id = lookup.id(in: record) else { return nil }
        return (id, records[lookup.name]?[id])
    }

    /// The looked-up record's name as the detail shows it: the label of the source the lookup
    /// names, else its `name` or `title`, else the raw id; the raw id when the other list doesn't
    /// hold it; nil when the field is empty.
    public func name(of lookup: RecordLookup, in record: JSONValue) -> String? {
        guard let named = self.record(of: lookup, in: record) else { return nil }
        guard let found = named.value else { return named.id.sanitizedForTerminal }
        let text = lookup.label?.render(found) ?? (found["name"] ?? found["title"])?.displayText ?? ""
        let trimmed = text.trimmingWhitespace
        return trimmed.isEmpty ? named.id.sanitizedForTerminal : trimmed
    }

    /// The lookup whose field `path` is, or is inside (`org_id.value` of `org_id`).
    public func lookup(at path: JSONPath) -> RecordLookup? {
        lookups.first { path.steps.starts(with: $0.field.steps) }
    }

    /// `record` with each looked-up record added under its lookup's name (where the record has
    /// no field of that name): what `rolo dump --format json` prints, and what an action's
    /// templates see.
    public func expanded(_ record: JSONValue) -> JSONValue {
        guard case .object(var members) = record else { return record }
        for lookup in lookups where record[lookup.name] == nil {
            if let found = self.record(of: lookup, in: record)?.value { members.append(JSONMember(lookup.name, found)) }
        }
        return .object(members)
    }
}

extension RecordTemplate {
    /// The text for `record` with its lookups resolved (``LookupValues``).
    public func render(_ record: JSONValue, lookups: LookupValues) -> String {
        lookups.isEmpty ? render(record) : render { lookups.value(at: $0, in: record) }
    }
}
