import RoloCore

/// A loaded list of employees with what showing and searching it needs, worked out once off the
/// main actor: the rows' index by id and each employee's folded search text.
struct PeopleList: Sendable {
    let employees: [Employee]
    /// Every employee, in the server's order.
    let layout: RowLayout
    /// The folded search texts, made after the list is shown.
    let search: PendingSearchIndex

    static let empty = PeopleList(employees: [], layout: RowLayout(ids: []), search: PendingSearchIndex(SearchIndex(keys: [])))

    /// Prepares `employees` on the concurrent executor, never on the caller's actor.
    @concurrent
    static func prepare(_ employees: [Employee]) async -> PeopleList {
        await HeavyWork.run { PeopleList(
            employees: employees,
            layout: RowLayout(ids: employees.map { String($0.id) }),
            search: PendingSearchIndex(count: employees.count) { employees[$0].searchKey }) }
    }

    /// The rows of the employees whose name, gender or birth date holds `term` (case- and
    /// accent-insensitive); nil when cancelled.
    @concurrent
    func matching(_ term: String) async -> RowLayout? {
        let index = await search.index
        guard !Task.isCancelled else { return nil }
        return index.positions(matching: term, everyWord: Employee.searchesEveryWord).map(layout.showing)
    }
}
