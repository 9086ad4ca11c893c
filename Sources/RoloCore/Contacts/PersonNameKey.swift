import Foundation

/// A person's name reduced to what decides "the same person" in the directory and the address
/// book: blanks at the ends dropped and runs of blanks made one space, Unicode NFC, lower case.
///
/// Diacritics stay significant: `Jüri` and `Juri` are different people in Estonia, and a
/// decomposed `u` + combining diaeresis is the same `ü` (NFC), so only the spelling counts.
public struct PersonNameKey: Hashable, Sendable, CustomStringConvertible {
    /// The normalised full name, e.g. `mari-liis tamm`.
    public let text: String

    /// The key of "first last".
    public init(firstName: String, lastName: String) {
        text = Self.normalized(firstName + " " + lastName)
    }

    /// The key of a name written whole, e.g. a vCard's `FN`.
    public init(fullName: String) {
        text = Self.normalized(fullName)
    }

    /// The normalised text.
    public var description: String { text }

    /// Keys are equal when their texts' bytes are: the texts are NFC by construction, where
    /// canonical equivalence is byte equality, and hashing the bytes skips String's NFC check
    /// (the directory's merge keys a dictionary by 200,000 of them).
    public static func == (lhs: PersonNameKey, rhs: PersonNameKey) -> Bool {
        lhs.text.hasSameUTF8(as: rhs.text)
    }

    public func hash(into hasher: inout Hasher) {
        text.hashUTF8(into: &hasher)
    }

    /// `part` trimmed, its inner blanks collapsed, NFC and lower-cased.
    public static func normalized(_ part: String) -> String {
        // ASCII is already NFC, and SearchKey's byte-wise fold of it is this normalisation:
        // Foundation's costs microseconds a name, over a second for the directory's 200,000.
        if let ascii = SearchKey.foldASCII(part) { return ascii }
        // Latin and Cyrillic letters are NFC as they are, and lower-case into NFC (İ's "i" and
        // combining dot compose into nothing): Foundation's two passes can be left out.
        if SearchKey.isSimpleLetters(part) {
            // Their only blanks are ASCII; splitting by `Character` looks each grapheme's
            // property up, a tenth of a second over the directory's 200,000 people. Without folding,
            // the collapse can't give up.
            return SearchKey.collapsingASCIIBlanks(part, folding: false)!.lowercased()
        }
        return foundationNormalized(part)
    }

    /// The normalisation through Foundation: the reference the fast paths must equal.
    static func foundationNormalized(_ part: String) -> String {
        let words = part.precomposedStringWithCanonicalMapping
            .split(whereSeparator: { $0.isWhitespace })
        // Lower-casing can leave decomposed sequences behind (e.g. İ), so normalise once more.
        return words.joined(separator: " ").lowercased().precomposedStringWithCanonicalMapping
    }
}
