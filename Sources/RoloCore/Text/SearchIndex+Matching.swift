import Foundation

/// What a search of a ``SearchIndex`` found, kept so that the next keystroke, when it only
/// narrows the term ("lov" → "love"), looks through these records alone instead of every one.
public struct SearchMatches: Sendable {
    /// The matching records' positions, in order.
    public let positions: [Int]
    /// What was looked for (``SearchKey/needles(of:everyWord:)``); none for a blank term.
    let needles: [[UInt8]]
    /// How many records were looked through: those the index gained since are looked through
    /// by a search narrowing these.
    let searched: Int
    /// The index these were found in.
    let lineage: SearchIndex.Lineage

    /// Whether every record holding all of `needles` is among these: each needle these were
    /// found by lies inside one of `needles`, so a key holding those holds these.
    func cover(_ needles: [[UInt8]]) -> Bool {
        !self.needles.isEmpty && self.needles.allSatisfy { old in needles.contains { SearchKey.contains(old, in: $0) } }
    }
}

extension SearchIndex {
    /// The positions of the records matching `term`, in order: the whole folded term found in a
    /// key, or with `everyWord`, each of its words found somewhere in it. Nil when the task was
    /// cancelled meanwhile (a newer keystroke).
    public func positions(matching term: String, everyWord: Bool = false) -> [Int]? {
        search(term, everyWord: everyWord)?.positions
    }

    /// The records matching `term`, as ``positions(matching:everyWord:)`` finds them, looked for
    /// only among the matches of an earlier search of this index (or of a smaller one it grew
    /// from) when one of `earlier` holds every record `term` can match: the smallest such. Nil
    /// when the task was cancelled meanwhile.
    public func search(_ term: String, everyWord: Bool = false, narrowing earlier: [SearchMatches] = []) -> SearchMatches? {
        let needles = SearchKey.needles(of: term, everyWord: everyWord)
        guard !needles.isEmpty else {
            return SearchMatches(positions: Array(0..<count), needles: [], searched: count, lineage: lineage)
        }
        // The longest word is looked for in every key, the others only in the keys holding it.
        let pinned = needles.map(SearchNeedle.init).sorted { $0.count > $1.count }
        // Looked for key by key, most of the list costs more than one pass over all of it.
        let narrowed = earlier.filter { $0.lineage === lineage && $0.searched <= count && $0.cover(needles) }
            .min { $0.positions.count < $1.positions.count }
            .flatMap { $0.positions.count <= count / 2 ? $0 : nil }
        var found: [Int] = []
        if let narrowed {
            found = inParts(narrowed.positions.count) { part, into in
                keep(narrowed.positions[part], holding: pinned, in: &into)
            }
            guard !Task.isCancelled, scan(narrowed.searched..<count, for: pinned, into: &found) else { return nil }
        } else {
            found = inParts(count) { part, into in scan(part, for: pinned, into: &into) }
            guard !Task.isCancelled else { return nil }
        }
        return SearchMatches(positions: found, needles: needles, searched: count, lineage: lineage)
    }

    /// The first `limit` records matching `term`, in order, found by looking through no more
    /// than the first ``firstMatchesWithin`` records: what a list at 1,000,000 records shows while
    /// the whole search goes on (a term matching half of them takes 20 ms to count, its first
    /// screenful a fraction of one). Nil when the index is too small for that to be worth a frame
    /// (``firstMatchesAbove``), the term is blank, or fewer than `limit` were found there.
    public func firstMatches(of term: String, everyWord: Bool = false, limit: Int) -> [Int]? {
        guard count > Self.firstMatchesAbove, limit > 0 else { return nil }
        let needles = SearchKey.needles(of: term, everyWord: everyWord)
        guard !needles.isEmpty else { return nil }
        let pinned = needles.map(SearchNeedle.init).sorted { $0.count > $1.count }
        var found: [Int] = []
        found.reserveCapacity(limit)
        guard scan(0..<min(count, Self.firstMatchesWithin), for: pinned, into: &found, limit: limit), found.count >= limit else {
            return nil
        }
        return found
    }

    /// Below this many records the whole search draws within a frame: no first matches apart.
    public static let firstMatchesAbove = 200_000
    /// How many records a look for the first matches goes through at most.
    static let firstMatchesWithin = 65_536

    /// The positions `look` finds in `0..<count`, split into one consecutive part a core when
    /// there are enough to pay for the threads, joined in order: a keystroke at 1,000,000
    /// records ("t" is in nearly every key) is a pass of 20 ms on one core. A part's `look`
    /// returns false when it gave up; the caller asks `Task.isCancelled` after (a part on a
    /// Dispatch thread has no task to ask).
    private func inParts(_ count: Int, _ look: (Range<Int>, inout [Int]) -> Bool) -> [Int] {
        let parts = count < 2 * Self.recordsPerScan ? 1 : min(Cores.count, count / Self.recordsPerScan)
        guard parts > 1 else {
            var found: [Int] = []
            _ = look(0..<count, &found)
            return found
        }
        let share = (count + parts - 1) / parts
        let made = PartResults<Int>(parts)
        withoutActuallyEscaping(look) { look in
            let look = UncheckedLook(look: look)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                var found: [Int] = []
                _ = look.look(min(count, part * share)..<min(count, (part + 1) * share), &found)
                made.set(part, found)
            }
        }
        return made.joined()
    }

    /// Below this many records a part of a scan isn't worth a thread.
    private static let recordsPerScan = 65_536

    /// Appends to `found` the records among `records` whose key holds every needle, the first
    /// found by one pass over their bytes: from each hit the scan goes on at the next key; it
    /// stops once `found` holds `limit`. False when the task was cancelled meanwhile.
    private func scan(_ records: Range<Int>, for needles: [SearchNeedle], into found: inout [Int], limit: Int = .max) -> Bool {
        guard !records.isEmpty else { return true }
        return withPointers(needles[0]) { hay, starts, pin in
            let first = needles[0], others = needles.dropFirst()
            var record = records.lowerBound
            var from = Int(starts[record])
            let end = Int(starts[records.upperBound])
            var hits = 0
            while let hit = SearchNeedle.offset(of: pin, first.count, pivot: first.pivot, in: hay, from: from, to: end) {
                hits += 1
                if hits & 0xFFF == 0, Task.isCancelled { return false }
                // Keys are walked past, not looked up: hits come in order.
                while Int(starts[record + 1]) <= hit { record += 1 }
                let keyEnd = Int(starts[record + 1])
                // A hit that runs into the next key is no match of either.
                guard hit + first.count <= keyEnd else {
                    from = hit + 1
                    continue
                }
                if others.allSatisfy({ $0.offset(in: hay, from: Int(starts[record]), to: keyEnd) != nil }) {
                    found.append(record)
                    if found.count >= limit { return true }
                }
                record += 1
                from = keyEnd
            }
            return true
        }
    }

    /// Appends to `found` those of `positions` whose key holds every needle. False when the task
    /// was cancelled meanwhile.
    private func keep(_ positions: ArraySlice<Int>, holding needles: [SearchNeedle], in found: inout [Int]) -> Bool {
        withPointers(needles[0]) { hay, starts, pin in
            let first = needles[0], others = needles.dropFirst()
            for (checked, position) in positions.enumerated() {
                if checked & 0xFFF == 0, Task.isCancelled { return false }
                let start = Int(starts[position]), end = Int(starts[position + 1])
                guard SearchNeedle.offset(of: pin, first.count, pivot: first.pivot, in: hay, from: start, to: end) != nil,
                      others.allSatisfy({ $0.offset(in: hay, from: start, to: end) != nil }) else { continue }
                found.append(position)
            }
            return true
        }
    }

    /// `body` with the keys' bytes, their starts and `needle`'s bytes, each taken once for a
    /// whole pass; true without a call when the index holds no bytes (nothing can be found).
    private func withPointers(
        _ needle: SearchNeedle,
        _ body: (UnsafePointer<UInt8>, UnsafeBufferPointer<Int32>, UnsafePointer<UInt8>) -> Bool
    ) -> Bool {
        withKeys { hay, starts in
            needle.bytes.withUnsafeBufferPointer { pin in
                guard let hay = hay.baseAddress, let pin = pin.baseAddress else { return true }
                return body(hay, starts, pin)
            }
        }
    }
}

/// A search's look at one part, called from the parts' threads: it only reads the index and
/// needles the search holds for the whole of ``SearchIndex/search(_:everyWord:narrowing:)``.
private struct UncheckedLook: @unchecked Sendable {
    let look: (Range<Int>, inout [Int]) -> Bool
}
