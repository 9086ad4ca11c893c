/// Mutations that know JSON: they keep a document well-formed (mostly) and put values a decoder
/// must refuse or survive where it expects others.
enum JSONMutation: CaseIterable {
    /// A value replaced by one of another type (a string id, a null name, an object for a list).
    case swapType
    /// A number that doesn't fit: 2^63, -2^63-1, 1e400, 39 digits, a fraction.
    case hugeNumber
    /// A value wrapped in hundreds or tens of thousands of arrays.
    case deepNesting
    /// A string of up to 300,000 characters.
    case longString
    /// Escape sequences, controls, bidi overrides, lone surrogates inside a string.
    case hostileText
    /// A member removed from an object.
    case dropMember
    /// A member repeated with a different value.
    case duplicateMember
    /// An array's items repeated, emptied or reversed.
    case reshapeArray

    /// `document` with this mutation applied at a place chosen by `random`.
    func apply(to document: JSONValue, using random: inout FuzzRandom) -> JSONValue {
        let paths = JSONPath.all(in: document)
        let path = random.pick(paths)
        let old = JSONPath.value(at: path, in: document)
        let new: JSONValue
        switch self {
        case .swapType:
            new = random.pick(Self.otherTypes.filter { !$0.isSameKind(as: old) })
        case .hugeNumber:
            new = .raw(random.pick(Self.hugeNumbers))
        case .deepNesting:
            let depth = random.pick([100, 513, 2_000, 50_000])
            let open = random.oneIn(2) ? "[" : "{\"a\":"
            let close = open == "[" ? "]" : "}"
            new = .raw(String(repeating: open, count: depth) + old.text + String(repeating: close, count: depth))
        case .longString:
            let length = random.oneIn(20) ? 300_000 : random.pick([300, 4_096, 70_000])
            new = .string(String(repeating: random.pick(["x", "é", "字", "👩🏽‍💻", "\u{301}"]), count: length))
        case .hostileText:
            new = random.oneIn(3) ? .raw(random.pick(Self.rawStrings)) : .string(random.pick(Self.hostileStrings))
        case .dropMember:
            guard case .object(var members) = old, !members.isEmpty else { return document }
            members.remove(at: random.below(members.count))
            new = .object(members)
        case .duplicateMember:
            guard case .object(var members) = old, !members.isEmpty else { return document }
            let member = random.pick(members)
            members.append((member.key, random.pick(Self.otherTypes)))
            new = .object(members)
        case .reshapeArray:
            guard case .array(let items) = old else { return document }
            switch random.below(3) {
            case 0: new = .array(Array(repeating: items, count: random.pick([2, 10, 200])).flatMap { $0 })
            case 1: new = .array([])
            default: new = .array(items.reversed())
            }
        }
        return JSONPath.replacing(at: path, in: document, with: new)
    }

    private static let otherTypes: [JSONValue] = [
        .null, .bool(true), .bool(false), .number("0"), .number("-1"), .number("1.5"), .string(""),
        .string("x"), .string("12"), .string("2020-13-45T99:99:99Z"), .array([]), .array([.null]),
        .object([]), .object([("value", .string("x"))]),
    ]

    private static let hugeNumbers = [
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
        "1e400", "-1e400", "1e-400", "123456789012345678901234567890123456789", "1.0000000000000000001",
        "-0", "0.5", "1E2", "4.9e-324", "1.7976931348623157e308",
    ]

    private static let hostileStrings = [
        "\u{1b}[31mred\u{1b}[0m", "\u{1b}]52;c;cm0gLXJm\u{7}", "\u{1b}]0;title\u{1b}\\", "\u{9b}2J", "a\u{0}b",
        "\u{202e}evil\u{202c}", "line\nbreak\r\n", "\t\t", "\u{7f}\u{85}\u{9d}", "👨‍👩‍👧‍👦🇪🇪", "e\u{301}\u{301}\u{301}\u{301}",
        "\u{feff}", "  ", "",
    ]

    /// Strings only raw text can hold: lone surrogates and an escape cut short.
    private static let rawStrings = ["\"\\ud800\"", "\"\\udc00x\"", "\"\\ud83d\\u0041\"", "\"\\u00", "\"unterminated"]
}

private extension JSONValue {
    func isSameKind(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null), (.bool, .bool), (.number, .number), (.string, .string), (.array, .array), (.object, .object): true
        default: false
        }
    }
}

/// A place in a document: the index of the item or member at each level.
enum JSONPath {
    /// Every place in `document`, the root first.
    static func all(in document: JSONValue) -> [[Int]] {
        var result: [[Int]] = []
        func visit(_ value: JSONValue, _ path: [Int]) {
            result.append(path)
            switch value {
            case .array(let items): for (index, item) in items.enumerated() { visit(item, path + [index]) }
            case .object(let members): for (index, member) in members.enumerated() { visit(member.value, path + [index]) }
            default: break
            }
        }
        visit(document, [])
        return result
    }

    static func value(at path: [Int], in document: JSONValue) -> JSONValue {
        guard let first = path.first else { return document }
        switch document {
        case .array(let items): return value(at: Array(path.dropFirst()), in: items[first])
        case .object(let members): return value(at: Array(path.dropFirst()), in: members[first].value)
        default: return document
        }
    }

    static func replacing(at path: [Int], in document: JSONValue, with new: JSONValue) -> JSONValue {
        guard let first = path.first else { return new }
        let rest = Array(path.dropFirst())
        switch document {
        case .array(var items):
            items[first] = replacing(at: rest, in: items[first], with: new)
            return .array(items)
        case .object(var members):
            members[first].value = replacing(at: rest, in: members[first].value, with: new)
            return .object(members)
        default:
            return document
        }
    }
}
