import Foundation
import GRDB

/// A search through lookups: a source whose search paths reach into a looked-up record
/// (`search = ["name", "org.name"]`) stores each record's search text with the other record's
/// fields, and folds it again when a lookup's list changes the records it names.
extension RecordStore {
    /// The stored lookups the search text of `source`'s records reaches into, read in `db`;
    /// ``LookupValues/none`` when its search reaches none, so most sources read nothing.
    static func searchLookups(_ db: Database, _ key: String, _ source: RecordSource) throws -> LookupValues {
        guard source.searchReachesLookups else { return .none }
        return try LookupStore.values(db, key: key, lookups: source.lookups)
    }

    /// Folds again the search text of the records whose `lookup` field names one of `ids` (their
    /// looked-up record came, went or changed), with `lookups`, in the caller's transaction; a
    /// change gives the source a new search mark. Returns how many records changed.
    static func refold(
        _ db: Database, _ key: String, _ source: RecordSource, lookup: RecordLookup, ids: Set<String>, lookups: LookupValues
    ) throws -> Int {
        guard !ids.isEmpty, source.searchPaths.contains(where: { $0.steps.first == lookup.name }) else { return 0 }
        let paths = source.searchPaths
        var updates: [(rowID: Int64, search: String)] = []
        // Collected first and written after: changing rows under an open SELECT is undefined.
        // SQLite picks out the rows naming one of `ids` where it can read the field's path, so a
        // new organisation costs a scan in C, not a parse of every record.
        var sql = "SELECT rowid AS row, id, json, search FROM custom_record WHERE source = ?"
        var arguments: StatementArguments = [key]
        if let path = sqlitePath(lookup.field) {
            sql += " AND CAST(COALESCE(json_extract(json, ? || '.value'), json_extract(json, ? || '.id'), json_extract(json, ?)) AS TEXT)"
                + " IN (SELECT value FROM json_each(?))"
            arguments += [path, path, path, String(decoding: try JSONEncoder().encode(ids.sorted()), as: UTF8.self)]
        }
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            let text: String = row["json"]
            guard let value = try? JSONValue.parse(Data(text.utf8)), let id = lookup.id(in: value), ids.contains(id) else { continue }
            let detail = try storedDetail(db, key, id: row["id"], listed: text)
            let search = source.searchText(detail.map { value.merging($0) } ?? value, paths: paths, lookups: lookups)
            if search != row["search"] as String { updates.append((row["row"], search)) }
        }
        guard !updates.isEmpty else { return 0 }
        let update = try db.cachedStatement(sql: "UPDATE custom_record SET search = ? WHERE rowid = ?")
        for (rowID, search) in updates { try update.execute(arguments: [search, rowID]) }
        try searchChanged(db, key)
        return updates.count
    }

    /// `field` as SQLite's JSON path (`$."org_id"`); nil when a step is a list's index or `*`,
    /// which the same path can't tell from a key.
    private static func sqlitePath(_ field: JSONPath) -> String? {
        guard !field.steps.isEmpty, field.steps.allSatisfy({ Int($0) == nil && $0 != "*" }) else { return nil }
        return "$" + field.steps.map { ".\"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined()
    }
}

extension RecordSource {
    /// Whether a search path goes through one of the source's lookups (`org.name`).
    public var searchReachesLookups: Bool {
        let names = Set(lookups.map(\.name))
        return searchPaths.contains { $0.steps.first.map(names.contains) ?? false }
    }
}
