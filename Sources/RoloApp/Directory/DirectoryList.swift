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

    /// Sorts and indexes `employees` on the concurrent executor, never on the caller's actor:
    /// sorting 200,000 people by locale takes longer than a frame.
    @concurrent
    static func prepare(_ employees: [DirectoryEmployee], locale: Locale) async -> DirectoryList {
        await HeavyWork.run { sorted(employees, locale: locale) }
    }

    /// Merges the saved answer's cities and prepares the result, off the caller's actor.
    @concurrent
    static func prepare(_ saved: DirectorySnapshot, locale: Locale) async -> DirectoryList {
        await HeavyWork.run { sorted(saved.employees, locale: locale) }
    }

    private static func sorted(_ employees: [DirectoryEmployee], locale: Locale) -> DirectoryList {
        let ordered = DirectoryMerge.order(employees, locale: locale).map { employees[$0] }
        var grouped: [(header: String?, records: [Int])] = []
        for (position, employee) in ordered.enumerated() {
            let title = employee.position.title
            if grouped.last?.header == title {
                grouped[grouped.count - 1].records.append(position)
            } else {
                grouped.append((title, [position]))
            }
        }
        return DirectoryList(
            employees: ordered,
            layout: RowLayout(ids: ordered.map(DirectoryDetail.rowID), sections: grouped),
            search: SearchIndex(keys: ordered.map { employee in
                SearchKey.fold([
                    employee.firstName, employee.lastName, employee.email,
                    employee.position.rawValue, employee.position.title,
                ] + employee.projects)
            }))
    }

    /// Merges one refresh's listings (a failed city filled in from `saved`, stamped
    /// `savedStamp`) and prepares the result, all off the main actor.
    @concurrent
    static func prepare(
        _ listings: [DirectoryListing], saved: DirectorySnapshot?, savedStamp: String, locale: Locale
    ) async -> (DirectoryOutcome, DirectoryList?) {
        let outcome = await HeavyWork.run { DirectoryOutcome(listings, saved: saved, savedStamp: savedStamp) }
        guard let employees = outcome.employees else { return (outcome, nil) }
        return (outcome, await prepare(employees, locale: locale))
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
