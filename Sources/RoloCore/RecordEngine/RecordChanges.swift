import Foundation
import GRDB

/// What a refresh changed in a stored list, record by record, kept 30 days (`record_change`):
/// a record new to the list, one listed with other fields (each field's old and new value), one
/// the listing no longer had. Written by the merge of every refresh, whoever ran it (the screen's
/// `r`, `rolo sync`, `rolo dump`), so `rolo changes` prints the same whichever saw the change.
/// A first listing into an empty store is no change: nothing was there to change.
public struct RecordChange: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case new, changed, removed
    }

    public var kind: Kind
    /// The record's id.
    public var id: String
    /// Its label when the change was seen (for a removed record, as it last was).
    public var label: String
    /// For a changed record, each field that differs (a dotted path to a value that isn't an
    /// object or array, `tags.0.name`): the old value and the new, null where there was none.
    public var fields: [(field: String, old: JSONValue, new: JSONValue)]
    /// When the refresh that saw it stored it.
    public var at: Date

    public init(kind: Kind, id: String, label: String, fields: [(field: String, old: JSONValue, new: JSONValue)] = [], at: Date) {
        self.kind = kind
        self.id = id
        self.label = label
        self.fields = fields
        self.at = at
    }

    public static func == (a: RecordChange, b: RecordChange) -> Bool {
        a.kind == b.kind && a.id == b.id && a.label == b.label && a.at == b.at
            && a.fields.elementsEqual(b.fields) { $0.field == $1.field && $0.old == $1.old && $0.new == $1.new }
    }

    /// How long changes are kept.
    public static let kept: TimeInterval = 30 * 24 * 3600
    /// The most fields a change keeps: a record rewritten whole says so in its first fifty.
    static let mostFields = 50

    /// The fields that differ between `old` and `new`, in `new`'s order then `old`'s leftovers;
    /// empty when they hold the same values, whatever the order of their keys.
    static func fields(from old: JSONValue, to new: JSONValue) -> [(field: String, old: JSONValue, new: JSONValue)] {
        var before: [String: JSONValue] = [:]
        var oldOrder: [String] = []
        leaves(of: old, at: "") { path, value in
            before[path] = value
            oldOrder.append(path)
        }
        var changed: [(field: String, old: JSONValue, new: JSONValue)] = []
        var seen = Set<String>()
        leaves(of: new, at: "") { path, value in
            seen.insert(path)
            let was = before[path] ?? .null
            if was != value, changed.count < mostFields { changed.append((path, was, value)) }
        }
        for path in oldOrder where !seen.contains(path) && changed.count < mostFields {
            changed.append((path, before[path] ?? .null, .null))
        }
        return changed
    }

    /// Calls `body` with each value of `value` that isn't an object or array, by dotted path;
    /// an empty object or array is a value of its own.
    private static func leaves(of value: JSONValue, at path: String, _ body: (String, JSONValue) -> Void) {
        func joined(_ step: String) -> String { path.isEmpty ? step : path + "." + step }
        switch value {
        case .object(let members) where !members.isEmpty:
            for member in members { leaves(of: member.value, at: joined(member.key), body) }
        case .array(let items) where !items.isEmpty:
            for (index, item) in items.enumerated() { leaves(of: item, at: joined(String(index)), body) }
        default:
            body(path, value)
        }
    }

    /// `{"change": …, "id", "label", "fields": {"status": ["open", "closed"]}, "at": "ISO time"}`.
    public var jsonLine: String {
        let fields = JSONValue.object(self.fields.map { JSONMember($0.field, .array([$0.old, $0.new])) })
        return JSONValue.object([
            JSONMember("change", .string(kind.rawValue)), JSONMember("id", .string(id)), JSONMember("label", .string(label)),
            JSONMember("fields", fields), JSONMember("at", .string(Self.stamp(at))),
        ]).jsonText
    }

    /// `2026-12-07T06:50:00Z  changed  7  Ada Lovelace  status: open → closed, title: – → Lead`,
    /// the values safe for a terminal.
    public var textLine: String {
        let fields = self.fields.map { "\($0.field): \(Self.shown($0.old)) → \(Self.shown($0.new))" }.joined(separator: ", ")
        return [Self.stamp(at), kind.rawValue, id.sanitizedForTerminal, label, fields].filter { !$0.isEmpty }.joined(separator: "  ")
    }

    private static func shown(_ value: JSONValue) -> String {
        switch value {
        case .null: "–"
        case .string(let text): text.sanitizedForTerminal
        default: value.jsonText.sanitizedForTerminal
        }
    }

    public static func stamp(_ date: Date) -> String { DumpRunner.stamp(date) }

    /// The time `text` names, counted back from `now`: an age (`2h`, `1d`, `1w`, as a query's)
    /// or an ISO 8601 or RFC 2822 time; nil for anything else.
    public static func since(_ text: String, now: Date) -> Date? {
        switch RecordQuery.bound(text) {
        case .age(let seconds)?: now.addingTimeInterval(-seconds)
        case .instant(let date)?: date
        case .number?, nil: nil
        }
    }
}

extension RecordStore {
    /// The changes kept for this list since `since` (all kept when nil), oldest first.
    public func changes(since: Date?) async throws -> [RecordChange] {
        let key = self.key
        return try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM record_change WHERE source = ? AND at > ? ORDER BY at, number",
                arguments: [key, since ?? .distantPast]
            ).map(Self.change)
        }
    }

    /// When the user last looked at this list's changes (`rolo changes`); nil before the first look.
    public func lastLook() async throws -> Date? {
        let key = self.key
        return try await read { db in
            try Date.fetchOne(db, sql: "SELECT looked_at FROM record_look WHERE source = ?", arguments: [key])
        }
    }

    /// Keeps `date` as the last look at this list's changes.
    public func looked(at date: Date) async throws {
        let key = self.key
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO record_look (source, looked_at) VALUES (?, ?) ON CONFLICT (source) DO UPDATE SET looked_at = excluded.looked_at",
                arguments: [key, date])
        }
    }

    private static func change(_ row: Row) -> RecordChange {
        var fields: [(field: String, old: JSONValue, new: JSONValue)] = []
        if let text: String = row["fields"], case .object(let members)? = try? JSONValue.parse(Data(text.utf8)) {
            for member in members {
                guard case .array(let pair) = member.value, pair.count == 2 else { continue }
                fields.append((member.key, pair[0], pair[1]))
            }
        }
        return RecordChange(
            kind: RecordChange.Kind(rawValue: row["change"]) ?? .changed, id: row["id"], label: row["label"], fields: fields, at: row["at"])
    }

    // MARK: - In the merge's transaction

    /// Keeps `changes` for list `key`, and forgets those older than ``RecordChange/kept``.
    static func keep(_ db: Database, _ key: String, _ changes: [RecordChange], at date: Date) throws {
        guard !changes.isEmpty else { return }
        let insert = try db.cachedStatement(sql: "INSERT INTO record_change (source, id, change, label, fields, at) VALUES (?, ?, ?, ?, ?, ?)")
        for change in changes {
            let fields = change.fields.isEmpty
                ? nil : JSONValue.object(change.fields.map { JSONMember($0.field, .array([$0.old, $0.new])) }).jsonText
            try insert.execute(arguments: [key, change.id, change.kind.rawValue, change.label, fields, change.at])
        }
        try db.execute(sql: "DELETE FROM record_change WHERE source = ? AND at < ?", arguments: [key, date.addingTimeInterval(-RecordChange.kept)])
    }
}
