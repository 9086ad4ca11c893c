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

extension RandomUserPage {
    /// The persons to show and store, with how many the API sent.
    ///
    /// An answer whose every person was unreadable is a failure, not an empty page: shown as a
    /// list with no one, or stored as the end of the data, it would hide why. Its message names
    /// the first reason; the log detail names each.
    public func readable() throws -> RandomUserPager.FetchedPage<RandomPerson> {
        if persons.isEmpty, let first = skipped.first {
            let count = skipped.count
            let noun = count == 1 ? "a person" : "\(count.formatted()) persons"
            let none = count == 1 ? "rolo can't read it" : "rolo can read none of them"
            throw FetchError(
                kind: .badResponse, endpoint: "",
                message: "randomuser.me sent \(noun) and \(none): \(first.summary) — r to retry",
                detail: skipped.logLines(of: "person").joined(separator: "; "))
        }
        return RandomUserPager.FetchedPage(persons, sent: persons.count + skipped.count)
    }
}
