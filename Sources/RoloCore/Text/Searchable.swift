/// A record that the list's `/` and `rolo dump --search` find by the same fields, folded and
/// matched the same way: the fields are declared here once, by the record, so the screen and
/// the dump can't drift apart.
public protocol Searchable {
    /// The texts a search looks through.
    var searchFields: [String] { get }
    /// Whether each word of a term may be found in a different field (a first and a last name),
    /// rather than the term as one piece in one field.
    static var searchesEveryWord: Bool { get }
}

extension Searchable {
    public static var searchesEveryWord: Bool { false }

    /// The record's fields folded into one key, as the list's search index holds it.
    public var searchKey: String { SearchKey.fold(searchFields) }

    /// Whether `term` is found in the record, as the list's `/` finds it: a blank term finds
    /// every record.
    public func matches(_ term: String) -> Bool {
        let needles = SearchKey.needles(of: term, everyWord: Self.searchesEveryWord)
        guard !needles.isEmpty else { return true }
        let key = Array(searchKey.utf8)
        return needles.allSatisfy { SearchKey.contains($0, in: key) }
    }
}

extension SearchKey {
    /// What a term looks for in a folded key: its fold, or each of its words with `everyWord`.
    /// Empty for a blank term.
    public static func needles(of term: String, everyWord: Bool) -> [[UInt8]] {
        let folded = fold(term)
        let pieces = everyWord ? folded.split(separator: " ").map(String.init) : [folded]
        return pieces.filter { !$0.isEmpty }.map { Array($0.utf8) }
    }

    /// Whether `key` holds `needle`'s bytes. Folded text never holds a newline, so a needle
    /// can't span two fields, which the key keeps apart by one.
    public static func contains(_ needle: [UInt8], in key: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        return key.withUnsafeBufferPointer { hay in
            guard let hay = hay.baseAddress else { return false }
            return SearchNeedle(needle).offset(in: hay, from: 0, to: key.count) != nil
        }
    }
}
