/// A page the pager delivered: persons to add below the list shown, and whether more may follow.
public struct StoredPage<Person: Codable & Sendable>: Sendable {
    /// Where the page came from.
    public enum Origin: Sendable, Equatable {
        /// Read from rolo's database, no request made.
        case database
        /// Fetched from the API (and stored before it was returned).
        case network
    }

    /// The persons to append to the list shown, in order; empty at the end of the data.
    public var persons: [Person]
    /// Where they came from.
    public var origin: Origin
    /// Whether the list is now complete: no further page will add anything.
    public var reachedEnd: Bool

    /// A page of `persons` from `origin`.
    public init(persons: [Person], origin: Origin, reachedEnd: Bool) {
        self.persons = persons
        self.origin = origin
        self.reachedEnd = reachedEnd
    }
}

/// What the database says of the next page of a paged list: the page, or which one to fetch;
/// with the stored count and state that decided it.
public struct StoredRead<Person: Codable & Sendable>: Sendable {
    /// Where the next page is.
    public enum Next: Sendable {
        /// The page, read from the database (empty at the end of the data); no request.
        case stored(StoredPage<Person>)
        /// This page (1-based) must be fetched from the API with this seed.
        case fetch(page: Int, seed: String)
    }

    /// Where the next page is.
    public var next: Next
    /// How many persons are stored.
    public var count: Int
    /// The source's stored state; nil when nothing was ever stored.
    public var state: SourceState?
}
