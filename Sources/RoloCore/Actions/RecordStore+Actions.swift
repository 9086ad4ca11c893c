import Foundation
import GRDB

/// What an action does to the stored list: one record looked up, replaced by the server's
/// answer, or dropped.
extension RecordStore {
    /// The stored record with id `id`; nil when none is stored.
    public func record(id: String) async throws -> JSONRecord? {
        let key = self.key, name = source.name
        let json = try await database.writer().read { db in
            try String.fetchOne(db, sql: "SELECT json FROM custom_record WHERE source = ? AND id = ?", arguments: [key, id])
        }
        guard let json else { return nil }
        do {
            return JSONRecord(id: id, value: try JSONValue.parse(Data(json.utf8)))
        } catch {
            throw StoreError(description: "The stored \(name) record \(id) isn't JSON (\(error)) — r fetches the list again")
        }
    }

    /// Replaces the stored record `id` (and its search text) with `value`, in its place; does
    /// nothing when it isn't stored. Returns whether it was.
    @discardableResult
    public func replace(id: String, with value: JSONValue) async throws -> Bool {
        let key = self.key, json = value.jsonText, source = self.source
        return try await database.writer().write { db in
            let search = source.searchText(value, lookups: try Self.searchLookups(db, key, source))
            try db.execute(sql: "UPDATE custom_record SET json = ?, search = ? WHERE source = ? AND id = ?", arguments: [json, search, key, id])
            guard db.changesCount > 0 else { return false }
            try Self.searchChanged(db, key)
            return true
        }
    }

    /// Drops the stored record `id`, the records after it moving up one, so positions keep
    /// having no gaps. Returns whether it was stored.
    @discardableResult
    public func remove(id: String) async throws -> Bool {
        let key = self.key
        return try await database.writer().write { db in
            guard let position = try Int.fetchOne(
                db, sql: "SELECT position FROM custom_record WHERE source = ? AND id = ?", arguments: [key, id])
            else { return false }
            try db.execute(sql: "DELETE FROM custom_record WHERE source = ? AND id = ?", arguments: [key, id])
            try Self.searchChanged(db, key)
            // Through negative positions: moved one by one, a row could meet its neighbour's
            // old position in the unique index.
            try db.execute(
                sql: "UPDATE custom_record SET position = -position WHERE source = ? AND position > ?", arguments: [key, position])
            try db.execute(
                sql: "UPDATE custom_record SET position = -position - 1 WHERE source = ? AND position < 0", arguments: [key])
            return true
        }
    }
}
