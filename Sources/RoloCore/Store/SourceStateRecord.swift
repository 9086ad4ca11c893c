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
