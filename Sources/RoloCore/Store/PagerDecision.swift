/// Where the next page of a paged list comes from.
public enum PagerDecision: Sendable, Equatable {
    /// The stored persons at these positions; no request.
    case fromDatabase(Range<Int>)
    /// This page (1-based) from the API, fetched with this seed.
    case fromNetwork(page: Int, seed: String)
    /// Everything is shown and the API has no more.
    case endOfData
}
