import Foundation
import RoloCore

/// The folded search text of every record of a list, built off the main actor once per list, so
/// a keystroke in the search field scans bytes instead of folding 200,000 records again.
///
/// The keys lie end to end in one buffer: a keystroke is one `memchr`/`memcmp` pass over it
/// rather than a call per record (a few ms over 200,000 foods, against 19 ms), and 200,000
/// keys cost their bytes, not a heap string each.
struct SearchIndex: Sendable {
    /// Every key's UTF-8, in record order.
    private let bytes: [UInt8]
    /// Where each record's key starts in `bytes`, and one more: where the last ends.
    private let starts: [Int32]

    /// One folded key per record, fields apart by a newline (``SearchKey/fold(_:)-([String])``).
    init(keys: [String]) {
        self.init(count: keys.count) { keys[$0] }
    }

    /// The keys of `count` records, `key(position)` each, made one at a time so the list's
    /// keys are never all held as strings; a long list is folded in parts on every core (folding
    /// non-ASCII names goes through Foundation, a second for 200,000 people on one core).
    init(count: Int, key: (Int) -> String) {
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
    var count: Int { starts.count - 1 }

    /// The positions of the records matching `term`, in order: the whole folded term found in a
    /// key, or with `everyWord`, each of its words found somewhere in it. Nil when the task was
    /// cancelled meanwhile (a newer keystroke).
    func positions(matching term: String, everyWord: Bool = false) -> [Int]? {
        let needles = SearchKey.needles(of: term, everyWord: everyWord)
        guard let first = needles.first else { return Array(0..<count) }
        guard let found = positions(containing: first) else { return nil }
        let others = needles.dropFirst()
        guard !others.isEmpty else { return found }
        var shown: [Int] = []
        for (checked, position) in found.enumerated() {
            if checked % 4096 == 0, Task.isCancelled { return nil }
            if others.allSatisfy({ key(position, contains: $0) }) { shown.append(position) }
        }
        return shown
    }

    /// The records whose key holds `needle`, found in one pass over the whole buffer: each hit
    /// is placed by a binary search on `starts`, and the scan goes on from the next key.
    private func positions(containing needle: [UInt8]) -> [Int]? {
        var shown: [Int] = []
        let cancelled = bytes.withUnsafeBufferPointer { hay -> Bool in
            needle.withUnsafeBufferPointer { pin -> Bool in
                guard let hayBase = hay.baseAddress, let pinBase = pin.baseAddress else { return false }
                var from = 0
                var hits = 0
                while let hit = SearchKey.offset(of: pinBase, pin.count, in: hayBase, from: from, to: hay.count) {
                    hits += 1
                    if hits % 4096 == 0, Task.isCancelled { return true }
                    let position = record(at: hit)
                    let end = Int(starts[position + 1])
                    // A hit that runs into the next key is no match of either.
                    if hit + pin.count <= end {
                        shown.append(position)
                        from = end
                    } else {
                        from = hit + 1
                    }
                }
                return false
            }
        }
        return cancelled ? nil : shown
    }

    /// Whether the key of `position` holds `needle`.
    private func key(_ position: Int, contains needle: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                guard let hayBase = hay.baseAddress, let pinBase = pin.baseAddress else { return pin.isEmpty }
                return SearchKey.offset(of: pinBase, pin.count, in: hayBase, from: Int(starts[position]), to: Int(starts[position + 1])) != nil
            }
        }
    }

    /// The record whose key holds byte `offset`: the last start at or before it.
    private func record(at offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(starts[middle]) <= offset { low = middle } else { high = middle }
        }
        // starts[low] <= offset < starts[low + 1]: an empty key, sharing its start, is passed.
        return low
    }
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
