/// A foods list being read answer by answer, and when to stop asking for more: the one set of
/// rules `rolo dump` and the foods view-model both follow. It keeps counts and ids, not the
/// foods: ``add(_:)`` hands back what to append, and the caller keeps the list its own way.
///
/// A server can miscount, repeat a page or never run dry, so the list ends at the first of:
/// `totalCount` foods loaded, an empty page, a page with nothing new, or ``pageLimit`` pages.
/// A food whose id is already loaded is left out, so a page that overlaps the one before it
/// (the list changed between the two requests) doesn't show a food twice.
public struct FoodsPaging: Sendable {
    /// Why no more pages are asked for.
    public enum End: Sendable, Equatable {
        /// The answer was the whole list (the 2023 API).
        case whole
        /// `totalCount` foods are loaded, counting the unreadable ones.
        case reachedTotal
        /// A page came back empty.
        case emptyPage
        /// A page held only foods already loaded.
        case repeatedPage
        /// ``pageLimit`` pages were read.
        case pageLimit
    }

    /// How many foods were handed back to be shown, each id once.
    public private(set) var loaded = 0
    /// The records left out because they couldn't be read, indexed from the list's start.
    public private(set) var skipped: [SkippedRecord] = []
    /// The server's latest `totalCount`; nil while none was given.
    public private(set) var totalCount: Int?
    /// The page to ask for next; nil once the list has ended.
    public private(set) var nextPage: Int? = 0
    /// Why the list ended; nil while it goes on.
    public private(set) var end: End?
    /// How many answers were added.
    public private(set) var pagesRead = 0
    private var ids: Set<String> = []
    /// Records received over all pages, read or not, repeats included: where the next page's
    /// skipped records start.
    private var received = 0

    /// Pages read at most: at 10 foods a page, 100,000 foods. A server that never sends an
    /// empty page, nor a repeat, nor a count, still ends.
    public static let pageLimit = 10_000

    /// An empty list whose first request is page 0.
    public init() {}

    /// Whether the list has ended.
    public var isComplete: Bool { nextPage == nil }

    /// Whether the list ended short of the server's own `totalCount`.
    public var isShort: Bool {
        guard let totalCount, end != nil else { return false }
        return loaded + skipped.count < totalCount
    }

    /// What to tell the user when the list ended short of the server's `totalCount`, saying
    /// why, to follow "the server": "counts 57 foods but sent 30, then an empty page"; nil when
    /// it didn't.
    public var shortfall: String? {
        guard isShort, let totalCount, let end else { return nil }
        let why = switch end {
        case .emptyPage: "then an empty page"
        case .repeatedPage: "then a page of foods already sent"
        case .pageLimit: "in \(Self.pageLimit) pages, where rolo stops"
        case .whole, .reachedTotal: "in one answer"
        }
        return "counts \(totalCount) foods but sent \(loaded + skipped.count), \(why)"
    }

    /// Adds the answer to ``nextPage`` and decides what comes next; returns the foods to append
    /// to the list (for a whole list, the list).
    @discardableResult
    public mutating func add(_ page: FoodsPage) -> [Food] {
        guard let asked = nextPage else { return [] }
        pagesRead += 1
        totalCount = page.totalCount ?? totalCount
        guard page.number != nil else {
            loaded = page.foods.records.count
            skipped = page.foods.skipped
            finish(.whole)
            return page.foods.records
        }
        let offset = received
        received += page.recordCount
        skipped += page.foods.skipped.map { record in
            var placed = record
            placed.index += offset
            return placed
        }
        let added = page.foods.records.filter { ids.insert($0.id).inserted }
        loaded += added.count
        if page.recordCount == 0 {
            finish(.emptyPage)
        } else if !page.foods.records.isEmpty, added.isEmpty {
            finish(.repeatedPage)
        } else if let totalCount, loaded + skipped.count >= totalCount {
            finish(.reachedTotal)
        } else if asked + 1 >= Self.pageLimit {
            finish(.pageLimit)
        } else {
            nextPage = asked + 1
        }
        return added
    }

    private mutating func finish(_ reason: End) {
        end = reason
        nextPage = nil
    }
}
