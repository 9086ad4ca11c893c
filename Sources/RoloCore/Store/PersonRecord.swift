import Foundation
import GRDB

/// A `person` row: one person of a source, at its place in the source's order.
///
/// Positions of a source run 0, 1, 2 … with no gaps: rows are only appended at the end or
/// dropped all together, which is what lets a range of the list be read by position alone.
struct PersonRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "person"

    var source: String
    var position: Int
    var id: String
    var payload: Data
    var name: String
    /// The folded text a search matches against (``SearchKey/fold(_:)``).
    var search: String
    var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case source, position, id, payload, name, search
        case updatedAt = "updated_at"
    }
}
