import Foundation

/// Text folded for matching: case and diacritics dropped, so "jõe" finds "Jõe" and "JOE".
///
/// Both what is stored and what the user types go through the same fold, so a plain substring
/// test (SQLite's `instr`) matches the way the in-memory searches of the other sources do.
public enum SearchKey {
    /// `text` case- and diacritic-folded, with runs of whitespace made one space.
    public static func fold(_ text: String) -> String {
        if let ascii = foldASCII(text) { return ascii }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The same fold for text that is all ASCII, byte by byte: Foundation's folding costs
    /// microseconds a string, which is seconds over a list of 200,000. Nil for other text.
    static func foldASCII(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            // The whitespace `Character.isWhitespace` knows in ASCII: tab to carriage return, space.
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The fold of several fields, kept apart by a newline so no match spans two of them.
    public static func fold(_ fields: [String]) -> String {
        fields.map(fold).filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
