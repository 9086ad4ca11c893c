import Foundation
import GRDB
import GRDBSQLite

extension SearchIndex {
    /// The index of the folded search text in the first column of the rows `sql` selects, a
    /// row a record, in their order. The statement is stepped by hand and each key's bytes
    /// copied from SQLite straight into the index: a GRDB row, or a string, made for each of
    /// 100,000 rows would cost more than the read.
    static func fetch(_ db: Database, sql: String, arguments: StatementArguments) throws -> SearchIndex {
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        var index = SearchIndex()
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                // The text first, then its length, as SQLite asks.
                let text = sqlite3_column_text(handle, 0)
                index.append(key: UnsafeRawBufferPointer(start: text, count: text == nil ? 0 : Int(sqlite3_column_bytes(handle, 0))))
            case SQLITE_DONE:
                return index
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
        }
    }
}
