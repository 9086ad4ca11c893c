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
    /// `[sources.body]`: the request body, with `"{cursor}"` where the cursor goes; nil for none.
    public var body: JSONValue?
    /// Why the body's cursor is a guess, if it is.
    public var bodyDoubt: String?
    /// What the paging was seen to be, for the comment above `[sources.paging]`.
    public var pagingSummary: String?
    /// Remarks on the whole source (no paging seen, a detail URL that didn't answer).
    public var remarks: [String] = []
    /// Why the table may not get every record: the answer looks paged and no paging was found
    /// that brings a second page, or the paging found can't reach the total. `rolo add` then
    /// exits 2 and writes the table only with `--force`; nil when the paging is sound.
    public var pagingProblem: String? {
        // It quotes the answer (a cursor, an API's error): cleaned once, as rolo add prints it.
        didSet { if let problem = pagingProblem, problem != problem.sanitizedForTerminal { pagingProblem = problem.sanitizedForTerminal } }
    }

    /// How many keys the table holds with a doubt: the guesses to check.
    public var doubts: Int { (entries + paging).filter { $0.doubt != nil }.count + (bodyDoubt == nil ? 0 : 1) }

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
        if case .object(let members)? = body {
            if let bodyDoubt { lines.append("# ‹guess› \(bodyDoubt)") }
            lines.append("[sources.body]")
            lines += members.compactMap { member in TOMLText.value(member.value).map { "\(TOMLText.key(member.key)) = \($0)" } }
        }
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

    /// A key, bare when TOML allows it, else quoted.
    static func key(_ key: String) -> String {
        !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } ? key : string(key)
    }

    /// A JSON value as a TOML value: inline tables and arrays; nil for null, which TOML lacks
    /// (a member whose value is null is left out).
    static func value(_ json: JSONValue) -> String? {
        switch json {
        case .null: return nil
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return string(text)
        case .array(let items): return "[ " + items.compactMap(value).joined(separator: ", ") + " ]"
        case .object(let members):
            let pairs = members.compactMap { member in value(member.value).map { "\(key(member.key)) = \($0)" } }
            return pairs.isEmpty ? "{}" : "{ " + pairs.joined(separator: ", ") + " }"
        }
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
