/// One page of persons and where the next one starts.
public struct PipedrivePage: Sendable, Equatable {
    /// The persons, in the API's order.
    public var persons: [PipedrivePerson]
    /// v2's `additional_data.next_cursor`; nil at the end (and always for v1).
    public var nextCursor: String?
    /// v1's `pagination.next_start`, only while `more_items_in_collection`; nil at the end.
    public var nextStart: Int?
    /// The account's person count when the API says; nil otherwise.
    public var total: Int?
    /// The persons of the page that couldn't be read and were left out; the cursor still moves
    /// past them.
    public var skipped: [SkippedRecord]

    /// Creates a page from already-decoded values.
    public init(
        persons: [PipedrivePerson], skipped: [SkippedRecord] = [], nextCursor: String? = nil,
        nextStart: Int? = nil, total: Int? = nil
    ) {
        self.persons = persons
        self.skipped = skipped
        self.nextCursor = nextCursor
        self.nextStart = nextStart
        self.total = total
    }

    /// The token for the following page; nil when this page is the last.
    public var next: PipedrivePageToken? {
        if let nextCursor { return .cursor(nextCursor) }
        if let nextStart { return .start(nextStart) }
        return nil
    }
}
