import Foundation
import GRDB

/// One source's stored persons read a little at a time, for a list too long to hold: the count,
/// a range by position, where an id is, and which positions a search matches.
///
/// The row reads are synchronous, for the main actor's list drawing: each is one indexed query
/// on the WAL pool (a page is being written meanwhile without blocking it) and takes well under
/// a millisecond for a screenful; only a read in the launch's first milliseconds, while the pool
/// is still opening (``RoloDatabase/init(openingIn:)``), waits for the open. The search reads the
/// folded `search` column into memory and runs off the main actor.
public struct StoredRows<Person: Codable & Sendable & Identifiable>: Sendable {
    /// The database the rows are read from.
    public let database: RoloDatabase
    /// The source whose rows these are.
    public let source: String

    /// Rows of `source` in `database`.
    public init(database: RoloDatabase, source: String) {
        self.database = database
        self.source = source
    }

    /// How many persons are stored.
    public func count() throws -> Int {
        try read { db in try PersonStore<Person>.nextPosition(db, source) }
    }

    /// The persons at positions `range`, in order; fewer when the range runs past the end.
    public func persons(_ range: Range<Int>) throws -> [Person] {
        let payloads = try read { db in
            try Data.fetchAll(
                db,
                sql: "SELECT payload FROM person WHERE source = ? AND position >= ? AND position < ? ORDER BY position",
                arguments: [source, range.lowerBound, range.upperBound])
        }
        return try decode(payloads)
    }

    /// The persons at `positions`, in the order given (a filtered list's slice).
    public func persons(atPositions positions: [Int]) throws -> [Person] {
        guard !positions.isEmpty else { return [] }
        let rows = try read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT position, payload FROM person WHERE source = ? AND position IN (\(databaseQuestionMarks(count: positions.count)))",
                arguments: StatementArguments([source] + positions.map { $0 as any DatabaseValueConvertible }))
        }
        var byPosition: [Int: Data] = [:]
        for row in rows { byPosition[row["position"]] = row["payload"] }
        return try decode(positions.compactMap { byPosition[$0] })
    }

    /// The position of the person with `id`; nil when none is stored.
    public func position(ofID id: String) throws -> Int? {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT position FROM person WHERE source = ? AND id = ?", arguments: [source, id])
        }
    }

    /// The positions, in order, of the persons whose search text holds `term` (folded the same
    /// way, so case and accents don't matter), found as the list's `/` finds them: in the index
    /// of every stored person's search text (``SearchIndex``), read off the caller's actor.
    public func positions(matching term: String, everyWord: Bool = false) async throws -> [Int] {
        guard let found = try await searchIndex().positions(matching: term, everyWord: everyWord) else {
            throw CancellationError()
        }
        return found
    }

    /// The folded search text of the persons from `position` on, in order, as an index held in
    /// memory (``StoredSearchIndex``).
    public func searchIndex(from position: Int = 0) async throws -> SearchIndex {
        let source = self.source
        do {
            return try await database.read { db in
                try SearchIndex.fetch(
                    db, sql: "SELECT search FROM person WHERE source = ? AND position >= ? ORDER BY position",
                    arguments: [source, position])
            }
        } catch {
            throw StoreError.cantRead(source, reason: StoreError.reason(error))
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch {
            throw StoreError.cantRead(source, reason: StoreError.reason(error))
        }
    }

    private func decode(_ payloads: [Data]) throws -> [Person] {
        do {
            let decoder = PersonStore<Person>.decoder()
            return try payloads.map { try decoder.decode(Person.self, from: $0) }
        } catch {
            throw StoreError.cantRead(source, reason: DecodingProblem.from(error).reason)
        }
    }
}
