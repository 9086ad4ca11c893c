import Foundation

/// The directory's `/` search.
public enum DirectorySearch {
    /// Whether `employee` matches `term`: every blank-separated word of the term must be found
    /// in the first name, last name, email, a project, or the position (its code or title),
    /// ignoring case and diacritics, so `juri` finds `Jüri` and `mari tamm` finds Mari-Liis
    /// Tamm. A blank term matches everyone.
    public static func matches(_ employee: DirectoryEmployee, term: String) -> Bool {
        let words = term.split(whereSeparator: { $0.isWhitespace })
        guard !words.isEmpty else { return true }
        let fields = [
            employee.firstName, employee.lastName, employee.email,
            employee.position.rawValue, employee.position.title,
        ] + employee.projects
        return words.allSatisfy { word in
            fields.contains { $0.range(of: word, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        }
    }

    /// The employees of `employees` that match `term`, in their order.
    public static func filter(_ employees: [DirectoryEmployee], term: String) -> [DirectoryEmployee] {
        employees.filter { matches($0, term: term) }
    }
}
