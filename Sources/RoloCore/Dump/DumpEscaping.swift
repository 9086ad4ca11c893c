/// How each format quotes a value.
enum DumpEscaping {
    /// A JSON string (RFC 8259): quotes, backslashes and controls escaped, everything else as is.
    static func jsonString(_ text: String) -> String {
        JSONText.string(text)
    }

    /// A CSV field (RFC 4180): in double quotes, with quotes doubled, when it holds a comma, a
    /// quote or a line break; as is otherwise.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A TSV field: TSV has no quoting (IANA's text/tab-separated-values forbids tabs and line
    /// breaks in fields), so they are written `\t`, `\n`, `\r`, and a backslash `\\`, as
    /// PostgreSQL's and MySQL's text formats and `mlr --tsv` read them.
    static func tsvField(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
