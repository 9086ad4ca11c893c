import Foundation
import GRDBSQLite

/// The launch's read of one source's stored page, through SQLite's C API on a read-only
/// connection of its own: what ``PersonStore/snapshot(_:picking:)`` reads, without waiting for
/// the pool. Opening the pool (its connections' set-up, the WAL's, the migrations' check, and
/// GRDB's first use of Foundation's calendar for a date column) takes 4 ms, on the launch's
/// critical path; this read takes a fraction of that, and the pool opens beside the first frame.
///
/// It gives up (nil) rather than guess: no file, a database another version of rolo migrated
/// (its migrations aren't exactly this one's), a value of an unexpected type or form, a busy
/// lock. The caller then reads through the pool.
enum LaunchRead {
    /// `source`'s state, its stored count and the payloads at the positions `pick` chooses,
    /// read in one transaction from the database file at `path`; nil when the read gave up.
    static func snapshot(
        path: String, source: String, migrations: [String], picking pick: (SourceState?, Int) -> Range<Int>?
    ) -> (state: SourceState?, count: Int, payloads: [Data])? {
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
              let db = handle
        else { return nil }
        // A writer's commit or a first connection's WAL recovery holds a lock for a moment.
        sqlite3_busy_timeout(db, 100)
        guard execute(db, "BEGIN") else { return nil }
        defer { _ = execute(db, "COMMIT") }
        guard let applied = strings(db, "SELECT identifier FROM grdb_migrations"),
              applied.count == migrations.count, Set(applied) == Set(migrations)
        else { return nil }
        guard let state = state(db, source),
              let count = integer(db, "SELECT COALESCE(MAX(position) + 1, 0) FROM person WHERE source = ?", source)
        else { return nil }
        guard let range = pick(state, count) else { return (state, count, []) }
        guard let payloads = payloads(db, source, range) else { return nil }
        return (state, count, payloads)
    }

    /// `source`'s `source_state` row; `.some(nil)` when it has none, nil when it can't be read
    /// as rolo writes it.
    private static func state(_ db: OpaquePointer, _ source: String) -> SourceState?? {
        let sql = "SELECT seed, pages_stored, total, complete, cursor, fetched_at FROM source_state WHERE source = ?"
        return query(db, sql, source) { statement -> SourceState?? in
            switch sqlite3_step(statement) {
            case SQLITE_DONE:
                return .some(nil)
            case SQLITE_ROW:
                guard let seed = optionalText(statement, 0),
                      sqlite3_column_type(statement, 1) == SQLITE_INTEGER,
                      let total = optionalInteger(statement, 2),
                      sqlite3_column_type(statement, 3) == SQLITE_INTEGER,
                      let cursor = optionalText(statement, 4),
                      let fetched = text(statement, 5), let fetchedAt = storedDate(fetched)
                else { return nil }
                let state = SourceState(
                    source: source, seed: seed, pagesStored: Int(sqlite3_column_int64(statement, 1)), total: total,
                    complete: sqlite3_column_int64(statement, 3) != 0, cursor: cursor, fetchedAt: fetchedAt)
                return .some(state)
            default:
                return nil
            }
        } ?? nil
    }

    private static func payloads(_ db: OpaquePointer, _ source: String, _ range: Range<Int>) -> [Data]? {
        let sql = "SELECT payload FROM person WHERE source = ? AND position >= ? AND position < ? ORDER BY position"
        return query(db, sql, source, bind: { statement in
            sqlite3_bind_int64(statement, 2, Int64(range.lowerBound)) == SQLITE_OK
                && sqlite3_bind_int64(statement, 3, Int64(range.upperBound)) == SQLITE_OK
        }) { statement -> [Data]? in
            var payloads: [Data] = []
            while true {
                switch sqlite3_step(statement) {
                case SQLITE_DONE:
                    return payloads
                case SQLITE_ROW:
                    let type = sqlite3_column_type(statement, 0)
                    guard type == SQLITE_BLOB || type == SQLITE_TEXT else { return nil }
                    // The pointer first, then the length: asking for the bytes may convert.
                    let bytes = sqlite3_column_blob(statement, 0)
                    let length = Int(sqlite3_column_bytes(statement, 0))
                    payloads.append(bytes.map { Data(bytes: $0, count: length) } ?? Data())
                default:
                    return nil
                }
            }
        } ?? nil
    }

    /// A date as GRDB stores one: "yyyy-MM-dd HH:mm:ss.SSS", in UTC. Any other form, or a year
    /// before 1600 (Foundation's calendar counts those as Julian, this as Gregorian): nil.
    static func storedDate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 23, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              bytes[19] == UInt8(ascii: ".")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              let millisecond = number(20..<23),
              year >= 1600, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        // From 2001, as Foundation's calendar counts (and GRDB's date is), so the sum rounds the
        // same way: counted from 1970, a fifth of dates would come out one bit apart.
        return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + Double(millisecond) / 1_000)
    }

    // MARK: - SQLite

    private static func execute(_ db: OpaquePointer, _ sql: String) -> Bool {
        sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK
    }

    /// Prepares `sql`, binds `source` to its first parameter (and whatever `bind` adds), and
    /// gives the statement to `body`; nil when it can't be prepared or bound.
    private static func query<T>(
        _ db: OpaquePointer, _ sql: String, _ source: String? = nil,
        bind: (OpaquePointer) -> Bool = { _ in true }, _ body: (OpaquePointer) -> T
    ) -> T? {
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &prepared, nil) == SQLITE_OK, let statement = prepared else { return nil }
        defer { sqlite3_finalize(statement) }
        if let source {
            // SQLITE_TRANSIENT: SQLite copies the text before this call returns.
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            guard sqlite3_bind_text(statement, 1, source, -1, transient) == SQLITE_OK else { return nil }
        }
        guard bind(statement) else { return nil }
        return body(statement)
    }

    private static func strings(_ db: OpaquePointer, _ sql: String) -> [String]? {
        query(db, sql) { statement -> [String]? in
            var values: [String] = []
            while true {
                switch sqlite3_step(statement) {
                case SQLITE_DONE: return values
                case SQLITE_ROW:
                    guard let value = text(statement, 0) else { return nil }
                    values.append(value)
                default: return nil
                }
            }
        } ?? nil
    }

    private static func integer(_ db: OpaquePointer, _ sql: String, _ source: String) -> Int? {
        query(db, sql, source) { statement -> Int? in
            guard sqlite3_step(statement) == SQLITE_ROW, sqlite3_column_type(statement, 0) == SQLITE_INTEGER else { return nil }
            return Int(sqlite3_column_int64(statement, 0))
        } ?? nil
    }

    private static func text(_ statement: OpaquePointer, _ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) == SQLITE_TEXT, let pointer = sqlite3_column_text(statement, column) else {
            return nil
        }
        let length = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    /// A text column that may be NULL: `.some(nil)` for NULL, nil for any other type.
    private static func optionalText(_ statement: OpaquePointer, _ column: Int32) -> String?? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? .some(nil) : text(statement, column).map { $0 }
    }

    private static func optionalInteger(_ statement: OpaquePointer, _ column: Int32) -> Int?? {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL: return .some(nil)
        case SQLITE_INTEGER: return .some(Int(sqlite3_column_int64(statement, column)))
        default: return nil
        }
    }
}
