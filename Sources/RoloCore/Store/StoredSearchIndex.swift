import Foundation

/// A stored list's folded search text held in memory as a ``SearchIndex``, so a keystroke at
/// 100,000 records scans a few MB of memory instead of 100,000 rows of SQLite.
///
/// The index is read from the store once, off the main actor, and then grows by the rows
/// appended since, read before each search (an indexed read of nothing when nothing was
/// added): a list being synced is searched whole. ``reset()`` forgets it when stored rows change
/// in place (a refresh swapped in, search text refolded). Each search remembers what it found,
/// so a keystroke that narrows the term looks only through the last matches.
///
/// A class with a lock rather than an actor, so that ``reset()`` and ``prepare()`` take effect
/// at once, in the caller's order, before a search started after them.
public final class StoredSearchIndex: @unchecked Sendable {
    /// The keys of the stored records from position `from` on, in order.
    public typealias Read = @Sendable (_ from: Int) async throws -> SearchIndex

    private let read: Read
    private let everyWord: Bool
    private let lock = NSLock()
    /// The rows read so far.
    private var index = SearchIndex()
    /// Counts the resets, so a read begun before one isn't taken for the new list's rows.
    private var generation = 0
    /// The last read asked for: each waits for the one before, so one runs at a time. It gives
    /// nothing back, so that no copy of the index outlives it and the next rows are appended in
    /// place rather than to a copy of megabytes.
    private var reading: Task<Void, any Error>?
    /// The last few searches' matches, to narrow: typing, a backspace and typing on.
    private var recent: [SearchMatches] = []
    private static let recentKept = 4

    /// The index of the records `read` gives; `everyWord` as the records' ``Searchable``
    /// declares it, so the list finds what `rolo dump --search` finds.
    public init(everyWord: Bool, read: @escaping Read) {
        self.read = read
        self.everyWord = everyWord
    }

    /// Starts reading the rows not in memory yet, without waiting for them: after the list's
    /// first frame and as pages land, so that a keystroke finds the index made.
    public func prepare() {
        _ = catchUp()
    }

    /// Forgets the index and the remembered matches: the stored rows changed in place.
    public func reset() {
        lock.withLock {
            index = SearchIndex()
            generation += 1
            recent = []
        }
    }

    /// The index of every stored record.
    @concurrent
    public func current() async throws -> SearchIndex {
        try await catchUp().value
        return lock.withLock { index }
    }

    /// The positions of the records matching `term` (``SearchIndex/search(_:everyWord:narrowing:)``),
    /// in the stored order; nil when the calling task was cancelled meanwhile (a newer keystroke).
    /// Off the caller's actor: the scan takes milliseconds at 100,000 records.
    @concurrent
    public func positions(matching term: String) async throws -> [Int]? {
        let index = try await current()
        if Task.isCancelled { return nil }
        let earlier = lock.withLock { recent }
        guard let found = index.search(term, everyWord: everyWord, narrowing: earlier) else { return nil }
        lock.withLock {
            recent = Array((recent.filter { $0.lineage === self.index.lineage } + [found]).suffix(Self.recentKept))
        }
        return found.positions
    }

    /// Reads the rows stored since the index was read, after any read under way.
    private func catchUp() -> Task<Void, any Error> {
        lock.withLock {
            let before = reading
            let next = Task {
                _ = try? await before?.value
                try await self.grow()
            }
            reading = next
            return next
        }
    }

    private func grow() async throws {
        // The index's buffer doubles as it is read: mapped, each step's old block goes back to
        // the system when freed instead of staying resident in the reading thread's arena.
        HeavyWork.mapLargeBlocks()
        while true {
            let (from, generation) = lock.withLock { (index.count, self.generation) }
            let more = try await read(from)
            let done = lock.withLock {
                // A reset while reading: the rows read may be the old list's.
                guard generation == self.generation else { return false }
                if index.count == 0 { index = more } else if more.count > 0 { index.append(contentsOf: more) }
                return true
            }
            if done { return }
        }
    }
}
