/// Finds the line a top-level key is written on, since TOMLKit doesn't expose node positions.
struct KeyLines {
    let lines: [Substring]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The 1-based line where `key` is assigned inside `[table]`, or as `table.key =` outside it.
    func line(of key: String, inTable table: String) -> Int? {
        var inside = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.first == "[" {
                inside = trimmed.dropFirst().drop(while: { $0 == " " }).hasPrefix(table)
                    && trimmed.dropFirst().drop(while: { $0 == " " }).dropFirst(table.count).drop(while: { $0 == " " }).first == "]"
                continue
            }
            if inside, assigns(trimmed, key) { return index + 1 }
        }
        return line(of: "\(table).\(key)")
    }

    /// Whether a line (blanks dropped) assigns `key`: `key =`, `"key" =`, `'key' =`.
    private func assigns(_ line: Substring, _ key: String) -> Bool {
        for spelling in [key, "\"\(key)\"", "'\(key)'"] where line.hasPrefix(spelling) {
            if line.dropFirst(spelling.count).drop(while: { $0 == " " || $0 == "\t" }).first == "=" { return true }
        }
        return false
    }

    /// The 1-based line where `key` is assigned (`key =`, `"key" =`, `key.sub =`) or opens a
    /// table (`[key]`, `[key.sub]`, `[[key]]`).
    func line(of key: String) -> Int? {
        let blanks: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        for (index, line) in lines.enumerated() {
            var rest = line.drop(while: blanks)
            let isHeader = rest.first == "["
            rest = rest.drop(while: { $0 == "[" }).drop(while: blanks)
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(spelling) {
                let after = rest.dropFirst(spelling.count).drop(while: blanks).first
                let ends: Set<Character> = isHeader ? ["]", "."] : ["=", "."]
                if let after, ends.contains(after) { return index + 1 }
            }
        }
        return nil
    }
}
