import Foundation

/// How rolo writes a person's name from its parts.
enum PersonName {
    /// "First Last", each part trimmed, empty parts left out; "(no name)" when nothing is left.
    static func full(_ first: String, _ last: String) -> String {
        let name = [first, last]
            .map(\.trimmingWhitespace)
            .filter { !$0.isEmpty }
            .joined(separator: " ")
        return name.isEmpty ? "(no name)" : name
    }
}
