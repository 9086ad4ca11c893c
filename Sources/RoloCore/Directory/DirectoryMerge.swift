import Foundation

/// Merges the cities' listings into one list of unique people and sections it by position.
public enum DirectoryMerge {
    /// One section of the list: a position and its people, sorted.
    public typealias Section = (position: DirectoryEmployee.Position, employees: [DirectoryEmployee])

    /// Every person once, unique by full name (``PersonNameKey``: trimmed, NFC,
    /// case-insensitive, diacritics significant), in order of first appearance.
    ///
    /// When the same person is in several lists, the first list (the first configured URL,
    /// Tallinn by default) gives the spelling of the name, the email and the position: one list
    /// has to win, and the configured order is the one the user chose. The projects are the
    /// union, the first list's first, because "projects they have worked on" is the person's
    /// history across both offices. The phone is the first one given: a listing without a
    /// phone doesn't know it, it doesn't say there is none.
    public static func merge(_ lists: [[DirectoryEmployee]]) -> [DirectoryEmployee] {
        var merged: [DirectoryEmployee] = []
        var indexByKey: [PersonNameKey: Int] = [:]
        for employee in lists.joined() {
            guard let index = indexByKey[employee.nameKey] else {
                indexByKey[employee.nameKey] = merged.count
                merged.append(employee)
                continue
            }
            var kept = merged[index]
            if kept.phone == nil { kept.phone = employee.phone }
            var known = Set(kept.projects)
            kept.projects += employee.projects.filter { known.insert($0).inserted }
            merged[index] = kept
        }
        return merged
    }

    /// `employees` grouped by position; groups sorted alphabetically by their title, people by
    /// last name, then first name, compared case-insensitively in `locale`'s collation (so an
    /// Estonian locale puts `Õunapuu` after `Tamm`, as Estonians expect). Empty groups are left
    /// out.
    public static func sections(_ employees: [DirectoryEmployee], locale: Locale = .current) -> [Section] {
        let groups = Dictionary(grouping: employees, by: \.position)
        return groups.keys
            .sorted { compare($0.title, $1.title, locale) == .orderedAscending }
            .map { position in (position, sorted(groups[position, default: []], locale)) }
    }

    /// The people by last name, first name, then email, so that the order is total and never
    /// depends on the order the servers sent. Each is lower-cased once rather than at every one
    /// of the n log n comparisons: with 200,000 people that was most of the sort's time.
    private static func sorted(_ employees: [DirectoryEmployee], _ locale: Locale) -> [DirectoryEmployee] {
        let keys = employees.map { [$0.lastName, $0.firstName, $0.email].map { $0.lowercased(with: locale) } }
        let order = employees.indices.sorted { a, b in
            for (left, right) in zip(keys[a], keys[b]) {
                let order = left.compare(right, options: [], range: nil, locale: locale)
                if order != .orderedSame { return order == .orderedAscending }
            }
            return false
        }
        return order.map { employees[$0] }
    }

    private static func compare(_ a: String, _ b: String, _ locale: Locale) -> ComparisonResult {
        // Case is folded first: under the POSIX locale (what a C locale gives) Foundation on Linux
        // ignores .caseInsensitive and would sort "iOS" after "Web".
        a.lowercased(with: locale).compare(b.lowercased(with: locale), options: [], range: nil, locale: locale)
    }
}
