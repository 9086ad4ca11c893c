import Foundation
import GRDB

/// The stored records read a few at a time, for a list too long to hold: the count, records by
/// position, where an id is, and the texts a `group`/`sort` orders by.
///
/// The synchronous reads are for the main actor's list drawing: each is
/// one indexed query on the WAL pool and a screenful's JSON parsed, well under a millisecond.
extension RecordStore {
    /// How many records are stored, read now.
    public func storedCount() throws -> Int {
        let key = self.key
        return try readNow { db in
            try Int.fetchOne(
                db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM custom_record WHERE source = ?", arguments: [key]) ?? 0
        }
    }

    /// The records at positions `range`, in order, details merged; fewer past the end.
    public func storedRecords(_ range: Range<Int>) throws -> [JSONRecord] {
        let key = self.key
        let rows = try readNow { db in
            try StoredRecordRow.fetchAll(db, where: "r.position >= ? AND r.position < ? ORDER BY r.position",
                                         arguments: [key, range.lowerBound, range.upperBound])
        }
        return try StoredRecordRow.parse(rows, source: source.name)
    }

    /// The records at `positions`, in the order given; those not stored are left out.
    public func storedRecords(atPositions positions: [Int]) throws -> [JSONRecord] {
        guard !positions.isEmpty else { return [] }
        let key = self.key
        let rows = try readNow { db in
            try StoredRecordRow.fetchAll(
                db, where: "r.position IN (\(databaseQuestionMarks(count: positions.count)))",
                arguments: StatementArguments([key] + positions.map { $0 as any DatabaseValueConvertible }))
        }
        var byPosition: [Int: StoredRecordRow] = [:]
        for row in rows { byPosition[row.position] = row }
        return try StoredRecordRow.parse(positions.compactMap { byPosition[$0] }, source: source.name)
    }

    /// The position of the record `id`; nil when it isn't stored.
    public func position(ofID id: String) throws -> Int? {
        let key = self.key
        return try readNow { db in
            try Int.fetchOne(db, sql: "SELECT position FROM custom_record WHERE source = ? AND id = ?", arguments: [key, id])
        }
    }

    /// The listed JSON text, no detail merged, of those of `ids` that are stored, by id.
    public func listedTexts(ofIDs ids: Set<String>) throws -> [String: String] {
        guard !ids.isEmpty else { return [:] }
        let key = self.key
        return try readNow { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, json FROM custom_record WHERE source = ? AND id IN (\(databaseQuestionMarks(count: ids.count)))",
                arguments: StatementArguments([key] + ids.map { $0 as any DatabaseValueConvertible }))
            return Dictionary(rows.map { ($0["id"] as String, $0["json"] as String) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Which of `ids` are stored.
    public func storedIDs(among ids: Set<String>) throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        let key = self.key
        return try readNow { db in
            Set(try String.fetchAll(
                db, sql: "SELECT id FROM custom_record WHERE source = ? AND id IN (\(databaseQuestionMarks(count: ids.count)))",
                arguments: StatementArguments([key] + ids.map { $0 as any DatabaseValueConvertible })))
        }
    }

    /// The first `limit` records, in order, among those with `ids` (details merged).
    public func storedRecords(withIDs ids: Set<String>, limit: Int) throws -> [JSONRecord] {
        guard !ids.isEmpty else { return [] }
        let key = self.key
        let rows = try readNow { db in
            try StoredRecordRow.fetchAll(
                db, where: "r.id IN (\(databaseQuestionMarks(count: ids.count))) ORDER BY r.position LIMIT ?",
                arguments: StatementArguments([key] + ids.map { $0 as any DatabaseValueConvertible } + [limit]))
        }
        return try StoredRecordRow.parse(rows, source: source.name)
    }

    /// The `group` and `sort` texts of the records from position `from` on, in order, details
    /// merged and paths into `lookups` resolved (nil for a setting the source hasn't): what the list is arranged by. Read and
    /// rendered a block at a time off the caller's actor, so no more than a block's records are
    /// held at once.
    @concurrent
    public func arrangeTexts(from: Int, lookups: LookupValues = .none) async throws -> (groups: [String]?, sorts: [String]?) {
        let (group, sort) = (source.group, source.sort)
        var groups: [String]? = group == nil ? nil : []
        var sorts: [String]? = sort == nil ? nil : []
        var start = from
        while true {
            let block = try await records(start..<start + Self.arrangeBlock)
            try Task.checkCancellation()
            if let group { groups?.append(contentsOf: block.map { group.render($0.value, lookups: lookups) }) }
            if let sort { sorts?.append(contentsOf: block.map { sort.render($0.value, lookups: lookups) }) }
            guard block.count == Self.arrangeBlock else { return (groups, sorts) }
            start += block.count
        }
    }

    /// Records rendered at once by ``arrangeTexts(from:)``.
    static let arrangeBlock = 5_000

    private func readNow<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch {
            throw cantRead(error)
        }
    }
}
