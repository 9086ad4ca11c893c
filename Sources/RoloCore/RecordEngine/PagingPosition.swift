import Foundation

/// Where a configured source's paging stands: what the next request asks for, and enough of the
/// past to stop. Stored with the records, so a stopped fetch resumes where it was.
public struct PagingPosition: Sendable, Equatable, Codable {
    /// The next page's number (page style).
    public var page: Int
    /// The next offset (offset style): the records received so far.
    public var offset: Int
    /// The cursor the next request sends (cursor style); nil for the first request.
    public var cursor: String?
    /// Whether ``cursor`` is JSON text: the answer's cursor was a number, a list or an object
    /// (Elasticsearch's `search_after`), which a body gets as that value; nil for text.
    public var cursorIsJSON: Bool? = nil
    /// The next page's URL (link and next-url styles); nil for the configured URL.
    public var url: String?
    /// Records received so far.
    public var received: Int
    /// The last page's shape (its count and first and last ids): a server that ignores the
    /// page parameter sends the same page again, and paging stops there.
    public var lastPage: String?
    /// The last page's URL as a `Link` header's `rel="last"` named it (link style): paging that
    /// ends before it ends short.
    public var last: String? = nil
    /// How many empty pages came in a row just before this position: an API may send a few
    /// with a next link (Graph), never an endless run of them.
    public var emptyRun: Int? = nil
    /// The pass this position is part of; nil in a position stored before passes were kept,
    /// which goes on as a ``SyncPass/Kind/fill``.
    public var pass: SyncPass? = nil
    /// The pages fetched before this position, so a list that stops here can name its page;
    /// nil in a position stored before they were counted.
    public var pages: Int? = nil

    /// Whether this is the first request of its listing: nothing received, no page before.
    public var isFirst: Bool { received == 0 && (pages ?? 0) == 0 && cursor == nil && url == nil }

    /// The position of the first request of `paging` (nil: one request).
    public static func start(_ paging: RecordPaging?) -> PagingPosition {
        var position = PagingPosition(page: paging?.first ?? 1, offset: 0, cursor: nil, url: nil, received: 0, lastPage: nil)
        position.pages = 0
        return position
    }

    /// Whether this stored position can go on with `paging`: one stored by another paging (a
    /// cursor for an offset, a position past the first page with no cursor for a cursor, as
    /// Pipedrive's v1 and v2 store) would ask for a page that isn't the next.
    public func fits(_ paging: RecordPaging?) -> Bool {
        switch paging?.style {
        case .cursor: cursor != nil || received == 0
        case .offset: cursor == nil
        default: true
        }
    }
}

/// One record of a configured source: its id and the JSON the server sent for it.
public struct JSONRecord: Sendable, Equatable {
    /// The record's id as text, unique within its source.
    public var id: String
    /// The record as sent.
    public var value: JSONValue

    /// A record `id` holding `value`.
    public init(id: String, value: JSONValue) {
        self.id = id
        self.value = value
    }
}

/// One page of a configured source, as the pager read it.
public struct RecordPage: Sendable, Equatable {
    /// The page's records, in the server's order.
    public var records: [JSONRecord]
    /// Records left out (no id), with why; indexes count from the first record of the fetch.
    public var skipped: [SkippedRecord]
    /// Where the next page is; nil when this was the last.
    public var next: PagingPosition?
    /// The total the answer names, when the source says where (`total`).
    public var total: Int?
    /// On the last page, when the list ended before its known end: what came and why.
    public var shortfall: PagingShortfall?
    /// The answer's `ETag`, if it sent one.
    public var etag: String? = nil
    /// When the server made the answer (its `Date`), if it said.
    public var answeredAt: Date? = nil
    /// Whether the server answered 304 Not Modified to `If-None-Match`: the list is as stored.
    public var unchanged = false

    /// A page of `records`, with the position of the next page (nil: the last).
    public init(
        records: [JSONRecord], skipped: [SkippedRecord] = [], next: PagingPosition?, total: Int? = nil,
        shortfall: PagingShortfall? = nil
    ) {
        self.records = records
        self.skipped = skipped
        self.next = next
        self.total = total
        self.shortfall = shortfall
    }

    /// The answer 304 Not Modified: no records, no next page, the stored list unchanged.
    public static var notModified: RecordPage {
        var page = RecordPage(records: [], next: nil)
        page.unchanged = true
        return page
    }
}

/// A list whose paging ended before its known end (a total, a page count, a `Link` header's
/// last page), said on the tab's status and on `rolo dump`'s standard error rather than lost in
/// silence: "got 100 of 121: the API sent no more pages".
public struct PagingShortfall: Sendable, Equatable, Codable, CustomStringConvertible {
    /// What came against what was expected, then why it stopped.
    public var description: String
    /// Whether the source's own `max_records` stopped it, as the config asks: no failure.
    public var byLimit: Bool

    /// A shortfall saying `description`.
    public init(_ description: String, byLimit: Bool = false) {
        self.description = description
        self.byLimit = byLimit
    }
}
