import Foundation

extension RandomPerson {
    /// Whether a search term matches the name, email, city, country or nationality (case- and
    /// accent-insensitive): the list's `/` and `rolo dump --search`.
    public func matches(_ term: String) -> Bool {
        [fullName, email, city, country, nationality].contains {
            $0.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
    }
}
