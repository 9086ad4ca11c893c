import Foundation
import GRDB

/// Damage done to a database file the way a bad disk does it: a page overwritten in place.
enum DamagedPages {
    /// The pages of `name` (a table or an index) of type `type` (`leaf`, `internal`) in the
    /// database file at `path`, in order, from SQLite's `dbstat`.
    static func pages(of name: String, type: String = "leaf", in path: String) throws -> [Int] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = ? ORDER BY pageno", arguments: [name, type])
        }
    }

    /// Overwrites page `page` (1-based, 4096 bytes, SQLite's default) of the file at `path`.
    static func overwrite(page: Int, of path: String) throws {
        try overwrite(path, at: (page - 1) * 4096, count: 4096)
    }

    /// Overwrites `count` bytes of the file at `path` from `offset` with a pattern no page has.
    static func overwrite(_ path: String, at offset: Int, count: Int) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data((0..<count).map { UInt8(truncatingIfNeeded: 0xA5 &+ $0 * 7) }))
    }
}
