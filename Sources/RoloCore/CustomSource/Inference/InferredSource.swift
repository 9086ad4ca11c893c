import Foundation

/// A `[[sources]]` table that `rolo add` wrote from an API's answers: each key with the value it
/// guessed and, where the guess wasn't sure, why, which the TOML carries as a comment.
public struct InferredSource: Sendable, Equatable {
    /// One key of the table: its value as TOML and what to check about it (nil when sure).
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var toml: String
        public var doubt: String?
    }

    public var name: String
    /// The table's own keys, in the order they are written.
    public var entries: [Entry] = []
    /// `[sources.paging]`'s keys; empty for one request.
    public var paging: [Entry] = []
    /// What the paging was seen to be, for the comment above `[sources.paging]`.
    public var pagingSummary: String?
    /// Remarks on the whole source (no paging seen, a detail URL that didn't answer).
    public var remarks: [String] = []

    /// How many keys the table holds with a doubt: the guesses to check.
    public var doubts: Int { (entries + paging).filter { $0.doubt != nil }.count }

    mutating func set(_ key: String, _ toml: String, doubt: String? = nil) {
        entries.removeAll { $0.key == key }
        entries.append(Entry(key: key, toml: toml, doubt: doubt))
    }

    mutating func setPaging(_ key: String, _ toml: String, doubt: String? = nil) {
        paging.removeAll { $0.key == key }
        paging.append(Entry(key: key, toml: toml, doubt: doubt))
    }

    /// The table as it is appended to the config file.
    public var toml: String {
        var lines = ["# written by rolo add on \(Self.today())" + (doubts > 0 ? "; check the lines marked ‹guess›" : "")]
        lines += remarks.map { "# \($0)" }
        lines.append("[[sources]]")
        lines += Self.lines(entries)
        if !paging.isEmpty {
            if let pagingSummary { lines.append("# \(pagingSummary)") }
            lines.append("[sources.paging]")
            lines += Self.lines(paging)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(_ entries: [Entry]) -> [String] {
        let width = min(40, entries.map { $0.key.count + 3 + $0.toml.count }.max() ?? 0)
        return entries.map { entry in
            let line = "\(entry.key) = \(entry.toml)"
            guard let doubt = entry.doubt else { return line }
            return line.padding(toLength: max(width, line.count), withPad: " ", startingAt: 0) + "  # ‹guess› \(doubt)"
        }
    }

    private static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}

/// TOML's spelling of the values `rolo add` writes.
enum TOMLText {
    /// A basic string: JSON's escapes are TOML's, and TOML escapes DEL too.
    static func string(_ text: String) -> String {
        if text.contains("\""), !text.contains("'"), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            // A literal string reads as written: '["@odata.nextLink"]'.
            return "'" + text + "'"
        }
        return DumpEscaping.jsonString(text).replacingOccurrences(of: "\u{7F}", with: "\\u007F")
    }

    /// A JSON path as `[sources]` keys write it: `a.b.0.c`, a key holding a dot (or starting
    /// with a character a path can't) as `["@odata.nextLink"]`.
    static func path(_ steps: [String]) -> String {
        var text = ""
        for step in steps {
            if step.isEmpty || step.contains(where: { $0 == "." || $0 == "[" || $0 == "]" || $0 == "\"" || $0 == "{" || $0 == "}" }) {
                text += "[\"\(step)\"]"
            } else {
                text += (text.isEmpty ? "" : ".") + step
            }
        }
        return text
    }
}
