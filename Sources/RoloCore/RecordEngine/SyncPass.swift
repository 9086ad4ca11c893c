import Foundation

/// One run of a configured source's sync through its list, from the first page to the last.
///
/// Kept in the ``PagingPosition`` stored after each page, so a pass a kill stopped goes on where
/// it was, as the same kind of pass: a refresh resumed still removes, at its end, the records it
/// didn't list.
public struct SyncPass: Sendable, Equatable, Codable {
    /// What the pass lists, and so what its end does.
    public enum Kind: String, Sendable, Codable {
        /// The first listing of an empty store: each page is appended.
        case fill
        /// The whole list again over a stored one: each page is merged (a record by its id), and
        /// the records it didn't list go at its end, once it listed to the end.
        case full
        /// Only what changed since the last whole listing (`since` in `[sources.paging]`): each
        /// page is merged, and nothing goes, as such a list doesn't name what was deleted.
        case changes
    }

    /// What the pass lists.
    public var kind: Kind
    /// The pass's number: every record it lists is marked with it, so its end knows which went.
    public var generation: Int
    /// The time the `since` parameter sends (``Kind/changes``).
    public var since: Date?
    /// The time this pass lists from, known at its first answer: the server's `Date`, less
    /// ``overlap``. Once the pass ends, the next pass's `since`.
    public var mark: Date?
    /// The first page's `ETag`, and the URL it answered: once the pass ends, sent as
    /// `If-None-Match` with the next pass's first request to that URL.
    public var etag: String?
    /// The URL of the first page whose `ETag` is ``etag``.
    public var etagURL: String?

    /// A pass of `kind` numbered `generation`, sending `since` when it lists changes.
    public init(kind: Kind, generation: Int, since: Date? = nil) {
        self.kind = kind
        self.generation = generation
        self.since = since
    }

    /// How far before its first answer a pass's ``mark`` is: a record changed while that answer
    /// was made, or on a server whose clock is a little behind, is listed again by the next
    /// pass rather than missed.
    public static let overlap: TimeInterval = 60

    /// Whether the pass merges its pages into a stored list rather than appending to an empty one.
    public var merges: Bool { kind != .fill }
}
