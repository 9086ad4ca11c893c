import Foundation
import GRDB

/// The stored persons of paged sources, kept in the source's order and read a range at a time.
///
/// Each person is kept as JSON (its `Codable` form) with its id and a display name for sorting
/// and searching. A page and the source's ``SourceState`` are written in one transaction, so a
/// kill or an error mid-write leaves the last good state: never half a page, never a state that
/// counts rows that aren't there.
public struct PersonStore<Person: Codable & Sendable & Identifiable>: Sendable {
    /// The database the persons live in.
    public let database: RoloDatabase

    /// A store over `database`.
    public init(database: RoloDatabase) {
        self.database = database
    }

    /// How many persons `source` has stored.
    public func count(_ source: String) async throws -> Int {
        try await read(source) { db in try Self.nextPosition(db, source) }
    }

    /// The persons of `source` counted by reading each one's row, not the index alone: a damaged
    /// page is found, and the store healed, before the count is said (`rolo dump`'s notice).
    public func countReadingRows(_ source: String) async throws -> Int {
        try await read(source) { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM person WHERE source = ? AND length(payload) >= 0", arguments: [source]) ?? 0
        }
    }

    /// The persons of `source` at positions `range` (0-based, in the source's order); fewer when
    /// the range runs past the end.
    public func persons(_ source: String, range: Range<Int>) async throws -> [Person] {
        try decode(source, try await read(source) { db in try Self.payloads(db, source, range) })
    }

    /// What is known about `source`'s stored list; `nil` when nothing was ever stored.
    public func state(_ source: String) async throws -> SourceState? {
        try await read(source) { db in try SourceStateRecord.stored(db, source)?.state }
    }

    /// `source`'s state and stored count, read together.
    public func totals(_ source: String) async throws -> (state: SourceState?, count: Int) {
        try await read(source) { db in
            (try SourceStateRecord.stored(db, source)?.state, try Self.nextPosition(db, source))
        }
    }

    /// `source`'s state and count, and the persons at the positions `pick` chooses from them
    /// (none when it gives nil), in one read: a consistent view, and one trip to the database
    /// thread instead of three for a page shown from storage.
    public func snapshot(
        _ source: String, picking pick: @escaping @Sendable (SourceState?, Int) -> Range<Int>?
    ) async throws -> (state: SourceState?, count: Int, persons: [Person]) {
        try decoded(source, try await read(source) { db in try Self.stored(db, source, picking: pick) })
    }

    /// ``snapshot(_:picking:)`` as the launch reads it, before the first frame: on the calling
    /// thread, from the database file itself on a read-only connection of its own
    /// (``LaunchRead``), without waiting for the pool to open. Nil when that read gives up (no
    /// file yet, a database in memory, another version's schema, a lock held): the pool's own
    /// read then follows. Throws when a stored person can't be decoded.
    public func launchSnapshot(
        _ source: String, picking pick: (SourceState?, Int) -> Range<Int>?
    ) throws -> (state: SourceState?, count: Int, persons: [Person])? {
        guard database.path != RoloDatabase.memoryPath,
              let read = LaunchRead.snapshot(
                path: database.path, source: source, migrations: RoloDatabase.migrator.migrations, picking: pick)
        else { return nil }
        return try decoded(source, (read.state, read.count, read.payloads))
    }

    private static func stored(
        _ db: Database, _ source: String, picking pick: (SourceState?, Int) -> Range<Int>?
    ) throws -> (SourceState?, Int, [Data]) {
        let state = try SourceStateRecord.stored(db, source)?.state
        let count = try nextPosition(db, source)
        return (state, count, try pick(state, count).map { try payloads(db, source, $0) } ?? [])
    }

    private func decoded(
        _ source: String, _ stored: (SourceState?, Int, [Data])
    ) throws -> (state: SourceState?, count: Int, persons: [Person]) {
        (stored.0, stored.1, try decode(source, stored.2))
    }

    private static func payloads(_ db: Database, _ source: String, _ range: Range<Int>) throws -> [Data] {
        try Data.fetchAll(
            db,
            sql: "SELECT payload FROM person WHERE source = ? AND position >= ? AND position < ? ORDER BY position",
            arguments: [source, range.lowerBound, range.upperBound])
    }

    private func decode(_ source: String, _ payloads: [Data]) throws -> [Person] {
        do {
            let decoder = Self.decoder()
            return try payloads.map { try decoder.decode(Person.self, from: $0) }
        } catch {
            throw StoreError.cantRead(source, reason: DecodingProblem.from(error).reason)
        }
    }

    /// Appends a fetched page to `source` and records the new state, in one transaction.
    ///
    /// Persons whose id is already stored are skipped, so a page that overlaps the stored rows
    /// (a partial page fetched again) adds only the new ones. `names[i]` is `persons[i]`'s
    /// display name. Returns the persons actually added, in order.
    @discardableResult
    public func appendPage(
        _ source: String, persons: [Person], names: [String], page: Int, seed: String?,
        complete: Bool, cursor: String?, total: Int? = nil, at date: Date = Date()
    ) async throws -> [Person] {
        try await write(source, persons: persons, names: names) { db, rows in
            try Self.append(db, source, rows, at: date)
            try Self.saveState(db, source, page: page, seed: seed, complete: complete, cursor: cursor, total: total, at: date)
        }
    }

    /// Drops `source`'s rows and state and stores `firstPage` as page 1, in one transaction: the
    /// `r` refresh. Until it commits, the old list stays whole.
    @discardableResult
    public func replaceAll(
        _ source: String, firstPage persons: [Person], names: [String], seed: String?,
        complete: Bool, cursor: String?, total: Int? = nil, at date: Date = Date()
    ) async throws -> [Person] {
        try await write(source, persons: persons, names: names, replacing: true) { db, rows in
            try Self.append(db, source, rows, at: date)
            try Self.saveState(db, source, page: 1, seed: seed, complete: complete, cursor: cursor, total: total, at: date)
        }
    }

    /// Forgets everything stored for `source`.
    public func clear(_ source: String) async throws {
        do {
            try await database.write { db in try Self.delete(db, source) }
        } catch let rebuilt as DatabaseRebuilt {
            throw rebuilt
        } catch {
            throw StoreError.cantSave(source, reason: StoreError.reason(error))
        }
    }

    /// A person ready to insert: encoded inside the transaction, so an encoding failure rolls
    /// the page back with everything else.
    private typealias Entry = (person: Person, name: String, search: String)

    /// Runs `body` with the persons not stored yet, in one transaction. When `replacing`, the
    /// source's rows go first: a refresh brings back the same ids, which must not be taken for
    /// duplicates of the rows they replace.
    private func write(
        _ source: String, persons: [Person], names: [String], replacing: Bool = false,
        _ body: @escaping @Sendable (Database, [Entry]) throws -> Void
    ) async throws -> [Person] {
        guard persons.count == names.count else {
            throw StoreError.namesMismatch(source, persons: persons.count, names: names.count)
        }
        let rows = persons.indices.map {
            (person: persons[$0], name: names[$0], search: SearchKey.fold(names[$0]))
        }
        do {
            return try await database.write { db in
                if replacing { try Self.delete(db, source) }
                let fresh = try Self.unstored(db, source, rows)
                try body(db, fresh)
                return fresh.map(\.person)
            }
        } catch let error as EncodingError {
            throw StoreError.cantSave(source, reason: "a person can't be encoded (\(error))")
        } catch let rebuilt as DatabaseRebuilt {
            throw rebuilt
        } catch {
            throw StoreError.cantSave(source, reason: StoreError.reason(error))
        }
    }

    private func read<T: Sendable>(_ source: String, _ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await database.read(body)
        } catch {
            throw StoreError.cantRead(source, reason: StoreError.reason(error))
        }
    }

    /// `rows` without those whose id is already stored or repeated earlier in `rows`.
    private static func unstored(_ db: Database, _ source: String, _ rows: [Entry]) throws -> [Entry] {
        let ids = rows.map { key($0.person) }
        var seen = try String.fetchSet(
            db,
            PersonRecord.select(Column("id"), as: String.self)
                .filter(Column("source") == source && ids.contains(Column("id"))))
        return rows.filter { seen.insert(key($0.person)).inserted }
    }

    private static func append(_ db: Database, _ source: String, _ rows: [Entry], at date: Date) throws {
        let encoder = encoder()
        var position = try nextPosition(db, source)
        for row in rows {
            let record = PersonRecord(
                source: source, position: position, id: key(row.person),
                payload: try encoder.encode(row.person), name: row.name, search: row.search,
                updatedAt: date)
            try record.insert(db)
            position += 1
        }
    }

    private static func saveState(
        _ db: Database, _ source: String, page: Int, seed: String?, complete: Bool, cursor: String?,
        total: Int?, at date: Date
    ) throws {
        let previous = try SourceStateRecord.stored(db, source)
        let state = SourceState(
            source: source, seed: seed ?? previous?.seed, pagesStored: max(page, previous?.pagesStored ?? 0),
            total: total ?? previous?.total, complete: complete, cursor: cursor, fetchedAt: date)
        try SourceStateRecord(state).save(db)
    }

    private static func delete(_ db: Database, _ source: String) throws {
        try PersonRecord.filter(Column("source") == source).deleteAll(db)
        _ = try SourceStateRecord.deleteOne(db, key: source)
    }

    /// The row count, read as the last position + 1: positions have no gaps (see
    /// `PersonRecord`), and the index answers this at once where `COUNT(*)` scans 100,000 rows.
    static func nextPosition(_ db: Database, _ source: String) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM person WHERE source = ?", arguments: [source]) ?? 0
    }

    static func key(_ person: Person) -> String {
        String(describing: person.id)
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
