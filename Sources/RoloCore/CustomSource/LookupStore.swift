import Foundation
import GRDB

/// The stored records of a configured source's lookups (`custom_lookup`), by lookup name and id.
///
/// A lookup's list is replaced whole in one transaction once it is fetched whole, so a fetch
/// cut short (or failed) leaves the last whole list in place.
public struct LookupStore: Sendable {
    /// The store of the source's own records, whose database and key these rows share.
    public let records: CustomRecordStore

    /// The source key the rows are stored under: `records`' own, unless given.
    let key: String

    /// The store of the looked-up records of `records`' source, beside them, under `key` when
    /// given: a built-in source's lookups are kept under its own key (`pipedrive`).
    public init(beside records: CustomRecordStore, key: String? = nil) {
        self.records = records
        self.key = key ?? records.key
    }

    var database: RoloDatabase { records.database }
    var source: CustomSource { records.source }

    /// Replaces the stored records of the lookup named `lookup` with `records`.
    public func replace(_ lookup: String, with records: [CustomRecord]) async throws {
        let key = self.key
        do {
            try await database.write { db in
                // The JSON is written on the writer's thread, not the caller's.
                try db.execute(sql: "DELETE FROM custom_lookup WHERE source = ? AND lookup = ?", arguments: [key, lookup])
                let insert = try db.cachedStatement(
                    sql: "INSERT OR REPLACE INTO custom_lookup (source, lookup, id, json) VALUES (?, ?, ?, ?)")
                for record in records { try insert.execute(arguments: [key, lookup, record.id, record.value.jsonText]) }
            }
        } catch let rebuilt as DatabaseRebuilt {
            throw rebuilt
        } catch {
            throw StoreError(description: "The \(source.name) lookup '\(lookup)' wasn't saved: \(StoreError.reason(error))")
        }
    }

    /// The stored records of the source's configured lookups, by lookup name and id, parsed on a
    /// Dispatch thread; a lookup no longer configured is left out.
    public func values() async throws -> LookupValues {
        let key = self.key, lookups = source.lookups
        let rows: [(lookup: String, id: String, json: String)]
        do {
            rows = try await database.read { db in
                try Row.fetchAll(db, sql: "SELECT lookup, id, json FROM custom_lookup WHERE source = ?", arguments: [key])
                    .map { (lookup: $0["lookup"] as String, id: $0["id"] as String, json: $0["json"] as String) }
            }
        } catch {
            throw StoreError(description: "The stored \(source.name) lookups can't be read: \(StoreError.reason(error))")
        }
        return try await HeavyWork.run {
            var records: [String: [String: JSONValue]] = [:]
            let names = Set(lookups.map(\.name))
            for row in rows where names.contains(row.lookup) {
                records[row.lookup, default: [:]][row.id] = try JSONValue.parse(Data(row.json.utf8))
            }
            return LookupValues(lookups: lookups, records: records)
        }
    }
}
