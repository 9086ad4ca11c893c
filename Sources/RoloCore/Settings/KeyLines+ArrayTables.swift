/// Lines of the entries of an array of tables (`[[sources]]`), which ``KeyLines/line(of:)``
/// can't tell apart: every entry assigns the same keys.
extension KeyLines {
    /// For each `[[name]]` header, in order, its 1-based line and the lines of its entry: up to
    /// the next header that isn't one of its sub-tables (`[name.paging]`).
    func entries(ofArrayTable name: String) -> [(header: Int, lines: Range<Int>)] {
        var entries: [(header: Int, lines: Range<Int>)] = []
        var open: Int?
        for (index, line) in lines.enumerated() {
            guard let header = Self.header(line) else { continue }
            let number = index + 1
            if header == "[[\(name)]]" {
                if let start = open { entries.append((start, start + 1..<number)) }
                open = number
            } else if !header.hasPrefix("[\(name).") && !header.hasPrefix("[[\(name).") {
                if let start = open { entries.append((start, start + 1..<number)) }
                open = nil
            }
        }
        if let start = open { entries.append((start, start + 1..<lines.count + 1)) }
        return entries
    }

    /// The 1-based line in `range` where `key` is assigned: in the entry itself, or with
    /// `subtable`, under its `[name.subtable]` header.
    func line(of key: String, in range: Range<Int>, subtable: String? = nil) -> Int? {
        var current: String?
        // The whole path below the top table too, `lookups.paging` for `[sources.lookups.paging]`.
        var nested: String?
        for number in range where number - 1 < lines.count {
            let line = lines[number - 1]
            if let header = Self.header(line) {
                current = header.split(separator: ".").dropFirst().first.map { String($0.dropLast()) }
                let path = header.filter { $0 != "[" && $0 != "]" }.split(separator: ".").dropFirst()
                nested = path.isEmpty ? nil : path.joined(separator: ".")
                continue
            }
            guard current == subtable || (subtable != nil && nested == subtable) else { continue }
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where trimmed.hasPrefix(spelling) {
                let after = trimmed.dropFirst(spelling.count).drop(while: { $0 == " " || $0 == "\t" }).first
                if after == "=" || after == "." { return number }
            }
        }
        return nil
    }

    /// The 1-based line in `range` of a sub-table's header, `[sources.paging]`.
    func headerLine(ofSubtable subtable: String, in range: Range<Int>) -> Int? {
        range.first { number in
            number - 1 < lines.count && Self.header(lines[number - 1])?.hasSuffix(".\(subtable)]") == true
        }
    }

    /// A table header line without blanks, `[[sources]]` or `[sources.paging]`; nil for others.
    private static func header(_ line: Substring) -> String? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.first == "[", let close = trimmed.lastIndex(of: "]") else { return nil }
        return String(trimmed[...close].filter { $0 != " " && $0 != "\t" })
    }
}
