/// Finds the line a top-level key is written on, since TOMLKit doesn't expose node positions.
struct KeyLines {
    private let lines: [Substring]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
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
