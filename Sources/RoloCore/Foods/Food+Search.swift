import Foundation

extension Food {
    /// Whether a search term matches the name, description or country (case- and
    /// accent-insensitive): the list's `/` and `rolo dump --search`.
    public func matches(_ term: String) -> Bool {
        let country = countryCode.map { [$0, Country.name(for: $0) ?? ""] } ?? []
        return ([name, description] + country).contains {
            $0.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
    }
}
