/// Where a configured source's paging stands: what the next request asks for, and enough of the
/// past to stop. Stored with the records, so a stopped fetch resumes where it was.
public struct PagingPosition: Sendable, Equatable, Codable {
    /// The next page's number (page style).
    public var page: Int
    /// The next offset (offset style): the records received so far.
    public var offset: Int
    /// The cursor the next request sends (cursor style); nil for the first request.
    public var cursor: String?
    /// The next page's URL (link and next-url styles); nil for the configured URL.
    public var url: String?
    /// Records received so far.
    public var received: Int
    /// The last page's shape (its count and first and last ids): a server that ignores the
    /// page parameter sends the same page again, and paging stops there.
    public var lastPage: String?

    /// The position of the first request of `paging` (nil: one request).
    public static func start(_ paging: CustomPaging?) -> PagingPosition {
        PagingPosition(page: paging?.first ?? 1, offset: 0, cursor: nil, url: nil, received: 0, lastPage: nil)
    }
}

/// One record of a configured source: its id and the JSON the server sent for it.
public struct CustomRecord: Sendable, Equatable {
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
public struct CustomSourcePage: Sendable, Equatable {
    /// The page's records, in the server's order.
    public var records: [CustomRecord]
    /// Records left out (no id), with why; indexes count from the first record of the fetch.
    public var skipped: [SkippedRecord]
    /// Where the next page is; nil when this was the last.
    public var next: PagingPosition?
    /// The total the answer names, when the source says where (`total`).
    public var total: Int?

    /// A page of `records`, with the position of the next page (nil: the last).
    public init(records: [CustomRecord], skipped: [SkippedRecord] = [], next: PagingPosition?, total: Int? = nil) {
        self.records = records
        self.skipped = skipped
        self.next = next
        self.total = total
    }
}
