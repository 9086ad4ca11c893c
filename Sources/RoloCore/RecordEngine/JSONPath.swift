/// A dotted path into a JSON value: `address.city`, `emails.0.value` (a number steps into a
/// list, a negative one from its end: `data.-1.id` is the last item's id; `*` steps into every
/// item: `emails.*.value` is every email, as a list); a key that holds a
/// dot goes in brackets and quotes: `["@odata.nextLink"]`, `a.b["c.d"].e`. The empty path is
/// the value itself.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The keys and list indexes, in order.
    public let steps: [String]

    /// The path written `text`; "" is the value itself. A path that can't be read (`a..b`, an
    /// unclosed `["`) keeps an empty step, which ``isWellFormed`` reports.
    public init(_ text: String) {
        steps = Self.parse(text)
    }

    /// The path of `steps`.
    public init(steps: [String]) {
        self.steps = steps
    }

    /// Whether the path is written well: no empty step (`a..b`, a leading or trailing dot, a
    /// bracket left open).
    public var isWellFormed: Bool {
        !steps.contains(where: \.isEmpty)
    }

    /// The path as written, `emails.0.value`, a key holding a dot or bracket as `["c.d"]`.
    public var description: String {
        var text = ""
        for step in steps {
            if step.isEmpty || step.contains(where: { $0 == "." || $0 == "[" || $0 == "]" || $0 == "\"" }) {
                let escaped = step.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"")
                text += "[\"\(escaped)\"]"
            } else {
                text += (text.isEmpty ? "" : ".") + step
            }
        }
        return text
    }

    /// The steps of `text`: keys between dots, and `["key"]`, `['key']` or `[3]` anywhere a key
    /// may stand; an empty step where the text can't be read.
    private static func parse(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var steps: [String] = []
        var rest = Substring(text)
        // After a `.` (or at the start) a key must follow; after a bracket, a `.`, `[` or the end.
        var needsKey = true
        while true {
            if rest.first == "[" {
                guard let (key, after) = bracket(rest) else { return steps + [""] }
                steps.append(key)
                rest = after
            } else if needsKey {
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                steps.append(String(rest[..<end]))
                rest = rest[end...]
            } else {
                // Text straight after a bracket: `["a"]b`.
                return steps + [""]
            }
            guard let next = rest.first else { return steps }
            if next == "." {
                rest = rest.dropFirst()
                needsKey = true
                if rest.isEmpty { return steps + [""] }
            } else {
                needsKey = false
            }
        }
    }

    /// The key of the bracket `text` starts with and the text after it; nil when it isn't one.
    private static func bracket(_ text: Substring) -> (String, Substring)? {
        var rest = text.dropFirst()
        guard let quote = rest.first else { return nil }
        if quote == "\"" || quote == "'" {
            rest = rest.dropFirst()
            var key = ""
            while let character = rest.first {
                rest = rest.dropFirst()
                if character == "\\", let escaped = rest.first {
                    key.append(escaped)
                    rest = rest.dropFirst()
                } else if character == quote {
                    guard rest.first == "]" else { return nil }
                    return (key, rest.dropFirst())
                } else {
                    key.append(character)
                }
            }
            return nil
        }
        guard let close = rest.firstIndex(of: "]"), let index = Int(rest[..<close]) else { return nil }
        return (String(index), rest[rest.index(after: close)...])
    }
}
