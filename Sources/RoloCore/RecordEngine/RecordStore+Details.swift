import Foundation
import GRDB

/// The records' details (`detail_url`'s answers), kept beside the list in `custom_detail`.
///
/// A detail is kept for the listed record it was fetched for: a refresh that lists the record
/// unchanged keeps it, one that changes it drops it (it is no longer merged, and is fetched
/// again). It is fresh for ``detailLifetime`` after it was fetched; an older one is still
/// merged, and fetched again when asked for.
extension RecordStore {
    /// How long a stored detail is fresh: a day.
    public static let detailLifetime: TimeInterval = 24 * 60 * 60

    /// Stores `detail`, the detail answer's record, for the record with `id` as it is listed now,
    /// fetched at `date`; its search text becomes the merged record's. Nothing when the record
    /// is no longer stored.
    public func saveDetail(_ detail: JSONValue, id: String, at date: Date = Date()) async throws {
        let key = self.key, source = self.source
        do {
            try await database.write { db in
                guard let listedText = try String.fetchOne(
                    db, sql: "SELECT json FROM custom_record WHERE source = ? AND id = ?", arguments: [key, id])
                else { return }
                let listed = try JSONValue.parse(Data(listedText.utf8))
                try db.execute(
                    sql: "INSERT OR REPLACE INTO custom_detail (source, id, listed, json, fetched_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [key, id, listedText, detail.jsonText, date])
                try db.execute(
                    sql: "UPDATE custom_record SET search = ? WHERE source = ? AND id = ?",
                    arguments: [source.searchText(listed.merging(detail), lookups: try Self.searchLookups(db, key, source)), key, id])
                try Self.searchChanged(db, key)
            }
        } catch let rebuilt as DatabaseRebuilt {
            throw rebuilt
        } catch {
            throw cantSave(error)
        }
    }

    /// The stored records, in order, whose detail is missing or no longer fresh at `now`, as
    /// listed (no detail merged): what `rolo dump --details` fetches.
    public func recordsNeedingDetails(now: Date = Date()) async throws -> [JSONRecord] {
        let key = self.key, name = source.name
        let since = now.addingTimeInterval(-Self.detailLifetime)
        let rows = try await read { db in
            try Row.fetchAll(
                db, sql: """
                    SELECT r.id, r.json FROM custom_record r
                    LEFT JOIN custom_detail d ON d.source = r.source AND d.id = r.id AND d.listed = r.json AND d.fetched_at >= ?
                    WHERE r.source = ? AND d.id IS NULL ORDER BY r.position
                    """,
                arguments: [since, key]
            ).map { (id: $0["id"] as String, json: $0["json"] as String) }
        }
        return try await HeavyWork.run {
            try rows.map { row in
                do {
                    return JSONRecord(id: row.id, value: try JSONValue.parse(Data(row.json.utf8)))
                } catch {
                    throw StoreError(description: "The stored \(name) record \(row.id) isn't JSON (\(error)) — r fetches the list again")
                }
            }
        }
    }

    /// The ids of the records whose stored detail is fresh at `now`: those the screen doesn't
    /// fetch again.
    public func freshDetailIDs(now: Date = Date()) async throws -> Set<String> {
        let key = self.key
        let since = now.addingTimeInterval(-Self.detailLifetime)
        return try await read { db in
            Set(try String.fetchAll(
                db, sql: """
                    SELECT d.id FROM custom_detail d JOIN custom_record r ON r.source = d.source AND r.id = d.id AND r.json = d.listed
                    WHERE d.source = ? AND d.fetched_at >= ?
                    """,
                arguments: [key, since]))
        }
    }

    /// The detail stored for the record `id` listed as `listed`, whatever its age; nil for none.
    static func storedDetail(_ db: Database, _ key: String, id: String, listed: String) throws -> JSONValue? {
        let statement = try db.cachedStatement(sql: "SELECT json FROM custom_detail WHERE source = ? AND id = ? AND listed = ?")
        guard let text = try String.fetchOne(statement, arguments: [key, id, listed]) else { return nil }
        return try? JSONValue.parse(Data(text.utf8))
    }

    static func deleteDetails(_ db: Database, _ key: String) throws {
        try db.execute(sql: "DELETE FROM custom_detail WHERE source = ?", arguments: [key])
    }
}
