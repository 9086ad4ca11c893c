import Foundation

/// An object's members read with the same tolerance as
/// `KeyedDecodingContainer<AnyCodingKey>`'s lenient reads, for a record already parsed into a
/// ``JSONValue`` (a stored record, read without a second parse).
extension JSONValue {
    /// Whether member `key` is absent or JSON `null` (true for a value that isn't an object).
    public func isAbsentOrNull(_ key: String) -> Bool {
        switch self[key] {
        case nil, .null?: return true
        default: return false
        }
    }

    /// The text at `key`, a number given there turned into text; nil when absent or null.
    /// Throws a ``DecodingProblem`` for any other type.
    public func lenientString(_ key: String) throws(DecodingProblem) -> String? {
        switch self[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .number(let text)?:
            // As a decoder reads it: a whole number (`7.0`, `1e2`) as an integer, else a double.
            if let number = Self.wholeNumber(text) { return String(number) }
            if let number = Double(text) { return String(number) }
        default: break
        }
        throw DecodingProblem.wrongType(key, should: "text", isnt: "text")
    }

    /// The whole number at `key`: an integer, an integer-valued number like `7.0`, or a numeric
    /// string like `"7"`; nil when absent or null. Throws a ``DecodingProblem`` for anything else.
    public func lenientWholeNumber(_ key: String) throws(DecodingProblem) -> Int? {
        switch self[key] {
        case nil, .null?: return nil
        case .number(let text)?:
            if let number = Self.wholeNumber(text) { return number }
        case .string(let text)?:
            if let number = Int(text.trimmingWhitespace) { return number }
        default: break
        }
        throw DecodingProblem.wrongType(key, should: "a whole number", isnt: "a number")
    }

    /// The number JSON `text` as an integer when it is a whole one that fits: `7`, `7.0`, `1e2`.
    private static func wholeNumber(_ text: String) -> Int? {
        if let number = Int(text) { return number }
        guard let number = Double(text), number == number.rounded() else { return nil }
        return Int(exactly: number)
    }

    /// The whole number at `key` (see ``lenientWholeNumber(_:)``), or a problem naming the field.
    public func requiredWholeNumber(_ key: String) throws(DecodingProblem) -> Int {
        guard let number = try lenientWholeNumber(key) else { throw DecodingProblem.missing(key) }
        return number
    }
}

/// Any JSON a `Decoder` holds, as a ``JSONValue``: lets a `Decodable` wrapper hand its part of
/// a body to a reader of ``JSONValue``s. Numbers come back as a decoder reads them: `7.0` as `7`, `7.5` as it is.
extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            self = .object(try object.allKeys.map { JSONMember($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
        } else if var items = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !items.isAtEnd { values.append(try items.decode(JSONValue.self)) }
            self = .array(values)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let flag = try? single.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? single.decode(Int.self) {
                self = .number(String(number))
            } else if let number = try? single.decode(Double.self) {
                self = .number(String(number))
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}
