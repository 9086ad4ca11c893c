import Foundation

extension StringProtocol {
    /// The text without the spaces and tabs (`CharacterSet.whitespaces`) at either end.
    ///
    /// Text that has none there, nearly all of it, is returned as it is after looking at two
    /// scalars: Foundation's trimming goes through `NSString` and costs more than parsing the
    /// record around it, for every field of 200,000 records.
    public var trimmingWhitespace: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return "" }
        guard Self.isWhitespace(first) || Self.isWhitespace(last) else { return String(self) }
        return trimmingCharacters(in: .whitespaces)
    }

    /// Whether `scalar` is in `CharacterSet.whitespaces` (on Linux that holds U+200B too, so the
    /// set itself is asked about anything beyond ASCII).
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return whitespaces.contains(scalar)
    }
}

/// Made once: the `CharacterSet.whitespaces` getter itself shows in a profile.
private let whitespaces = CharacterSet.whitespaces
