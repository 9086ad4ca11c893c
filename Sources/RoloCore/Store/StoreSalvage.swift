import Foundation
import GRDB

/// Copies what still reads of a damaged rolo database into a new one, table by table and row
/// by row, skipping what can't be read, so that a heal keeps the stored records it can and the
/// syncs fetch only the rest.
///
/// It reads a scratch copy of the damaged file (and its WAL), so the copy moved aside stays as
/// it was found; a damaged header is written anew first (``DatabaseHeader``). Each table is read
/// in rowid order, a block at a time; where a read fails, the next readable rowid is found by
/// seeking past the damaged page (doubling the jump, then halving back to its first row).
/// Indexes, the search index and the schema are the new file's own.
///
/// Then the stored lists are made whole again: positions are renumbered without gaps, and where
/// a table lost rows the sources that page by cursor forget their state, so their next sync
/// starts from the first page and adds what is missing (stored ids are skipped). A source that
/// pages by seed (randomuser) keeps its state: a new seed would be another list.
enum StoreSalvage {
    /// What a salvage kept.
    struct Outcome: Equatable {
        /// Persons and configured sources' records copied.
        var records: Int
        /// Whether some of the file couldn't be read.
        var lostSome: Bool
    }

    /// The tables copied, states first; the rest of the schema is the new file's own.
    static let tables = ["source_state", "custom_lookup", "person", "custom_record", "record_change", "record_look"]
    /// Tables that hold stored lists: one row per record, `position` counted per source.
    private static let lists: Set<String> = ["person", "custom_record"]
    /// Rows read at a time.
    static let block = 1000

    /// Copies what reads of the damaged database at `damaged` into `pool` (new and empty).
    static func copy(from damaged: String, into pool: DatabasePool) -> Outcome {
        let files = FileManager.default
        let scratch = files.temporaryDirectory.appendingPathComponent("rolo-salvage-\(UUID().uuidString)").path
        defer { try? files.removeItem(atPath: scratch) }
        let path = scratch + "/" + RoloDatabase.fileName
        do {
            try files.createDirectory(atPath: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for suffix in ["", "-wal"] where files.fileExists(atPath: damaged + suffix) {
                try files.copyItem(atPath: damaged + suffix, toPath: path + suffix)
            }
            try DatabaseHeader.repair(path)
        } catch {
            return Outcome(records: 0, lostSome: true)
        }
        // writable_schema: SQLite then reads a file cut shorter than its header says, up to
        // where it ends, instead of refusing it whole. Nothing is written to the scratch copy.
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA writable_schema = ON") }
        guard let old = try? DatabaseQueue(path: path, configuration: configuration) else {
            return Outcome(records: 0, lostSome: true)
        }
        var lost: Set<String> = []
        for table in tables {
            if !copyTable(table, from: old, into: pool) { lost.insert(table) }
        }
        let records = (try? pool.write { db in
            try settle(db, lost: lost)
            return try lists.sorted().reduce(0) { $0 + (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($1)") ?? 0) }
        }) ?? 0
        try? old.close()
        return Outcome(records: records, lostSome: !lost.isEmpty)
    }

    /// Copies the rows of `table` that read into a temporary table of `pool`'s writer, then
    /// into `table`. Returns false when some couldn't be read.
    private static func copyTable(_ table: String, from old: DatabaseQueue, into pool: DatabasePool) -> Bool {
        guard let columns = try? pool.write({ db -> [ColumnInfo] in
            try db.execute(sql: "DROP TABLE IF EXISTS temp.salvaged; CREATE TEMP TABLE salvaged AS SELECT * FROM \(table) WHERE 0")
            return try db.columns(in: table)
        }) else { return false }
        // custom_record's `number` is the search index's rowid: the new file numbers anew.
        let names = columns.map(\.name).filter { !(table == "custom_record" && $0 == "number") }
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let exists = (try? old.read { db in try db.tableExists(table) }) ?? false
        var whole = exists
        if exists {
            var after = Int64.min
            while true {
                let (rows, last, failed) = readBlock(table, list, after: after, from: old)
                whole = whole && !failed
                _ = try? pool.write { db in
                    let insert = try db.cachedStatement(
                        sql: "INSERT INTO temp.salvaged (\(list)) VALUES (\(databaseQuestionMarks(count: names.count)))")
                    for row in rows { try insert.execute(arguments: StatementArguments(row)) }
                }
                if !failed {
                    guard rows.count == block, let last else { break }
                    after = last
                    continue
                }
                let from = last ?? after
                guard let next = nextReadable(table, after: from, in: old) else { break }
                // A row that seeks but doesn't read (its overflow page is gone) is stepped over.
                after = next > from &+ 1 ? next - 1 : next
            }
        }
        let copied: Void? = try? pool.write { db in
            try db.execute(sql: finalCopy(table, names: names, columns: columns))
            try db.execute(sql: "DROP TABLE temp.salvaged")
        }
        return whole && copied != nil
    }

    /// Up to ``block`` rows after rowid `after`: those read before any failure, the last one's
    /// rowid, and whether the read failed.
    private static func readBlock(
        _ table: String, _ list: String, after: Int64, from old: DatabaseQueue
    ) -> (rows: [[DatabaseValue]], last: Int64?, failed: Bool) {
        var rows: [[DatabaseValue]] = []
        var last: Int64?
        do {
            try old.read { db in
                let cursor = try Row.fetchCursor(
                    db, sql: "SELECT rowid, \(list) FROM \(table) WHERE rowid > ? ORDER BY rowid LIMIT \(block)",
                    arguments: [after])
                while let row = try cursor.next() {
                    last = row[0]
                    rows.append(Array(row.databaseValues.dropFirst()))
                }
            }
            return (rows, last, false)
        } catch {
            return (rows, last, true)
        }
    }

    /// The first rowid above `after` whose page reads; nil when none does.
    private static func nextReadable(_ table: String, after: Int64, in old: DatabaseQueue) -> Int64? {
        /// The first rowid from `rowid` on: `.some(nil)` past the last, nil when the seek fails.
        func seek(_ rowid: Int64) -> Int64?? {
            do {
                return .some(try old.read { db in
                    try Int64.fetchOne(db, sql: "SELECT rowid FROM \(table) WHERE rowid >= ? ORDER BY rowid LIMIT 1", arguments: [rowid])
                })
            } catch {
                return nil
            }
        }
        var failing = after
        var step: Int64 = 1
        var reads: Int64?
        while reads == nil {
            let (probe, overflow) = after.addingReportingOverflow(step)
            if overflow { return nil }
            if seek(probe) != nil { reads = probe } else { failing = probe }
            guard step < Int64.max / 2 else { break }
            step *= 2
        }
        var low = failing
        guard var high = reads else { return nil }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if seek(middle) != nil { high = middle } else { low = middle }
        }
        return seek(high) ?? nil
    }

    /// The copy from the temporary table into `table`: rows missing a required value left out,
    /// and a list's rows counted again from 0 per source, in their old order, one per id.
    private static func finalCopy(_ table: String, names: [String], columns: [ColumnInfo]) -> String {
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let required = columns.filter { $0.isNotNull && names.contains($0.name) }.map { "\"\($0.name)\" IS NOT NULL" }
        let whole = required.isEmpty ? "1" : required.joined(separator: " AND ")
        guard lists.contains(table) else {
            return "INSERT OR IGNORE INTO \(table) (\(list)) SELECT \(list) FROM temp.salvaged WHERE \(whole)"
        }
        let renumbered = names.map { $0 == "position" ? "ROW_NUMBER() OVER (PARTITION BY source ORDER BY position) - 1" : "\"\($0)\"" }
        return """
            INSERT OR IGNORE INTO \(table) (\(list))
            SELECT \(renumbered.joined(separator: ", ")) FROM (
                SELECT *, ROW_NUMBER() OVER (PARTITION BY source, id ORDER BY position) AS copy FROM temp.salvaged
                WHERE \(whole)
            ) WHERE copy = 1
            """
    }

    /// Where a table lost rows, the cursor-paged sources of it forget their state, so their
    /// next sync starts over and adds what is missing.
    private static func settle(_ db: Database, lost: Set<String>) throws {
        let custom = StoreError.customPrefix + "%"
        if !lost.isDisjoint(with: ["person", "source_state"]) {
            try db.execute(sql: "DELETE FROM source_state WHERE seed IS NULL AND source NOT LIKE ?", arguments: [custom])
        }
        if !lost.isDisjoint(with: ["custom_record", "source_state"]) {
            try db.execute(sql: "DELETE FROM source_state WHERE source LIKE ?", arguments: [custom])
        }
    }
}
