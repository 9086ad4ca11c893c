import Foundation

/// An action's `when`: `status != "closed"`, `owner.id == 7`, a bare path (present and not null
/// or false), or `! path`. A path the record lacks equals no value: `!=` holds, `==` doesn't.
public struct ActionCondition: Sendable, Equatable, CustomStringConvertible {
    /// The tests `when` can make.
    public enum Test: Sendable, Equatable {
        /// The value at the path equals this one.
        case equals(JSONValue)
        /// The value at the path is missing or differs from this one.
        case differs(JSONValue)
        /// The path holds something other than null or false.
        case present
        /// The path is missing, null or false.
        case absent
    }

    /// The field tested.
    public var path: JSONPath
    /// What is tested of it.
    public var test: Test
    /// As written.
    public var description: String

    /// The condition written `text`; throws a reason the config reader places.
    public init(_ text: String) throws(TemplateSyntaxError) {
        description = text
        let trimmed = text.trimmingWhitespace
        if let range = trimmed.range(of: "==") ?? trimmed.range(of: "!=") {
            let equals = trimmed[range] == "=="
            path = try Self.path(String(trimmed[..<range.lowerBound]), in: text)
            let value = try Self.value(String(trimmed[range.upperBound...]).trimmingWhitespace, in: text)
            test = equals ? .equals(value) : .differs(value)
        } else if trimmed.hasPrefix("!") {
            path = try Self.path(String(trimmed.dropFirst()), in: text)
            test = .absent
        } else {
            path = try Self.path(trimmed, in: text)
            test = .present
        }
    }

    /// Whether `record` meets the condition.
    public func holds(for record: JSONValue) -> Bool {
        let value = record.value(at: path)
        switch test {
        case .equals(let expected): return value.map { Self.same($0, expected) } ?? false
        case .differs(let expected): return !(value.map { Self.same($0, expected) } ?? false)
        case .present: return Self.isPresent(value)
        case .absent: return !Self.isPresent(value)
        }
    }

    /// Whether this condition holds exactly where `other` doesn't: the same path, one the
    /// other's negation (`liked` and `! liked`, `status == "open"` and `status != "open"`).
    /// Two actions may share a key only so: every record then has one of them.
    public func isComplement(of other: ActionCondition) -> Bool {
        guard path == other.path else { return false }
        switch (test, other.test) {
        case (.present, .absent), (.absent, .present): return true
        case (.equals(let a), .differs(let b)), (.differs(let a), .equals(let b)): return a == b
        default: return false
        }
    }

    /// Numbers are equal by value (`7` and `7.0`); everything else by its JSON.
    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if case .number(let x) = a, case .number(let y) = b, let x = Double(x), let y = Double(y) { return x == y }
        return a == b
    }

    private static func isPresent(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?, .bool(false)?: return false
        default: return true
        }
    }

    private static func path(_ text: String, in written: String) throws(TemplateSyntaxError) -> JSONPath {
        let path = JSONPath(text.trimmingWhitespace)
        guard !path.steps.isEmpty, path.isWellFormed,
              path.steps.allSatisfy({ $0.allSatisfy { !$0.isWhitespace && !"\"'=!{}".contains($0) } })
        else {
            throw TemplateSyntaxError(
                "'\(written)' isn't a condition like status != \"closed\", owner.id == 7, archived or ! archived")
        }
        return path
    }

    /// A JSON value: text in double or single quotes, a number, true, false or null.
    private static func value(_ text: String, in written: String) throws(TemplateSyntaxError) -> JSONValue {
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            return .string(String(text.dropFirst().dropLast()))
        }
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if Double(text) != nil, text.first.map({ $0.isNumber || $0 == "-" }) == true { return .number(text) }
            throw TemplateSyntaxError(
                "the value in '\(written)' should be text in quotes, a number, true, false or null")
        }
    }
}
