import Foundation

/// Text folded for matching: case and diacritics dropped, so "jõe" finds "Jõe" and "JOE".
///
/// Both what is stored and what the user types go through the same fold, so a plain substring
/// test (SQLite's `instr`) matches the way the in-memory searches of the other sources do.
public enum SearchKey {
    /// `text` case- and diacritic-folded, with runs of whitespace made one space.
    public static func fold(_ text: String) -> String {
        if let ascii = foldASCII(text) { return ascii }
        if let letters = foldLetters(text) { return letters }
        return foundationFold(text)
    }

    /// Foundation's fold, whitespace collapsed: the reference the fast paths must equal.
    static func foundationFold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Scalars that are each a whole grapheme and never join their neighbours: the Latin letters
    /// of Latin-1 and Latin Extended-A and -B, and Cyrillic without its combining marks. Names
    /// are nearly all written in them.
    private static let letterRanges: [ClosedRange<UInt32>] = [0xC0...0x24F, 0x400...0x482, 0x48A...0x4FF]

    /// Each of those scalars folded by Foundation once, so a name in them is folded scalar by
    /// scalar: Foundation's folding costs microseconds a name, a second over 200,000 people.
    private static let foldedLetters: [UInt32: [UInt8]] = {
        var table: [UInt32: [UInt8]] = [:]
        for range in letterRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                table[value] = Array(String(Character(scalar))
                    .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
            }
        }
        return table
    }()

    /// Whether `text` is made of ASCII and the scalars of ``letterRanges`` only: text that is
    /// already NFC, as each of those scalars is and none composes with its neighbour.
    static func isSimpleLetters(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII || letterRanges.contains { $0.contains(scalar.value) }
        }
    }

    /// The fold of text made of ASCII and the scalars of ``letterRanges`` only, by table; nil
    /// for any other text. Whitespace can only be ASCII here.
    private static func foldLetters(_ text: String) -> String? {
        var folded = FoldedText(capacity: text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                folded.append(ascii: UInt8(scalar.value))
                continue
            }
            guard let letter = foldedLetters[scalar.value], !letter.contains(where: { $0 < 0x21 }) else { return nil }
            folded.append(letter)
        }
        return folded.text
    }

    /// The same fold for text that is all ASCII, byte by byte: Foundation's folding costs
    /// microseconds a string, which is seconds over a list of 200,000. Nil for other text.
    static func foldASCII(_ text: String) -> String? {
        collapsingASCIIBlanks(text, folding: true)
    }

    /// `text` with its ASCII blank runs made one space and none at the ends; with `folding`,
    /// also its ASCII capitals made small, and nil when it isn't all ASCII. Written straight into
    /// the string's storage: appending to an array a byte at a time is a tenth of a second over
    /// 200,000 people. (A flag, not a closure: a call per byte through one costs more again.)
    static func collapsingASCIIBlanks(_ text: String, folding: Bool) -> String? {
        var text = text
        return text.withUTF8 { source -> String? in
            var isASCII = true
            // Never longer than the text: blanks only collapse.
            let collapsed = String(unsafeUninitializedCapacity: source.count) { target in
                var count = 0
                var pendingSpace = false
                for byte in source {
                    if byte.isASCIIBlank {
                        pendingSpace = count > 0
                        continue
                    }
                    var kept = byte
                    if folding {
                        guard byte < 0x80 else {
                            isASCII = false
                            return 0
                        }
                        kept = byte.asciiLowercased
                    }
                    if pendingSpace {
                        target[count] = 0x20
                        count += 1
                        pendingSpace = false
                    }
                    target[count] = kept
                    count += 1
                }
                return count
            }
            return isASCII ? collapsed : nil
        }
    }

    /// The fold of several fields, kept apart by a newline so no match spans two of them.
    public static func fold(_ fields: [String]) -> String {
        fields.map(fold).filter { !$0.isEmpty }.joined(separator: "\n")
    }
}

/// Folded text being made: ASCII lower-cased, whitespace runs made one space, none at the ends.
private struct FoldedText {
    private var bytes: [UInt8] = []
    private var pendingSpace = false

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(ascii byte: UInt8) {
        if byte.isASCIIBlank {
            pendingSpace = !bytes.isEmpty
            return
        }
        placePendingSpace()
        bytes.append(byte.asciiLowercased)
    }

    mutating func append(_ folded: [UInt8]) {
        placePendingSpace()
        bytes.append(contentsOf: folded)
    }

    private mutating func placePendingSpace() {
        guard pendingSpace else { return }
        bytes.append(0x20)
        pendingSpace = false
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
