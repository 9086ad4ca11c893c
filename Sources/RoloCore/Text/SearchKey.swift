import Foundation

/// Text folded for matching: case and diacritics dropped, so "jõe" finds "Jõe" and "JOE".
///
/// Both what is stored and what the user types go through the same fold, so a plain substring
/// test (SQLite's `instr`) matches the way the in-memory searches of the other sources do.
public enum SearchKey {
    /// `text` case- and diacritic-folded, with runs of whitespace made one space.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The fold of several fields, kept apart by a newline so no match spans two of them.
    public static func fold(_ fields: [String]) -> String {
        fields.map(fold).filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
