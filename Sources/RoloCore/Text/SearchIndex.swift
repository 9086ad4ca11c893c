import Foundation

/// The folded search text of every record of a list, held in memory, so a keystroke in the search
/// field scans bytes instead of folding 200,000 records again, or asking SQLite for 100,000 rows.
///
/// The keys lie end to end in one buffer: a keystroke is one `memchr`/`memcmp` pass over it
/// rather than a call per record (a few ms over 200,000 foods, against 19 ms), and 200,000
/// keys cost their bytes, not a heap string each. An index grows at its end as a stored list's
/// pages land (``append(key:)``); the matching is in `SearchIndex+Matching.swift`. An index
/// read from its file (``SearchIndexFile``) is searched where the file is mapped, and copied
/// into arrays of its own only when it grows.
public struct SearchIndex: Sendable {
    /// Every key's UTF-8, in record order; empty while the keys are ``mapped``.
    private var bytes: [UInt8]
    /// Where each record's key starts in `bytes`, and one more: where the last ends.
    private var starts: [Int32]
    /// The keys as they lie in a mapped file, in place of ``bytes`` and ``starts``.
    private var mapped: MappedKeys?
    /// Which index this is, kept by the copies and growths of it: an earlier search's matches
    /// are narrowed only in the index they were found in (``SearchMatches``).
    let lineage = Lineage()

    /// An index of no records, to append to.
    public init() {
        bytes = []
        starts = [0]
    }

    /// The index of keys already laid out: `starts` run from 0 to `bytes.count`, one more than
    /// the keys (``SearchIndexFile``).
    init(bytes: [UInt8], starts: [Int32]) {
        self.bytes = bytes
        self.starts = starts
    }

    /// The index of the keys of a mapped file, searched where they lie.
    init(mapped: MappedKeys) {
        bytes = []
        starts = [0]
        self.mapped = mapped
    }

    /// One folded key per record, fields apart by a newline (``SearchKey/fold(_:)-([String])``).
    public init(keys: [String]) {
        self.init(count: keys.count) { keys[$0] }
    }

    /// The keys of `count` records, `key(position)` each, made one at a time so the list's
    /// keys are never all held as strings; a long list is folded in parts on every core (folding
    /// non-ASCII names goes through Foundation, a second for 200,000 people on one core).
    public init(count: Int, key: (Int) -> String) {
        // The processor count only for a list long enough to split: Foundation reads it from the
        // cgroup's files at every ask, three times on the main actor before the first frame.
        let parts = count < 2 * Self.recordsPerPart ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, count / Self.recordsPerPart)
        guard parts > 1 else {
            var (bytes, starts) = Self.keys(0..<count, key)
            starts.append(Int32(bytes.count))
            self.bytes = bytes
            self.starts = starts
            return
        }
        let made = LockedParts()
        let share = (count + parts - 1) / parts
        withoutActuallyEscaping(key) { key in
            let key = UncheckedKey(key: key)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = min(count, part * share)..<min(count, (part + 1) * share)
                made.set(part, Self.keys(range, key.key))
            }
        }
        var bytes: [UInt8] = []
        var starts: [Int32] = []
        bytes.reserveCapacity(made.parts.values.reduce(0) { $0 + $1.bytes.count })
        starts.reserveCapacity(count + 1)
        for part in 0..<parts {
            // Each part goes once copied: all of them beside the whole would be 10 MB more at 200,000.
            guard let (partBytes, partStarts) = made.take(part) else { continue }
            let offset = Int32(bytes.count)
            starts.append(contentsOf: partStarts.lazy.map { $0 + offset })
            bytes.append(contentsOf: partBytes)
        }
        starts.append(Int32(bytes.count))
        self.bytes = bytes
        self.starts = starts
    }

    /// How many keys a part makes before it sizes its buffer for the rest.
    private static let sampledKeys = 1024

    /// Below this many records a part isn't worth a thread.
    private static let recordsPerPart = 16_384

    /// The keys of the records in `range`, end to end, and where each starts.
    private static func keys(_ range: Range<Int>, _ key: (Int) -> String) -> (bytes: [UInt8], starts: [Int32]) {
        var bytes: [UInt8] = []
        var starts: [Int32] = []
        starts.reserveCapacity(range.count + 1)
        for (made, position) in range.enumerated() {
            // Sized from the first keys, an eighth to spare: grown by doubling, a part's buffer
            // would be up to twice its keys, and each step would leave the last one in its arena.
            if made == Self.sampledKeys { bytes.reserveCapacity(bytes.count / made * range.count * 9 / 8) }
            starts.append(Int32(bytes.count))
            bytes.append(contentsOf: key(position).utf8)
        }
        return (bytes, starts)
    }

    /// How many records the index holds.
    public var count: Int { (mapped?.starts.count ?? starts.count) - 1 }

    /// How many bytes the index holds, its keys and their starts.
    public var size: Int {
        withKeys { bytes, starts in bytes.count + starts.count * MemoryLayout<Int32>.size }
    }

    /// `body` with every key's bytes and where each starts (one more: where the last ends),
    /// wherever they lie, for one pass over them.
    func withKeys<Result>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int32>) throws -> Result) rethrows -> Result {
        if let mapped { return try body(mapped.bytes, mapped.starts) }
        return try bytes.withUnsafeBufferPointer { bytes in try starts.withUnsafeBufferPointer { try body(bytes, $0) } }
    }

    /// Appends the next record's key, already folded (a stored list's search column).
    public mutating func append(key: UnsafeRawBufferPointer) {
        ownKeys()
        bytes.append(contentsOf: key)
        starts.append(Int32(bytes.count))
    }

    /// Appends the next record's key, already folded.
    public mutating func append(key: String) {
        ownKeys()
        bytes.append(contentsOf: key.utf8)
        starts.append(Int32(bytes.count))
    }

    /// Appends the keys of `other`, after this index's own.
    public mutating func append(contentsOf other: SearchIndex) {
        ownKeys()
        let offset = Int32(bytes.count)
        other.withKeys { otherBytes, otherStarts in
            bytes.append(contentsOf: otherBytes)
            starts.append(contentsOf: otherStarts.dropFirst().lazy.map { $0 + offset })
        }
    }

    /// Makes room for `records` more keys of `bytes` bytes in all, so a whole stored list read
    /// into the index is copied once instead of at each doubling.
    public mutating func reserve(records: Int, bytes: Int) {
        ownKeys()
        self.bytes.reserveCapacity(self.bytes.count + bytes)
        starts.reserveCapacity(starts.count + records)
    }

    /// Copies mapped keys into arrays of the index's own, to grow: once, when rows were stored
    /// after the file was written.
    private mutating func ownKeys() {
        guard let mapped else { return }
        bytes = Array(mapped.bytes)
        starts = Array(mapped.starts)
        self.mapped = nil
    }

    /// The identity of an index and its growths.
    final class Lineage: Sendable {}
}

/// The parts of an index made side by side, each stored once by its own thread.
private final class LockedParts: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [Int: (bytes: [UInt8], starts: [Int32])] = [:]

    func set(_ part: Int, _ value: (bytes: [UInt8], starts: [Int32])) {
        lock.withLock { made[part] = value }
    }

    var parts: [Int: (bytes: [UInt8], starts: [Int32])] { lock.withLock { made } }

    /// Part `part`, no longer kept here.
    func take(_ part: Int) -> (bytes: [UInt8], starts: [Int32])? {
        lock.withLock { made.removeValue(forKey: part) }
    }
}

/// The caller's key function, called from the parts' threads: it only reads the records the
/// caller holds for the whole of ``SearchIndex/init(count:key:)``.
private struct UncheckedKey: @unchecked Sendable {
    let key: (Int) -> String
}
