import Foundation
import GRDB

/// Where a configured source's stored list stands.
public struct RecordListState: Sendable, Equatable {
    /// Where the next page is; nil once the list is whole.
    public var next: PagingPosition?
    /// The total the server named, when the source says where.
    public var total: Int?
    /// Pages stored in this list.
    public var pagesStored: Int
    /// When the last page was stored: the list's last refresh.
    public var refreshedAt: Date

    /// Whether the list is stored whole.
    public var complete: Bool { next == nil }
}

/// The stored records of one configured source, in the server's order, with the paging
/// position to resume from and each record's folded search text.
///
/// A page and the source's state are written in one transaction, so a stop at any moment
/// leaves the last good state. Records live in `custom_record` (their JSON, position and folded
/// search text), the state in `source_state` under ``key``.
public struct RecordStore: Sendable {
    /// The database the records live in.
    public let database: RoloDatabase
    /// The source whose records these are.
    public let source: RecordSource

    /// The store of `source`'s records in `database`.
    public init(database: RoloDatabase, source: RecordSource) {
        self.database = database
        self.source = source
    }

    /// The key of the source's rows: its name, apart from the built-in sources' keys.
    public var key: String { "custom." + source.name }

    /// Appends `page` and the position after it, in one transaction: what a first listing
    /// stores (a refresh merges, ``merge(_:pass:after:at:lookups:)``). When `replacing`, the
    /// stored records go first. Records whose id is already stored are left out. Returns how
    /// many were added. `lookups`: the stored lookups the search text reaches into
    /// (``searchLookups()``), read here when nil; a sync reads them once for all its pages.
    @discardableResult
    public func append(
        _ page: RecordPage, replacing: Bool = false, at date: Date = Date(), lookups known: LookupValues? = nil
    ) async throws -> Int {
        try await append(page, prepared: try await prepared(page, lookups: known), replacing: replacing, at: date)
    }

    /// The rows `page` stores, made off the writer: a sync makes the next page's while this
    /// one is written (``append(_:prepared:replacing:at:)``). `lookups` as ``append(_:replacing:at:lookups:)``
    /// takes them.
    public func prepared(_ page: RecordPage, lookups known: LookupValues? = nil) async throws -> PreparedRows {
        // Read before the rows are made, off the writer: a search through lookups needs them.
        let lookups = if let known { known } else { try await searchLookups() }
        return PreparedRows(rows: await Self.storingRows(page.records, source: source, lookups: lookups), lookups: lookups)
    }

    /// ``append(_:replacing:at:lookups:)`` of `page` with its rows `prepared`.
    @discardableResult
    public func append(_ page: RecordPage, prepared: PreparedRows, replacing: Bool = false, at date: Date = Date()) async throws -> Int {
        let source = self.source, key = self.key
        let next = try page.next.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let rows = prepared.rows, lookups = prepared.lookups
        do {
            return try await database.write { db in
                if replacing { try Self.delete(db, key) }
                var position = try Self.count(db, key)
                var added = 0
                // One prepared statement, no trigger and no look-up a record: a record already
                // stored is told by the unique (source, id) index refusing it. Details are looked
                // up only for a source that has kept some.
                let insert = try db.cachedStatement(sql: """
                    INSERT INTO custom_record (source, id, position, json, search) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (source, id) DO NOTHING
                    """)
                try Self.keepSearchMark(db, key)
                let hasDetails = try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM custom_detail WHERE source = ?)", arguments: [key]) ?? false
                for row in rows {
                    // A detail kept from before a refresh is searched as the screen shows it.
                    let detail = hasDetails ? try Self.storedDetail(db, key, id: row.record.id, listed: row.json) : nil
                    let search = detail.map { source.searchText(row.record.value.merging($0), lookups: lookups) } ?? row.search
                    try insert.execute(arguments: [key, row.record.id, position, row.json, search])
                    guard db.changesCount > 0 else { continue }
                    position += 1
                    added += 1
                }
                let previous = try SourceStateRecord.stored(db, key)
                let state = SourceState(
                    source: key, seed: nil, pagesStored: (previous?.pagesStored ?? 0) + 1, total: page.total ?? previous?.total,
                    complete: next == nil, cursor: next, fetchedAt: date)
                try SourceStateRecord(state).save(db)
                return added
            }
        } catch let rebuilt as DatabaseRebuilt {
            throw rebuilt
        } catch {
            throw cantSave(error)
        }
    }

    /// The stored lookups the records' search text reaches into (`search = ["org.name"]`);
    /// ``LookupValues/none`` when it reaches none, so most sources read nothing.
    public func searchLookups() async throws -> LookupValues {
        let source = self.source, key = self.key
        guard source.searchReachesLookups else { return .none }
        return try await read { db in try Self.searchLookups(db, key, source) }
    }

    /// Where the stored list stands; nil when nothing was ever stored.
    public func state() async throws -> RecordListState? {
        let key = self.key
        guard let stored = try await read({ db in try SourceStateRecord.stored(db, key) }) else { return nil }
        let next = try stored.cursor.map { try JSONDecoder().decode(PagingPosition.self, from: Data($0.utf8)) }
        return RecordListState(
            next: stored.complete ? nil : next, total: stored.total, pagesStored: stored.pagesStored,
            refreshedAt: stored.fetchedAt)
    }

    /// How many records are stored.
    public func count() async throws -> Int {
        let key = self.key
        return try await read { db in try Self.count(db, key) }
    }

    /// How many records are stored, counted by reading each one's JSON rather than the index
    /// (``count()``): a damaged page is met, and healed, by this read, so a dump's notice counts
    /// what it will dump.
    public func countReadingRows() async throws -> Int {
        let key = self.key
        return try await read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM custom_record WHERE source = ? AND length(json) >= 0", arguments: [key]) ?? 0
        }
    }

    /// The records at positions `range`, in order, each with its stored detail merged over it
    /// (``JSONValue/merging(_:)``); fewer when the range runs past the end. Parsed on a Dispatch
    /// thread.
    public func records(_ range: Range<Int>) async throws -> [JSONRecord] {
        let key = self.key
        let rows = try await read { db in
            try StoredRecordRow.fetchAll(db, where: "r.position >= ? AND r.position < ? ORDER BY r.position",
                                         arguments: [key, range.lowerBound, range.upperBound])
        }
        let name = source.name
        return try await HeavyWork.run { try StoredRecordRow.parse(rows, source: name) }
    }

    /// Every stored record, in order: for `rolo dump` and tests; the list reads in windows.
    public func all() async throws -> [JSONRecord] {
        try await records(0..<Int.max)
    }

    /// The positions, in order, of the records whose search text holds `term`, found as the
    /// list's `/` finds them: by the same in-memory index (``memorySearch()``), folded the same
    /// way, so `rolo dump --search` and the screen can't disagree.
    public func positions(matching term: String) async throws -> [Int] {
        guard let found = try await memorySearch().positions(matching: term) else { throw CancellationError() }
        return found
    }

    /// The folded search text of the records from `position` on, in order, as an index held in
    /// memory: it answers a keystroke at 100,000 records in a few ms, one or two characters
    /// included.
    public func searchIndex(from position: Int = 0) async throws -> SearchIndex {
        let key = self.key
        return try await read { db in
            try SearchIndex.fetch(
                db, sql: "SELECT search FROM custom_record WHERE source = ? AND position >= ? ORDER BY position",
                arguments: [key, position])
        }
    }

    /// The folded search text of the records from `position` on, with the search mark it was
    /// stored under (``SearchIndexFile``), read together.
    func markedSearchIndex(from position: Int) async throws -> (index: SearchIndex, mark: String?) {
        let key = self.key
        return try await read { db in
            let index = try SearchIndex.fetch(
                db, sql: "SELECT search FROM custom_record WHERE source = ? AND position >= ? ORDER BY position",
                arguments: [key, position])
            return (index, try Self.searchMark(db, key))
        }
    }

    /// The list's search: the records' search text read into memory once, after the first frame,
    /// from the file it was kept in (``SearchIndexFile``) while that is current, and grown by the
    /// records stored since at each search (``StoredSearchIndex``).
    /// The file is written once the index holds `rewriteAfter` records more than it.
    public func memorySearch(rewriteAfter: Int = StoredSearchIndex.rewritingAfter) -> StoredSearchIndex {
        StoredSearchIndex(everyWord: false, file: searchIndexFile, rewriteAfter: rewriteAfter) { from in
            try await markedSearchIndex(from: from)
        }
    }

    /// The file the list's search index is kept in between runs; nil for a database in memory.
    public var searchIndexFile: SearchIndexFile? {
        SearchIndexFile(databasePath: database.path, key: key)
    }

    /// Forgets the source's records, their details and its state.
    public func clear() async throws {
        let key = self.key
        do {
            try await database.write { db in
                try Self.delete(db, key)
                try Self.deleteDetails(db, key)
            }
        } catch let rebuilt as DatabaseRebuilt {
            throw rebuilt
        } catch {
            throw cantSave(error)
        }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await database.read(body)
        } catch {
            throw cantRead(error)
        }
    }

    func cantSave(_ error: any Error) -> StoreError {
        StoreError(description: "The \(source.name) records weren't saved: \(StoreError.reason(error))")
    }

    func cantRead(_ error: any Error) -> StoreError {
        StoreError(description: "The stored \(source.name) records can't be read: \(StoreError.reason(error))")
    }

    private static func delete(_ db: Database, _ key: String) throws {
        try db.execute(sql: "DELETE FROM custom_record WHERE source = ?", arguments: [key])
        try searchChanged(db, key)
        _ = try SourceStateRecord.deleteOne(db, key: key)
        try forgetPasses(db, key)
    }

    /// The source's search mark (``SearchIndexFile``); nil before its first page.
    static func searchMark(_ db: Database, _ key: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT mark FROM custom_search_mark WHERE source = ?", arguments: [key])
    }

    /// Gives the source a search mark when it has none: appended rows keep the mark.
    static func keepSearchMark(_ db: Database, _ key: String) throws {
        try db.execute(
            sql: "INSERT INTO custom_search_mark (source, mark) VALUES (?, ?) ON CONFLICT (source) DO NOTHING",
            arguments: [key, UUID().uuidString])
    }

    /// A new search mark: stored rows changed in place or went, so a search index kept in a file
    /// is no longer the list's.
    static func searchChanged(_ db: Database, _ key: String) throws {
        try db.execute(
            sql: "INSERT INTO custom_search_mark (source, mark) VALUES (?, ?) ON CONFLICT (source) DO UPDATE SET mark = excluded.mark",
            arguments: [key, UUID().uuidString])
    }

    /// The row count, read as the last position + 1: positions have no gaps, and the index
    /// answers this at once where `COUNT(*)` scans every row.
    static func count(_ db: Database, _ key: String) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM custom_record WHERE source = ?", arguments: [key]) ?? 0
    }
}
