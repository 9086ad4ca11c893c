import Foundation

/// Decides, page by page, whether randomuser's list continues from the database or the API.
///
/// The rules:
/// - Pages hold ``pageSize`` (10) persons. Scrolling to the end asks for the next page.
/// - While the database holds persons past those shown, the next page is read from it, with no
///   request: with 30 stored, pages 1–3 are local and page 4 is the first request.
/// - The next request is the page after the last one stored (`pages_stored + 1`), not one
///   counted from the rows: a page is stored whole in one transaction, so fewer rows than pages
///   mean persons the API sent that couldn't be read or were already stored, and asking for
///   that page again would only get them again.
/// - randomuser's pages are stable only with a seed, so the seed is stored with the data and
///   every later page, in this run or the next, is fetched with it. A new seed is made only
///   when nothing is stored.
/// - `--randomuser-seed` (``seedOverride``) seeds an empty store; when it differs from the
///   stored seed the stored list is kept for paging and replaced on the next `r`
///   (``refreshSeed(stored:)``), so paging never mixes two seeds' persons.
/// - The data ends when the API returns fewer than a page, or a page that adds no one (so a
///   server repeating itself can't keep rolo asking forever).
/// - A page and the state are stored in one transaction after the request succeeds: a failed
///   request or write leaves `pages_stored` and the rows as they were, and the next attempt
///   asks for the same page.
public struct RandomUserPager: Sendable {
    /// The store key of randomuser's persons.
    public static let source = "randomuser"

    /// Persons a page.
    public let pageSize: Int
    /// The seed given on the command line, if any.
    public let seedOverride: String?
    /// Makes a fresh seed when nothing is stored and none was given.
    private let makeSeed: @Sendable () -> String

    /// A pager with `pageSize` persons a page; `makeSeed` is replaceable so tests are repeatable.
    public init(
        pageSize: Int = 10, seedOverride: String? = nil,
        makeSeed: @escaping @Sendable () -> String = { String(UUID().uuidString.prefix(16)).lowercased() }
    ) {
        self.pageSize = pageSize
        self.seedOverride = seedOverride
        self.makeSeed = makeSeed
    }

    /// Where the page after the first `shown` persons comes from, given the stored state and
    /// row count.
    public func nextPage(shown: Int, stored: SourceState?, storedCount: Int) -> PagerDecision {
        if shown < storedCount {
            return .fromDatabase(shown..<min(shown + pageSize, storedCount))
        }
        if stored?.complete == true { return .endOfData }
        return .fromNetwork(page: (stored?.pagesStored ?? storedCount / pageSize) + 1, seed: pagingSeed(stored: stored))
    }

    /// The seed for continuing the stored list: the stored one, else the override, else new.
    public func pagingSeed(stored: SourceState?) -> String {
        stored?.seed ?? seedOverride ?? makeSeed()
    }

    /// The seed `r` fetches page 1 with: the override when given, else the stored seed, so a
    /// refresh updates the same persons rather than drawing new ones.
    public func refreshSeed(stored: SourceState?) -> String {
        seedOverride ?? stored?.seed ?? makeSeed()
    }
}
