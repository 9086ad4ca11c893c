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
/// With a ``SearchIndexFile`` (configured sources), the index read whole is kept in that file,
/// and a relaunch reads it from there, checked against the store's search mark, and only the
/// rows stored after it from SQLite: the first keystroke after a relaunch at 1,000,000 records
/// no longer waits 0.7 s for the rows to be stepped through.
///
/// A class with a lock rather than an actor, so that ``reset()`` and ``prepare()`` take effect
/// at once, in the caller's order, before a search started after them.
public final class StoredSearchIndex: @unchecked Sendable {
    /// The keys of the stored records from position `from` on, in order.
    public typealias Read = @Sendable (_ from: Int) async throws -> SearchIndex
    /// The keys of the stored records from position `from` on, and the store's search mark,
    /// read together (``SearchIndexFile``).
    public typealias MarkedRead = @Sendable (_ from: Int) async throws -> (index: SearchIndex, mark: String?)

    private let read: MarkedRead
    /// Where the index is kept between runs; nil: read from the store at each run.
    private let file: SearchIndexFile?
    /// Whether the file was looked at: once a run, as a reset means the stored rows changed.
    private var fileTried = false
    /// How many records the file holds as far as this run knows: it is written again once the
    /// index has grown well past it.
    private var fileCount = 0
    /// Below this many records past the file's, reading them from SQLite is quicker than
    /// writing the file again.
    private let rewriteAfter: Int
    /// ``rewriteAfter`` unless told: 10,000 records read from SQLite take a few ms.
    public static let rewritingAfter = 10_000
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
        self.read = { (try await read($0), nil) }
        self.everyWord = everyWord
        file = nil
        rewriteAfter = Self.rewritingAfter
    }

    /// The index of the records `read` gives, kept in `file` between runs under the mark `read`
    /// gives with them; without a file (a database in memory), as ``init(everyWord:read:)``.
    /// The file is written after a read once the index holds `rewriteAfter` records, or an
    /// eighth, more than it.
    public init(everyWord: Bool, file: SearchIndexFile?, rewriteAfter: Int = StoredSearchIndex.rewritingAfter, read: @escaping MarkedRead) {
        self.read = read
        self.everyWord = everyWord
        self.file = file
        self.rewriteAfter = rewriteAfter
    }

    /// Starts reading the rows not in memory yet, without waiting for them: after the list's
    /// first frame and as pages land, so that a keystroke finds the index made.
    public func prepare() {
        _ = catchUp()
    }

    /// How many records' keys are held so far (read, or mapped from the file); nil until the
    /// rows are first asked for (``prepare()``, a search).
    public var held: Int? {
        lock.withLock { reading == nil ? nil : index.count }
    }

    /// Forgets the index and the remembered matches: the stored rows changed in place.
    public func reset() {
        lock.withLock {
            index = SearchIndex()
            generation += 1
            recent = []
            fileTried = true
            fileCount = 0
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

    /// The first `limit` records matching `term`, in the stored order, when the index is big
    /// enough for them to be worth showing before the whole search is counted
    /// (``SearchIndex/firstMatches(of:everyWord:limit:)``); nil otherwise, or when the calling
    /// task was cancelled meanwhile.
    @concurrent
    public func firstPositions(matching term: String, limit: Int) async throws -> [Int]? {
        let index = try await current()
        if Task.isCancelled { return nil }
        return index.firstMatches(of: term, everyWord: everyWord, limit: limit)
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
            let (from, generation, tryFile) = lock.withLock {
                defer { if index.count == 0 { fileTried = true } }
                return (index.count, self.generation, index.count == 0 && !fileTried)
            }
            var kept: SearchIndexFile.Contents?
            if tryFile { kept = await loadFile() }
            let (more, mark) = try await read(kept?.index.count ?? from)
            // The stored search text changed since the file was made: read every row.
            if let kept, kept.mark != mark { continue }
            let (done, save): (Bool, (SearchIndex, String)?) = lock.withLock {
                // A reset while reading: the rows read may be the old list's.
                guard generation == self.generation else { return (false, nil) }
                if let kept {
                    index = kept.index
                    fileCount = kept.index.count
                }
                if index.count == 0 { index = more } else if more.count > 0 { index.append(contentsOf: more) }
                guard let mark, file != nil, index.count - fileCount >= max(rewriteAfter, fileCount / 8) else { return (true, nil) }
                fileCount = index.count
                return (true, (index, mark))
            }
            if !done { continue }
            if let save, let file {
                // Here rather than apart: the next read waits for this one, so the index isn't
                // copied to append to while the file is written from it.
                await HeavyWork.run { file.save(save.0, mark: save.1) }
            }
            return
        }
    }

    /// The index kept in the file, read on a Dispatch thread; nil when there is none or it
    /// doesn't read back whole.
    private func loadFile() async -> SearchIndexFile.Contents? {
        guard let file else { return nil }
        return await HeavyWork.run { file.load() }
    }
}
