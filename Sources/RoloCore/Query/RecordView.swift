import Foundation

/// A `[[sources.views]]` table: a query kept under a name, and the columns it shows.
public struct RecordView: Sendable, Equatable {
    /// Its name, as `rolo dump NAME --view` takes it.
    public var name: String
    /// Its query as written.
    public var text: String
    /// Its query, read.
    public var query: RecordQuery
    /// The titles of the columns it shows, in order; nil for the source's. The label always shows.
    public var columns: [String]?
    /// Where the table is, "…/config.toml, line 20".
    public var place: String
}
