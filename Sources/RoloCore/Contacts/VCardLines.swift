/// Turns a vCard file's text into logical content lines (RFC 6350 §3.2).
enum VCardLines {
    /// The logical lines of `text`: physical lines split at CRLF, LF or CR; a line starting
    /// with a space or tab continues the previous one (the blank removed); a quoted-printable
    /// value ending in `=` (vCard 2.1's soft line break) continues on the next line as is.
    /// Blank lines and byte order marks are dropped.
    static func logical(_ text: String) -> [String] {
        var lines: [String] = []
        var softBreak = false
        for physical in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = Substring(physical)
            while line.first == "\u{FEFF}" { line = line.dropFirst() }
            if softBreak, !lines.isEmpty {
                lines[lines.count - 1] += line
            } else if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else if line.isEmpty {
                continue
            } else {
                lines.append(String(line))
            }
            softBreak = false
            if let last = lines.last, last.hasSuffix("="), isQuotedPrintable(last) {
                lines[lines.count - 1].removeLast()
                softBreak = true
            }
        }
        return lines
    }

    /// Whether the line's parameters (the part before the value) ask for quoted-printable.
    private static func isQuotedPrintable(_ line: String) -> Bool {
        guard let colon = VCardLineParser.valueStart(in: Substring(line)) else { return false }
        return line[..<colon].range(of: "QUOTED-PRINTABLE", options: .caseInsensitive) != nil
    }
}
