import Foundation
import GRDB

extension SearchIndex {
    /// The index of the folded search text in the first column of the rows `sql` selects, a
    /// row a record, in their order. Each key is copied from SQLite's row into the index as it
    /// is: a string made for each of 100,000 rows would cost more than the read.
    static func fetch(_ db: Database, sql: String, arguments: StatementArguments) throws -> SearchIndex {
        var index = SearchIndex()
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            try row.withUnsafeData(atIndex: 0) { key in
                guard let key else { return index.append(key: "") }
                key.withUnsafeBytes { index.append(key: $0) }
            }
        }
        return index
    }
}
