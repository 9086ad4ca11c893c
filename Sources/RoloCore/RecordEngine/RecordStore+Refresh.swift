import Foundation
import GRDB

/// What a configured source's passes left for the next refresh (`custom_sync`).
public struct RecordSyncMarks: Sendable, Equatable {
    /// The number of the last pass that stored a page; the next pass is one more.
    public var generation: Int
    /// The ``SyncPass/mark`` of the last pass that listed to its end: the next `since`.
    public var synced: Date?
    /// The `ETag` of the first page of the last whole listing.
    public var etag: String?
    /// The URL that answered ``etag``: a first request to it sends `If-None-Match`.
    public var etagURL: String?

    /// Marks as stored.
    public init(generation: Int = 0, synced: Date? = nil, etag: String? = nil, etagURL: String? = nil) {
        self.generation = generation
        self.synced = synced
        self.etag = etag
        self.etagURL = etagURL
    }
}

extension RecordListState {
    /// Whether a refresh is under way: the stored list is a whole one, being merged into.
    public var refreshing: Bool { next?.pass?.merges == true }
}

/// What merging a page did to the stored list.
public struct MergeOutcome: Sendable, Equatable {
    /// Records new to the list, added at its end.
    public var added = 0
    /// Stored records listed with other JSON: updated in place, their details dropped.
    public var changed = 0
    /// Records the pass's end removed, as it didn't list them.
    public var removed = 0
    /// Records the pass's end moved to the place the listing gave them.
    public var moved = 0

    /// Whether records already stored changed, went or moved: what was read of the list before
    /// has to be read again.
    public var rewritten: Bool { changed + removed + moved > 0 }

    /// Adds `other`'s counts to these: a run's outcome over its pages.
    mutating func add(_ other: MergeOutcome) {
        added += other.added
        changed += other.changed
        removed += other.removed
        moved += other.moved
    }
}

/// A refresh that never drops what is stored: each page of a ``SyncPass`` that
/// ``SyncPass/merges`` is merged by record id (a listed record updated in place, a new one
/// added at the end, each marked with the pass's generation), and only when the pass has listed
/// the whole list do the records it didn't list go and the rest take the listing's order.
///
/// A kill at any moment leaves the old list whole beside what merged, and the state row's
/// position, which holds the pass, resumes it. A record listed unchanged keeps its detail; one
/// listed changed drops it.
extension RecordStore {
    /// What the source's passes left; zeros and nils before the first.
    public func syncMarks() async throws -> RecordSyncMarks {
        let key = self.key
        return try await read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM custom_sync WHERE source = ?", arguments: [key]) else {
                return RecordSyncMarks()
            }
            return RecordSyncMarks(generation: row["generation"], synced: row["synced_at"], etag: row["etag"], etagURL: row["etag_url"])
        }
    }

    /// Merges `page` of `pass`, the page after `received` records of the pass, with the state
    /// after it, in one transaction; the pass's last page ends it (``SyncPass/Kind``).
    /// `lookups`: as ``append(_:replacing:at:lookups:)`` takes them.
    @discardableResult
    public func merge(
        _ page: RecordPage, pass: SyncPass, after received: Int, at date: Date = Date(), lookups known: LookupValues? = nil
    ) async throws -> MergeOutcome {
        let source = self.source, key = self.key
        let lookups = if let known { known } else { try await searchLookups() }
        let next = try Self.encoded(page.next)
        return try await writing { db in
            let rows = page.records.map { (id: $0.id, value: $0.value, json: $0.value.jsonText) }
            var outcome = MergeOutcome()
            let find = try db.cachedStatement(sql: "SELECT json FROM custom_record WHERE source = ? AND id = ?")
            let seen = try db.cachedStatement(sql: "UPDATE custom_record SET refresh = ?, refresh_order = ? WHERE source = ? AND id = ?")
            let update = try db.cachedStatement(
                sql: "UPDATE custom_record SET json = ?, search = ?, refresh = ?, refresh_order = ? WHERE source = ? AND id = ?")
            let dropDetail = try db.cachedStatement(sql: "DELETE FROM custom_detail WHERE source = ? AND id = ?")
            let insert = try db.cachedStatement(sql: """
                INSERT INTO custom_record (source, id, position, json, search, refresh, refresh_order) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            var position = try Self.count(db, key)
            var changes: [RecordChange] = []
            try Self.keepSearchMark(db, key)
            for (index, row) in rows.enumerated() {
                let order = received + index
                if let stored = try String.fetchOne(find, arguments: [key, row.id]) {
                    // Other text with the same values (keys in another order) is no change.
                    let fields = stored == row.json ? [] : RecordChange.fields(from: (try? JSONValue.parse(Data(stored.utf8))) ?? .null, to: row.value)
                    if fields.isEmpty {
                        try seen.execute(arguments: [pass.generation, order, key, row.id])
                    } else {
                        try update.execute(arguments: [row.json, source.searchText(row.value, lookups: lookups), pass.generation, order, key, row.id])
                        try dropDetail.execute(arguments: [key, row.id])
                        outcome.changed += 1
                        changes.append(RecordChange(kind: .changed, id: row.id, label: source.label.render(row.value), fields: fields, at: date))
                    }
                } else {
                    try insert.execute(
                        arguments: [key, row.id, position, row.json, source.searchText(row.value, lookups: lookups), pass.generation, order])
                    position += 1
                    outcome.added += 1
                    changes.append(RecordChange(kind: .new, id: row.id, label: source.label.render(row.value), at: date))
                }
            }
            if outcome.changed > 0 { try Self.searchChanged(db, key) }
            // A list of changes names its own total, not the list's.
            try Self.saveState(db, key, next: next, total: pass.kind == .changes ? nil : page.total, at: date)
            try Self.saveGeneration(db, key, pass.generation)
            if page.next == nil {
                let whole = page.shortfall.map(\.byLimit) ?? true
                if pass.kind == .full, whole {
                    let removed = try Self.unlisted(db, key, pass.generation).map {
                        RecordChange(kind: .removed, id: $0.id, label: source.label.render($0.value), at: date)
                    }
                    changes += removed
                    outcome.removed = try Self.removeUnlisted(db, key, pass.generation)
                    outcome.moved = try Self.reorder(db, key)
                    if outcome.removed + outcome.moved > 0 { try Self.searchChanged(db, key) }
                }
                if whole { try Self.saveMarks(db, key, pass) }
            }
            try Self.keep(db, key, changes, at: date)
            return outcome
        }
    }

    /// Ends a ``SyncPass/Kind/fill`` pass whose last page ``append(_:replacing:at:)`` stored:
    /// what it listed from, and its first page's `ETag`, are kept for the next refresh.
    public func finish(_ pass: SyncPass) async throws {
        let key = self.key
        try await writing { db in
            try Self.saveGeneration(db, key, pass.generation)
            try Self.saveMarks(db, key, pass)
        }
    }

    /// The server answered `pass`'s first request 304 Not Modified: the stored list is its list
    /// as of `date`, and what it listed from is the next `since`.
    public func keepUnchanged(_ pass: SyncPass, at date: Date = Date()) async throws {
        let key = self.key
        try await writing { db in
            try db.execute(sql: "UPDATE source_state SET fetched_at = ? WHERE source = ?", arguments: [date, key])
            if let mark = pass.mark {
                try db.execute(sql: "UPDATE custom_sync SET synced_at = ? WHERE source = ?", arguments: [mark, key])
            }
        }
    }

    /// Forgets what the passes left, with the list they listed.
    static func forgetPasses(_ db: Database, _ key: String) throws {
        try db.execute(sql: "DELETE FROM custom_sync WHERE source = ?", arguments: [key])
    }

    // MARK: - In the transaction

    private func writing<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await database.write(body)
        } catch let rebuilt as DatabaseRebuilt {
            throw rebuilt
        } catch {
            throw cantSave(error)
        }
    }

    private static func encoded(_ position: PagingPosition?) throws -> String? {
        try position.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    }

    /// The state after a page: where the next is (nil: the list is whole), and the total it
    /// named, else the one stored.
    private static func saveState(_ db: Database, _ key: String, next: String?, total: Int?, at date: Date) throws {
        let previous = try SourceStateRecord.stored(db, key)
        let state = SourceState(
            source: key, seed: nil, pagesStored: (previous?.pagesStored ?? 0) + 1, total: total ?? previous?.total,
            complete: next == nil, cursor: next, fetchedAt: date)
        try SourceStateRecord(state).save(db)
    }

    private static func saveGeneration(_ db: Database, _ key: String, _ generation: Int) throws {
        try db.execute(
            sql: """
                INSERT INTO custom_sync (source, generation) VALUES (?, ?)
                ON CONFLICT (source) DO UPDATE SET generation = excluded.generation
                """,
            arguments: [key, generation])
    }

    /// After a pass that listed to its end: its mark is the next `since`, and a whole list's
    /// first `ETag` the next `If-None-Match` (a list of changes keeps the last whole one's).
    private static func saveMarks(_ db: Database, _ key: String, _ pass: SyncPass) throws {
        try db.execute(sql: "UPDATE custom_sync SET synced_at = ? WHERE source = ?", arguments: [pass.mark, key])
        if pass.kind != .changes {
            try db.execute(
                sql: "UPDATE custom_sync SET etag = ?, etag_url = ? WHERE source = ?", arguments: [pass.etag, pass.etagURL, key])
        }
    }

    /// The records pass `generation` didn't list, as they are stored.
    private static func unlisted(_ db: Database, _ key: String, _ generation: Int) throws -> [(id: String, value: JSONValue)] {
        try Row.fetchAll(db, sql: "SELECT id, json FROM custom_record WHERE source = ? AND refresh != ?", arguments: [key, generation]).map { row in
            let json: String = row["json"]
            return (row["id"], (try? JSONValue.parse(Data(json.utf8))) ?? .null)
        }
    }

    /// Removes the records, and their details, that pass `generation` didn't list.
    private static func removeUnlisted(_ db: Database, _ key: String, _ generation: Int) throws -> Int {
        try db.execute(
            sql: "DELETE FROM custom_detail WHERE source = ? AND id IN (SELECT id FROM custom_record WHERE source = ? AND refresh != ?)",
            arguments: [key, key, generation])
        try db.execute(sql: "DELETE FROM custom_record WHERE source = ? AND refresh != ?", arguments: [key, generation])
        return db.changesCount
    }

    /// Gives the records positions 0, 1, 2 … in the order the pass listed them, moving only
    /// those whose place changed, through negative positions as positions are unique; returns
    /// how many moved. Nothing to do, and no sort, when each record is where it was listed.
    private static func reorder(_ db: Database, _ key: String) throws -> Int {
        let misplaced = try Bool.fetchOne(
            db, sql: "SELECT 1 FROM custom_record WHERE source = ? AND position != refresh_order LIMIT 1", arguments: [key])
        guard misplaced == true else { return 0 }
        try db.execute(
            sql: """
                UPDATE custom_record SET position = -1 - ranked.place
                FROM (SELECT number, ROW_NUMBER() OVER (ORDER BY refresh_order, position) - 1 AS place
                      FROM custom_record WHERE source = ?) AS ranked
                WHERE custom_record.number = ranked.number AND custom_record.position != ranked.place
                """,
            arguments: [key])
        try db.execute(sql: "UPDATE custom_record SET position = -1 - position WHERE source = ? AND position < 0", arguments: [key])
        return db.changesCount
    }
}
