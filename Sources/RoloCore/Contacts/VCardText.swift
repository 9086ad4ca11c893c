import Foundation

/// The text-level rules of vCard values: backslash escapes and separators.
enum VCardText {
    /// `text` with the escapes of RFC 6350 §3.4 resolved: `\\`, `\,`, `\;`, `\n` / `\N`, and
    /// `\:` which some writers emit. An unknown escape keeps its backslash, as Windows paths in
    /// 2.1 notes carry them unescaped.
    static func unescape(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var output = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                output.append(character)
                continue
            }
            switch characters.next() {
            case "n", "N": output.append("\n")
            case "\\": output.append("\\")
            case ",": output.append(",")
            case ";": output.append(";")
            case ":": output.append(":")
            case let other?: output.append("\\"); output.append(other)
            case nil: output.append("\\")
            }
        }
        return output
    }

    /// `text` with its escapes resolved.
    static func unescape(_ text: String) -> String {
        unescape(Substring(text))
    }

    /// `text` split at every `separator` that isn't escaped with a backslash; the parts keep
    /// their escapes so they can be split again (a comma list inside an `N` component).
    static func split(_ text: Substring, on separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\\" {
                index = text.index(after: index)
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if character == separator {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        parts.append(text[start..<text.endIndex])
        return parts
    }

    /// The components of a structured value (`N`, `ADR`, `ORG`), each a list of its
    /// comma-separated values, unescaped and cleaned for one terminal line.
    static func components(_ raw: String) -> [[String]] {
        split(Substring(raw), on: ";").map { component in
            split(component, on: ",")
                .map { unescape($0).sanitizedForTerminal.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
    }
}
