import Foundation

extension Employee {
    /// Whether a search term matches the name, gender or birth date (case- and accent-insensitive):
    /// the list's `/` and `rolo dump --search`.
    public func matches(_ term: String) -> Bool {
        [fullName, gender, birthDate.display].contains {
            $0.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
    }
}
