import Foundation
import RoloCore

/// The folded search text of every record of a list, built off the main actor once per list, so
/// a keystroke in the search field scans bytes instead of folding 200,000 records again.
struct SearchIndex: Sendable {
    /// One folded key per record, fields apart by a newline (``SearchKey/fold(_:)-([String])``).
    let keys: [String]

    /// The positions of the records matching `term`, in order: the whole folded term found in a
    /// key, or with `everyWord`, each of its words found somewhere in it. Nil when the task was
    /// cancelled meanwhile (a newer keystroke).
    func positions(matching term: String, everyWord: Bool = false) -> [Int]? {
        let folded = SearchKey.fold(term)
        let needles = everyWord ? folded.split(separator: " ").map(String.init) : [folded]
        guard !needles.isEmpty, !needles.allSatisfy(\.isEmpty) else { return Array(keys.indices) }
        var shown: [Int] = []
        for (position, key) in keys.enumerated() {
            if position % 4096 == 0, Task.isCancelled { return nil }
            if needles.allSatisfy({ Self.contains(key, $0) }) { shown.append(position) }
        }
        return shown
    }

    /// Whether `needle`'s bytes occur in `haystack`'s: `memchr` to each place the first byte
    /// occurs, `memcmp` there (glibc's `memmem` isn't visible to Swift without `_GNU_SOURCE`).
    private static func contains(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { hay in
            needle.withUTF8 { pin in
                guard let pinBase = pin.baseAddress, let first = pin.first else { return true }
                guard var start = hay.baseAddress else { return false }
                var remaining = hay.count
                while remaining >= pin.count {
                    guard let hit = memchr(start, Int32(first), remaining - pin.count + 1) else { return false }
                    let found = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(found, pinBase, pin.count) == 0 { return true }
                    let step = found - start + 1
                    start += step
                    remaining -= step
                }
                return false
            }
        }
    }
}
