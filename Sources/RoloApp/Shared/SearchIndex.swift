import Foundation
import RoloCore

/// The folded search text of every record of a list, built off the main actor once per list, so
/// a keystroke in the search field scans bytes instead of folding 200,000 records again.
///
/// The keys lie end to end in one buffer: a keystroke is one `memchr`/`memcmp` pass over it
/// rather than a call per record (19 ms over 200,000 foods became a few), and 200,000 keys cost
/// their bytes, not a heap string each.
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
    /// keys are never all held as strings.
    init(count: Int, key: (Int) -> String) {
        var bytes: [UInt8] = []
        var starts: [Int32] = []
        starts.reserveCapacity(count + 1)
        for position in 0..<count {
            starts.append(Int32(bytes.count))
            bytes.append(contentsOf: key(position).utf8)
        }
        starts.append(Int32(bytes.count))
        self.bytes = bytes
        self.starts = starts
    }

    /// How many records the index holds.
    var count: Int { starts.count - 1 }

    /// The positions of the records matching `term`, in order: the whole folded term found in a
    /// key, or with `everyWord`, each of its words found somewhere in it. Nil when the task was
    /// cancelled meanwhile (a newer keystroke).
    func positions(matching term: String, everyWord: Bool = false) -> [Int]? {
        let folded = SearchKey.fold(term)
        let needles = (everyWord ? folded.split(separator: " ").map(String.init) : [folded]).filter { !$0.isEmpty }
        guard let first = needles.first else { return Array(0..<count) }
        guard let found = positions(containing: Array(first.utf8)) else { return nil }
        let others = needles.dropFirst().map { Array($0.utf8) }
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
                while let hit = Self.find(pinBase, pin.count, in: hayBase, from: from, to: hay.count) {
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
                return Self.find(pinBase, pin.count, in: hayBase, from: Int(starts[position]), to: Int(starts[position + 1])) != nil
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

    /// The offset of `needle` in `hay[from..<to]`: `memchr` to each place its first byte occurs,
    /// `memcmp` there (glibc's `memmem` isn't visible to Swift without `_GNU_SOURCE`).
    private static func find(
        _ needle: UnsafePointer<UInt8>, _ length: Int, in hay: UnsafePointer<UInt8>, from: Int, to end: Int
    ) -> Int? {
        var start = from
        while end - start >= length {
            guard let hit = memchr(hay + start, Int32(needle.pointee), end - start - length + 1) else { return nil }
            let found = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - hay
            if memcmp(hay + found, needle, length) == 0 { return found }
            start = found + 1
        }
        return nil
    }
}
