/// Turns a vCard file's text into logical content lines (RFC 6350 §3.2).
enum VCardLines {
    /// The logical lines of `text`: physical lines split at CRLF, LF or CR; a line starting
    /// with a space or tab continues the previous one (the blank removed); a quoted-printable
    /// value ending in `=` (vCard 2.1's soft line break) continues on the next line as is, and
    /// so does a 2.1 base64 value whose lines aren't indented (old phones write them so, ended
    /// by a blank line). Blank lines and byte order marks are dropped.
    static func logical(_ text: String) -> [String] {
        var lines: [String] = []
        var softBreak = false
        var inBase64 = false
        for physical in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = Substring(physical)
            while line.first == "\u{FEFF}" { line = line.dropFirst() }
            if softBreak, !lines.isEmpty {
                lines[lines.count - 1] += line
            } else if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else if line.isEmpty {
                inBase64 = false
                continue
            } else if inBase64, !line.contains(":") {
                lines[lines.count - 1] += line
            } else {
                lines.append(String(line))
                inBase64 = isBase64(lines[lines.count - 1])
            }
            softBreak = false
            if let last = lines.last, last.hasSuffix("="), isQuotedPrintable(last) {
                lines[lines.count - 1].removeLast()
                softBreak = true
            }
        }
        return lines
    }

    /// Whether the line's parameters ask for base64 (2.1's bare `BASE64` or `ENCODING=BASE64`).
    private static func isBase64(_ line: String) -> Bool {
        guard let colon = VCardLineParser.valueStart(in: Substring(line)) else { return false }
        return line[..<colon].range(of: "BASE64", options: .caseInsensitive) != nil
    }

    /// Whether the line's parameters (the part before the value) ask for quoted-printable.
    private static func isQuotedPrintable(_ line: String) -> Bool {
        guard let colon = VCardLineParser.valueStart(in: Substring(line)) else { return false }
        return line[..<colon].range(of: "QUOTED-PRINTABLE", options: .caseInsensitive) != nil
    }
}
