import Foundation
import GRDB

/// A stored record as read from `custom_record`: its id and JSON, with the JSON of the detail
/// kept for it as listed (nil for none), before either is parsed.
struct StoredRecordRow: Sendable {
    var id: String
    var json: String
    var detail: String?
    var position: Int

    /// The source's rows (`arguments` begins with its key) matching `condition` on `r`, the
    /// record table, with their details joined.
    static func fetchAll(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [StoredRecordRow] {
        let statement = try db.cachedStatement(sql: """
            SELECT r.id, r.json, d.json AS detail, r.position FROM custom_record r
            LEFT JOIN custom_detail d ON d.source = r.source AND d.id = r.id AND d.listed = r.json
            WHERE r.source = ? AND \(condition)
            """)
        return try Row.fetchAll(statement, arguments: arguments).map {
            StoredRecordRow(id: $0[0], json: $0[1], detail: $0[2], position: $0[3])
        }
    }

    /// The records of `rows`, each detail merged over its listed record; a row that isn't
    /// JSON is an error naming it.
    static func parse(_ rows: [StoredRecordRow], source name: String) throws -> [JSONRecord] {
        try rows.map { row in
            do {
                let listed = try JSONValue.parse(Data(row.json.utf8))
                guard let detail = row.detail else { return JSONRecord(id: row.id, value: listed) }
                return JSONRecord(id: row.id, value: listed.merging(try JSONValue.parse(Data(detail.utf8))))
            } catch {
                throw StoreError(description: "The stored \(name) record \(row.id) isn't JSON (\(error)) — r fetches the list again")
            }
        }
    }
}
