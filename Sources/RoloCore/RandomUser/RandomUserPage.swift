/// One page of randomuser.me: its persons and the `info` the API echoes back.
public struct RandomUserPage: Sendable, Equatable {
    /// The persons, in the API's order.
    public var persons: [RandomPerson]
    /// `info.seed`: the seed that makes the pages repeatable; nil when absent.
    public var seed: String?
    /// `info.page`, 1-based; nil when absent.
    public var page: Int?
    /// `info.results`: how many persons were asked for; nil when absent.
    public var results: Int?
    /// The persons of the page that couldn't be read and were left out.
    public var skipped: [SkippedRecord]

    /// Creates a page from already-decoded values.
    public init(
        persons: [RandomPerson], skipped: [SkippedRecord] = [], seed: String? = nil, page: Int? = nil,
        results: Int? = nil
    ) {
        self.persons = persons
        self.skipped = skipped
        self.seed = seed
        self.page = page
        self.results = results
    }
}
