import Foundation

/// What rolo knows about one paged source's stored list: how far it got and how to go on.
public struct SourceState: Sendable, Equatable {
    /// The source's key, e.g. `randomuser` or `pipedrive`.
    public var source: String
    /// The seed the stored pages were fetched with, so later pages continue the same list.
    public var seed: String?
    /// The number of the last page stored (1-based); 0 before any.
    public var pagesStored: Int
    /// The total the server announced, when it announces one.
    public var total: Int?
    /// Whether the server has no more pages.
    public var complete: Bool
    /// The server's cursor for the next page, for cursor-paged APIs.
    public var cursor: String?
    /// When the last page was fetched.
    public var fetchedAt: Date

    /// A state as stored; tests and the pager build these directly.
    public init(
        source: String, seed: String?, pagesStored: Int, total: Int? = nil, complete: Bool,
        cursor: String? = nil, fetchedAt: Date
    ) {
        self.source = source
        self.seed = seed
        self.pagesStored = pagesStored
        self.total = total
        self.complete = complete
        self.cursor = cursor
        self.fetchedAt = fetchedAt
    }
}
