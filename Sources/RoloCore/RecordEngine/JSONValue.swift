/// A JSON value as a configured source's server sent it: object members keep their order (the
/// detail lists fields as the server does) and numbers keep their text (`12.50`, ids past 2^53).
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON text.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order sent; a key sent twice keeps both, the last one wins.
    case object([JSONMember])

    /// The value of member `key` of an object (the last one of that name); nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The value at `path`; nil when a step of it is missing. A negative index counts from a
    /// list's end; `*` steps into every item of a list, giving the list of what each holds at the
    /// rest of the path.
    public func value(at path: JSONPath) -> JSONValue? {
        value(at: path.steps[...])
    }

    private func value(at steps: ArraySlice<String>) -> JSONValue? {
        var current = self
        for (offset, step) in zip(steps.indices, steps) {
            switch current {
            case .object:
                guard let next = current[step] else { return nil }
                current = next
            case .array(let items) where step == "*":
                // Every item's value at the rest of the path, as a list (`email.*.value`).
                let found = items.compactMap { $0.value(at: steps[(offset + 1)...]) }
                return found.isEmpty ? nil : .array(found)
            case .array(let items):
                // -1 is the last item, as in `data.-1.id`.
                guard let written = Int(step) else { return nil }
                let index = written < 0 ? items.count + written : written
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The value as one line of text, as sent: strings as they are, numbers and bools as their
    /// text, an array of such values joined by ", "; nil for null, an object or an empty array.
    /// Not yet made safe for the terminal (``JSONValue/displayText``).
    public var text: String? {
        switch self {
        case .null, .object: return nil
        case .bool(let value): return value ? "true" : "false"
        case .number(let text), .string(let text): return text
        case .array(let items):
            let texts = items.compactMap(\.text)
            return texts.isEmpty ? nil : texts.joined(separator: ", ")
        }
    }

    /// ``text`` stripped of control and escape sequences, ready for one line of the terminal.
    public var displayText: String? {
        text?.sanitizedForTerminal
    }

    /// The value as a whole number: a number without a fraction, or a string holding one.
    public var integer: Int? {
        switch self {
        case .number(let text), .string(let text):
            if let whole = Int(text) { return whole }
            guard let double = Double(text), double.rounded() == double, abs(double) < 9e15 else { return nil }
            return Int(double)
        default: return nil
        }
    }

    /// What this value is, for messages: "an object with keys foods, totalCount", "a list of 3".
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "text"
        case .array(let items): return items.isEmpty ? "an empty list" : "a list of \(items.count)"
        case .object(let members):
            guard !members.isEmpty else { return "an empty object" }
            var keys: [String] = []
            for member in members where !keys.contains(member.key) { keys.append(member.key) }
            return "an object with keys " + Self.shortList(keys.map(\.sanitizedForTerminal))
        }
    }

    /// The paths of every value that isn't an object or a list of objects, in order, nested ones
    /// as `a.b` and list items as `a.0.b`: the fields a record has.
    public var fieldPaths: [JSONPath] {
        var paths: [JSONPath] = []
        func visit(_ value: JSONValue, _ steps: [String]) {
            switch value {
            case .object(let members):
                var seen: Set<String> = []
                for member in members where seen.insert(member.key).inserted {
                    visit(value[member.key] ?? .null, steps + [member.key])
                }
            case .array(let items) where items.contains(where: \.isContainer):
                for (index, item) in items.enumerated() { visit(item, steps + [String(index)]) }
            default:
                if !steps.isEmpty { paths.append(JSONPath(steps: steps)) }
            }
        }
        visit(self, [])
        return paths
    }

    var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }

    /// Up to `limit` names joined by ", ", then "…" when there were more.
    static func shortList(_ names: [String], limit: Int = 8) -> String {
        names.count <= limit ? names.joined(separator: ", ") : names.prefix(limit).joined(separator: ", ") + ", …"
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member `key`: `value`.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
