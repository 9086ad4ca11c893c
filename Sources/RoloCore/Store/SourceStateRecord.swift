import Foundation
import GRDB

/// A `source_state` row; kept apart from ``SourceState`` so GRDB stays out of the public API.
struct SourceStateRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "source_state"

    var source: String
    var seed: String?
    var pagesStored: Int
    var total: Int?
    var complete: Bool
    var cursor: String?
    var fetchedAt: Date

    enum CodingKeys: String, CodingKey {
        case source, seed, total, complete, cursor
        case pagesStored = "pages_stored"
        case fetchedAt = "fetched_at"
    }

    /// Reads the columns by name, not through `Codable`: the launch reads this row before its
    /// first frame, and GRDB's row decoder and its key lookup (`fetchOne(db, key:)` asks SQLite
    /// for the table's primary key first) take a millisecond and a half of it. A value of the
    /// wrong type throws, as it would through the decoder.
    init(row: Row) throws {
        source = try row.decode(forColumn: "source")
        seed = try row.decode(forColumn: "seed")
        pagesStored = try row.decode(forColumn: "pages_stored")
        total = try row.decode(forColumn: "total")
        complete = try row.decode(forColumn: "complete")
        cursor = try row.decode(forColumn: "cursor")
        fetchedAt = try row.decode(forColumn: "fetched_at")
    }

    /// `source`'s row, if it has one.
    static func stored(_ db: Database, _ source: String) throws -> SourceStateRecord? {
        try fetchOne(db, sql: "SELECT * FROM source_state WHERE source = ?", arguments: [source])
    }

    init(_ state: SourceState) {
        source = state.source
        seed = state.seed
        pagesStored = state.pagesStored
        total = state.total
        complete = state.complete
        cursor = state.cursor
        fetchedAt = state.fetchedAt
    }

    var state: SourceState {
        SourceState(
            source: source, seed: seed, pagesStored: pagesStored, total: total, complete: complete,
            cursor: cursor, fetchedAt: fetchedAt)
    }
}
