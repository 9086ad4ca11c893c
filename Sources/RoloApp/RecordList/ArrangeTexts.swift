import Foundation
import RoloCore

/// The `group` and `sort` texts of a configured source's first ``count`` stored records, in
/// order: what its list is laid out by (``RecordSections``). Kept between layouts, so the
/// pages a sync adds are rendered once, not the whole list again at each page; a detail or an
/// action's answer updates one record's.
struct ArrangeTexts: Sendable {
    /// The `group` texts; nil when the source has no `group`.
    private(set) var groups: [String]?
    /// The `sort` texts; nil when the source has no `sort`.
    private(set) var sorts: [String]?
    /// How many records' texts are held.
    private(set) var count = 0

    /// These texts and those of the records stored after them, read from `store` with paths
    /// into `lookups` resolved.
    func grown(from store: RecordStore, lookups: LookupValues) async throws -> ArrangeTexts {
        let more = try await store.arrangeTexts(from: count, lookups: lookups)
        var grown = self
        grown.groups = more.groups.map { (groups ?? []) + $0 }
        grown.sorts = more.sorts.map { (sorts ?? []) + $0 }
        grown.count += max(more.groups?.count ?? 0, more.sorts?.count ?? 0)
        return grown
    }

    /// The texts of the record at `position` are now `value`'s.
    mutating func set(_ value: JSONValue, at position: Int, source: RecordSource, lookups: LookupValues) {
        guard position < count else { return }
        if let group = source.group { groups?[position] = group.render(value, lookups: lookups) }
        if let sort = source.sort { sorts?[position] = sort.render(value, lookups: lookups) }
    }

    /// The record at `position` is gone, those after it moving up one.
    mutating func remove(at position: Int) {
        guard position < count else { return }
        groups?.remove(at: position)
        sorts?.remove(at: position)
        count -= 1
    }
}
