/// Parses one logical content line: `[group.]name *(;param) : value`.
enum VCardLineParser {
    /// Values of `ENCODING` that 2.1 writes as bare parameters (`TEL;QUOTED-PRINTABLE:`).
    private static let bareEncodings: Set<String> = ["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]

    /// The property on `line`, or nil when it isn't a content line (no name or no colon).
    static func property(_ line: String) -> VCardProperty? {
        let text = Substring(line)
        guard let colon = valueStart(in: text) else { return nil }
        let head = text[..<colon]
        let parts = splitOutsideQuotes(head, on: ";")
        guard let qualified = parts.first?.trimmingCharacters(in: .whitespaces), !qualified.isEmpty else {
            return nil
        }
        var group: String?
        var name = qualified
        if let dot = qualified.lastIndex(of: ".") {
            group = String(qualified[..<dot]).lowercased()
            name = String(qualified[qualified.index(after: dot)...])
        }
        guard !name.isEmpty else { return nil }
        let parameters = Self.parameters(parts.dropFirst())
        var raw = String(text[text.index(after: colon)...])
        let encoding = parameters["ENCODING"]?.first?.uppercased()
        if encoding == "QUOTED-PRINTABLE" {
            raw = QuotedPrintable.decode(raw, charset: parameters["CHARSET"]?.first)
        }
        return VCardProperty(group: group, name: name.uppercased(), parameters: parameters, rawValue: raw)
    }

    /// The index of the colon that ends the name and parameters: the first one outside double
    /// quotes, since a quoted parameter value (`LABEL="a:b"`) may hold colons.
    static func valueStart(in line: Substring) -> Substring.Index? {
        var quoted = false
        for index in line.indices {
            switch line[index] {
            case "\"": quoted.toggle()
            case ":" where !quoted: return index
            default: continue
            }
        }
        return nil
    }

    /// The parameters, upper-cased names to values: `TYPE=home,voice` and repeated
    /// `TYPE=home;TYPE=voice` both give `["home", "voice"]`; quotes are removed and RFC 6868's
    /// `^n`, `^'` and `^^` resolved.
    private static func parameters(_ parts: ArraySlice<Substring>) -> [String: [String]] {
        var parameters: [String: [String]] = [:]
        for part in parts {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                let bare = trimmed.uppercased()
                parameters[bareEncodings.contains(bare) ? "ENCODING" : "TYPE", default: []].append(trimmed)
                continue
            }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces).uppercased()
            let values = splitOutsideQuotes(trimmed[trimmed.index(after: equals)...], on: ",")
                .map { caretDecoded(unquoted($0.trimmingCharacters(in: .whitespaces))) }
                // vCard 4.0 may quote a list: TYPE="cell,voice".
                .flatMap { name == "TYPE" ? $0.split(separator: ",").map(String.init) : [$0] }
                .filter { !$0.isEmpty }
            parameters[name, default: []].append(contentsOf: values)
        }
        return parameters
    }

    private static func splitOutsideQuotes(_ text: Substring, on separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var quoted = false
        var start = text.startIndex
        for index in text.indices {
            let character = text[index]
            if character == "\"" {
                quoted.toggle()
            } else if character == separator, !quoted {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
        }
        parts.append(text[start...])
        return parts
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        return String(text.dropFirst().dropLast())
    }

    private static func caretDecoded(_ text: String) -> String {
        guard text.contains("^") else { return text }
        var output = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "^" else {
                output.append(character)
                continue
            }
            switch characters.next() {
            case "n": output.append("\n")
            case "'": output.append("\"")
            case "^": output.append("^")
            case let other?: output.append("^"); output.append(other)
            case nil: output.append("^")
            }
        }
        return output
    }
}
