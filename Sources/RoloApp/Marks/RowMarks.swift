import TerminalUI

/// The rows a user marked in one source's list, by id, for an action on all of them at once.
///
/// Space toggles the selected row and makes it the anchor; `V` marks every row from the anchor
/// to the selected one (both included), so "Space on the first, move, V on the last" marks a
/// block; without an anchor `V` marks the selected row alone. Marks are ids, not positions: they
/// follow their records through a refresh, a re-sort and a search filter, and
/// ``pruned(keeping:)`` drops those whose records are gone.
struct RowMarks: Equatable, Sendable {
    /// The marked row ids.
    private(set) var ids: Set<String> = []
    /// Where the next `V` range starts: the row last toggled or ranged to.
    private(set) var anchor: String?

    /// How many rows are marked.
    var count: Int { ids.count }
    /// Whether no row is marked.
    var isEmpty: Bool { ids.isEmpty }

    /// Whether row `id` is marked.
    func contains(_ id: String) -> Bool {
        ids.contains(id)
    }

    /// Marks row `id`, or unmarks it when it is marked; it becomes the anchor either way.
    mutating func toggle(_ id: String) {
        if ids.remove(id) == nil { ids.insert(id) }
        anchor = id
    }

    /// Marks every row of `entries` between the anchor and `id`, both included, headers
    /// skipped; with no anchor (or one no longer listed) just `id`. `id` becomes the anchor.
    mutating func markRange(to id: String, in entries: any ListEntrySource) {
        defer { anchor = id }
        guard let end = entries.index(ofRowID: id) else { return }
        guard let anchor, let start = entries.index(ofRowID: anchor) else {
            ids.insert(id)
            return
        }
        for index in min(start, end)...max(start, end) {
            if let row = entries.entry(at: index).row { ids.insert(row.id) }
        }
    }

    /// Marks `id` (a run's failed records stay marked).
    mutating func insert(_ id: String) {
        ids.insert(id)
    }

    /// Unmarks `ids` (a run's records that are done).
    mutating func remove(_ ids: some Sequence<String>) {
        self.ids.subtract(ids)
        if let anchor, !self.ids.contains(anchor) { self.anchor = nil }
    }

    /// Unmarks every row.
    mutating func removeAll() {
        ids = []
        anchor = nil
    }

    /// The marks whose rows `isListed` still finds; the others' records are gone.
    func pruned(keeping isListed: (String) -> Bool) -> RowMarks {
        var kept = self
        kept.ids = ids.filter(isListed)
        if let anchor, !isListed(anchor) { kept.anchor = nil }
        return kept
    }

    /// The marked ids in the order `entries` lists them (a run goes down the list), then any
    /// not listed now, sorted, so the order never depends on a set's.
    func ordered(in entries: any ListEntrySource) -> [String] {
        let listed = ids.map { (id: $0, index: entries.index(ofRowID: $0)) }
        return listed.sorted { lhs, rhs in
            switch (lhs.index, rhs.index) {
            case let (left?, right?): left < right
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): lhs.id < rhs.id
            }
        }.map(\.id)
    }
}
