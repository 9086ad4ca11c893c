import Foundation
import RoloCore

/// The merged directory as the list shows it, worked out off the main actor: sorted into
/// sections by position, the rows' index by id, and each person's folded search text.
struct DirectoryList: Sendable {
    /// The people in list order: section by section, each by last name, then first name.
    let employees: [DirectoryEmployee]
    /// Every person under their position's header.
    let layout: RowLayout
    let search: SearchIndex

    static let empty = DirectoryList(employees: [], layout: RowLayout(ids: []), search: SearchIndex(keys: []))

    /// Sorts and indexes `employees` off the caller's actor: sorting 200,000 people by locale
    /// takes longer than a frame. The rows' ids don't depend on the order, so they are worked
    /// out beside it; the search text is folded after it, in list order, half on each core, so
    /// a keystroke's scan reads the keys in the order they were made, not scattered over memory.
    @concurrent
    static func prepare(_ employees: [DirectoryEmployee], locale: Locale) async -> DirectoryList {
        async let order = HeavyWork.run { DirectoryMerge.order(employees, locale: locale) }
        async let ids = HeavyWork.run { employees.map(DirectoryDetail.rowID) }
        let (inOrder, rowIDs) = await (order, ids)
        let ordered = await HeavyWork.run { inOrder.map { employees[$0] } }
        let half = ordered.count / 2
        async let front = HeavyWork.run { ordered[..<half].map(searchText) }
        async let back = HeavyWork.run { ordered[half...].map(searchText) }
        let keys = await front + back
        return await HeavyWork.run { assemble(ordered, inOrder.map { rowIDs[$0] }, keys) }
    }

    /// Merges the saved answer's cities and prepares the result, off the caller's actor.
    @concurrent
    static func prepare(_ saved: DirectorySnapshot, locale: Locale) async -> DirectoryList {
        await prepare(await HeavyWork.run { saved.employees }, locale: locale)
    }

    /// What a search looks through: names, email, the position's code and title, the projects.
    private static func searchText(_ employee: DirectoryEmployee) -> String {
        SearchKey.fold([
            employee.firstName, employee.lastName, employee.email,
            employee.position.rawValue, employee.position.title,
        ] + employee.projects)
    }

    /// The list of `ordered` people under their positions' headers, with their row `ids` and
    /// search `keys`.
    private static func assemble(_ ordered: [DirectoryEmployee], _ ids: [String], _ keys: [String]) -> DirectoryList {
        var grouped: [(header: String?, records: [Int])] = []
        for (position, employee) in ordered.enumerated() {
            let title = employee.position.title
            if grouped.last?.header == title {
                grouped[grouped.count - 1].records.append(position)
            } else {
                grouped.append((title, [position]))
            }
        }
        return DirectoryList(employees: ordered, layout: RowLayout(ids: ids, sections: grouped), search: SearchIndex(keys: keys))
    }

    /// Merges one refresh's listings (a failed city filled in from `saved`, stamped
    /// `savedStamp`) and prepares the result, all off the main actor; the outcome's people are
    /// the list's, in list order.
    @concurrent
    static func prepare(
        _ listings: [DirectoryListing], saved: DirectorySnapshot?, savedStamp: String, locale: Locale
    ) async -> (DirectoryOutcome, DirectoryList?) {
        var outcome = await HeavyWork.run { DirectoryOutcome(listings, saved: saved, savedStamp: savedStamp) }
        guard let employees = outcome.employees else { return (outcome, nil) }
        let list = await prepare(employees, locale: locale)
        // The same people in list order: the merged copy (16 MB at 200,000) can go now.
        outcome.employees = list.employees
        return (outcome, list)
    }

    /// The rows of the people matching every word of `term` in a name, the email, a project or
    /// the position, each header kept over its matches; nil when cancelled.
    @concurrent
    func matching(_ term: String) async -> RowLayout? {
        search.positions(matching: term, everyWord: true).map { layout.filtered(keeping: Set($0)) }
    }

    /// The person with row id `rowID`.
    func employee(withID rowID: String) -> DirectoryEmployee? {
        layout.position(ofRowID: rowID).map { employees[$0] }
    }
}
