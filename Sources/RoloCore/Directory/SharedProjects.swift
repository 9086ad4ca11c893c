/// Hands out one array for each list of projects seen, so people who worked on the same
/// projects share it.
///
/// An array of projects for each person is 48–64 bytes even for one name: about
/// 10 MB for 200,000 people, who in a directory mostly share a few lists. Used within one
/// run of a decode (a few thousand people), so the table stays small.
struct SharedProjects {
    private var lists: [[String]: [String]] = [:]

    /// `employee` with their projects held in the array given to the first person with the
    /// same list.
    mutating func share(_ employee: DirectoryEmployee) -> DirectoryEmployee {
        guard !employee.projects.isEmpty else { return employee }
        guard let shared = lists[employee.projects] else {
            lists[employee.projects] = employee.projects
            return employee
        }
        var sharing = employee
        sharing.projects = shared
        return sharing
    }
}
