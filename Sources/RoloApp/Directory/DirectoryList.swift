import Foundation
import RoloCore

/// The merged directory as the list shows it, worked out off the main actor: sorted into
/// sections by position, the rows' index by id, and each person's folded search text.
struct DirectoryList: Sendable {
    /// The people in list order: section by section, each by last name, then first name.
    let employees: [DirectoryEmployee]
    /// Every person under their position's header.
    let layout: RowLayout
    /// The folded search texts, made after the list is shown.
    let search: PendingSearchIndex

    static let empty = DirectoryList(employees: [], layout: RowLayout(ids: []), search: PendingSearchIndex(SearchIndex(keys: [])))

    /// Indexes people already in list order: the search text is folded in list order, on
    /// every core, straight into the index, so a keystroke's scan reads the keys in the order
    /// they were made and 200,000 folded strings are never held at once. The list is ready
    /// before its search index is: the first frame doesn't wait for it.
    @concurrent
    private static func indexed(_ ordered: [DirectoryEmployee], ids: [String]) async -> DirectoryList {
        let search = PendingSearchIndex(count: ordered.count) { ordered[$0].searchKey }
        return await HeavyWork.run { assemble(ordered, ids, search) }
    }

    /// Merges the saved answer's cities and prepares the result, off the caller's actor;
    /// sorting 200,000 people by locale takes longer than a frame. Also gives `saved` with its
    /// cities held as positions in the list (``DirectorySnapshot/arranged(locale:)``): the one
    /// to keep.
    @concurrent
    static func prepare(_ saved: DirectorySnapshot, locale: Locale) async -> (list: DirectoryList, saved: DirectorySnapshot) {
        let (ordered, ids, snapshot) = await HeavyWork.run { saved.arranged(locale: locale) }
        return (await indexed(ordered, ids: ids), snapshot)
    }

    /// The list of `ordered` people under their positions' headers, with their row `ids` and
    /// `search` index.
    private static func assemble(_ ordered: [DirectoryEmployee], _ ids: [String], _ search: PendingSearchIndex) -> DirectoryList {
        var grouped: [(header: String?, records: [Int])] = []
        for (position, employee) in ordered.enumerated() {
            let title = employee.position.title
            if grouped.last?.header == title {
                grouped[grouped.count - 1].records.append(position)
            } else {
                grouped.append((title, [position]))
            }
        }
        return DirectoryList(employees: ordered, layout: RowLayout(ids: ids, sections: grouped), search: search)
    }

    /// Merges one refresh's listings (a failed city filled in from `saved`, stamped
    /// `savedStamp`) and prepares the result, all off the main actor; the outcome's people are
    /// the list's, in list order, its cities are held as positions in them, and its name keys
    /// are dropped (the list's row ids are them). The listings are consumed, so the arrays
    /// they brought are gone before the list is indexed.
    @concurrent
    static func prepare(
        _ listings: consuming [DirectoryListing], saved: DirectorySnapshot?, savedStamp: String, locale: Locale
    ) async -> (DirectoryOutcome, DirectoryList?) {
        let (outcome, ids) = await DirectoryOutcome.sorted(consume listings, saved: saved, savedStamp: savedStamp, locale: locale)
        guard let ordered = outcome.employees, let ids else { return (outcome, nil) }
        let list = await indexed(ordered, ids: ids)
        return (outcome, list)
    }

    /// Whether `listings` repeat `saved` (``DirectorySnapshot/isRepeated(by:)``), found off the
    /// main actor: 200,000 people are compared.
    @concurrent
    static func repeats(_ listings: [DirectoryListing], _ saved: DirectorySnapshot?) async -> Bool {
        guard let saved else { return false }
        return await HeavyWork.run { saved.isRepeated(by: listings) }
    }

    /// The outcome and list of an answer that repeated `saved`, with the `skipped` records it
    /// left out: `shown`, when it is the list made from `saved`, else that list made again.
    @concurrent
    static func prepare(
        repeating saved: DirectorySnapshot, shown: DirectoryList?, skipped: [SkippedRecord], locale: Locale
    ) async -> (DirectoryOutcome, DirectoryList?) {
        if let shown { return (DirectoryOutcome(repeating: saved, listed: shown.employees, skipped: skipped), shown) }
        let (list, held) = await prepare(saved, locale: locale)
        return (DirectoryOutcome(repeating: held, listed: list.employees, skipped: skipped), list)
    }

    /// The rows of the people matching every word of `term` in a name, the email, a project or
    /// the position, each header kept over its matches; nil when cancelled.
    @concurrent
    func matching(_ term: String) async -> RowLayout? {
        let index = await search.index
        guard !Task.isCancelled else { return nil }
        return index.positions(matching: term, everyWord: DirectoryEmployee.searchesEveryWord).map { layout.filtered(keeping: $0) }
    }

    /// The person with row id `rowID`.
    func employee(withID rowID: String) -> DirectoryEmployee? {
        layout.position(ofRowID: rowID).map { employees[$0] }
    }
}
