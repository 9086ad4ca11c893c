import Foundation
import GRDB

/// The stored records of a configured source's lookups (`custom_lookup`), by lookup name and id.
///
/// A lookup's list is replaced whole in one transaction once it is fetched whole, so a fetch
/// cut short (or failed) leaves the last whole list in place.
public struct LookupStore: Sendable {
    /// The store of the source's own records, whose database and key these rows share.
    public let records: RecordStore

    /// The source key the rows are stored under: `records`' own, unless given.
    let key: String

    /// The store of the looked-up records of `records`' source, beside them, under `key` when
    /// given: a built-in source's lookups are kept under its own key (`pipedrive`).
    public init(beside records: RecordStore, key: String? = nil) {
        self.records = records
        self.key = key ?? records.key
    }

    var database: RoloDatabase { records.database }
    var source: RecordSource { records.source }

    /// Replaces the stored records of the lookup named `lookup` with `records`; where the
    /// source's search reaches into them, the records naming one that came, went or changed are
    /// folded again in the same transaction (``RecordStore/refold(_:_:_:lookup:ids:lookups:)``).
    /// Returns how many records were folded again.
    @discardableResult
    public func replace(_ lookup: String, with records: [JSONRecord]) async throws -> Int {
        let key = self.key, source = self.source, recordKey = self.records.key
        let refolds = key == recordKey && source.searchReachesLookups
        do {
            return try await database.write { db in
                let old = refolds ? try Self.stored(db, key: key, lookup: lookup) : [:]
                // The JSON is written on the writer's thread, not the caller's.
                try db.execute(sql: "DELETE FROM custom_lookup WHERE source = ? AND lookup = ?", arguments: [key, lookup])
                let insert = try db.cachedStatement(
                    sql: "INSERT OR REPLACE INTO custom_lookup (source, lookup, id, json) VALUES (?, ?, ?, ?)")
                var new: [String: String] = [:]
                for record in records {
                    let json = record.value.jsonText
                    try insert.execute(arguments: [key, lookup, record.id, json])
                    new[record.id] = json
                }
                guard refolds, let configured = source.lookups.first(where: { $0.name == lookup }) else { return 0 }
                let changed = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
                guard !changed.isEmpty else { return 0 }
                let values = try Self.values(db, key: key, lookups: source.lookups)
                return try RecordStore.refold(db, key, source, lookup: configured, ids: changed, lookups: values)
            }
        } catch let rebuilt as DatabaseRebuilt {
            throw rebuilt
        } catch {
            throw StoreError(description: "The \(source.name) lookup '\(lookup)' wasn't saved: \(StoreError.reason(error))")
        }
    }

    /// Whether no looked-up record is stored for the source.
    public func isEmpty() async throws -> Bool {
        let key = self.key
        do {
            return try await database.read { db in
                try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM custom_lookup WHERE source = ?)", arguments: [key]) ?? false)
            }
        } catch {
            throw StoreError(description: "The stored \(source.name) lookups can't be read: \(StoreError.reason(error))")
        }
    }

    /// The stored records of the source's configured lookups, by lookup name and id, parsed on a
    /// Dispatch thread; a lookup no longer configured is left out.
    public func values() async throws -> LookupValues {
        let key = self.key, lookups = source.lookups
        let rows: [StoredRow]
        do {
            rows = try await database.read { db in try Self.rows(db, key: key) }
        } catch {
            throw StoreError(description: "The stored \(source.name) lookups can't be read: \(StoreError.reason(error))")
        }
        return try await HeavyWork.run { try Self.values(rows, lookups: lookups) }
    }

    /// The stored lookups under `key`, read and parsed in `db`, in the caller's transaction.
    static func values(_ db: Database, key: String, lookups: [RecordLookup]) throws -> LookupValues {
        try values(rows(db, key: key), lookups: lookups)
    }

    /// A stored looked-up record.
    typealias StoredRow = (lookup: String, id: String, json: String)

    private static func rows(_ db: Database, key: String) throws -> [StoredRow] {
        try Row.fetchAll(db, sql: "SELECT lookup, id, json FROM custom_lookup WHERE source = ?", arguments: [key])
            .map { (lookup: $0["lookup"] as String, id: $0["id"] as String, json: $0["json"] as String) }
    }

    /// The rows of the lookups still configured, parsed.
    private static func values(_ rows: [StoredRow], lookups: [RecordLookup]) throws -> LookupValues {
        var records: [String: [String: JSONValue]] = [:]
        let names = Set(lookups.map(\.name))
        for row in rows where names.contains(row.lookup) {
            records[row.lookup, default: [:]][row.id] = try JSONValue.parse(Data(row.json.utf8))
        }
        return LookupValues(lookups: lookups, records: records)
    }

    /// The JSON of the stored records of `lookup`, by id.
    private static func stored(_ db: Database, key: String, lookup: String) throws -> [String: String] {
        var stored: [String: String] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT id, json FROM custom_lookup WHERE source = ? AND lookup = ?", arguments: [key, lookup])
        while let row = try rows.next() { stored[row["id"]] = row["json"] }
        return stored
    }
}
