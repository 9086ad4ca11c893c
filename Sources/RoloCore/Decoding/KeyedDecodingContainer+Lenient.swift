import Foundation

extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// Whether `key` is absent or JSON `null`.
    public func isAbsentOrNull(_ key: String) -> Bool {
        let codingKey = AnyCodingKey(stringValue: key)
        return !contains(codingKey) || ((try? decodeNil(forKey: codingKey)) ?? false)
    }

    /// The text at `key`, a number given there turned into text; nil when absent or null.
    /// Throws a ``DecodingProblem`` for any other type.
    public func lenientString(_ key: String) throws -> String? {
        let codingKey = AnyCodingKey(stringValue: key)
        // Text, absent or null in one lookup: the other types are the rare case.
        if let text = try? decodeIfPresent(String.self, forKey: codingKey) { return text }
        guard !isAbsentOrNull(key) else { return nil }
        if let number = try? decode(Int.self, forKey: codingKey) { return String(number) }
        if let number = try? decode(Double.self, forKey: codingKey) { return String(number) }
        throw DecodingProblem.wrongType(key, should: "text", isnt: "text")
    }

    /// The text at `key` (numbers turned into text), or a ``DecodingProblem`` naming the field.
    public func requiredString(_ key: String) throws -> String {
        guard let text = try lenientString(key) else { throw DecodingProblem.missing(key) }
        return text
    }

    /// The whole number at `key`: an integer, an integer-valued number like `7.0`, or a numeric
    /// string like `"7"`; nil when absent or null. Throws a ``DecodingProblem`` for anything else.
    public func lenientWholeNumber(_ key: String) throws -> Int? {
        let codingKey = AnyCodingKey(stringValue: key)
        // An integer, absent or null in one lookup: the other forms are the rare case.
        if let number = try? decodeIfPresent(Int.self, forKey: codingKey) { return number }
        guard !isAbsentOrNull(key) else { return nil }
        if let number = try? decode(Double.self, forKey: codingKey),
            number == number.rounded(), let whole = Int(exactly: number)
        {
            return whole
        }
        if let text = try? decode(String.self, forKey: codingKey),
            let number = Int(text.trimmingWhitespace)
        {
            return number
        }
        throw DecodingProblem.wrongType(key, should: "a whole number", isnt: "a number")
    }

    /// The whole number at `key` (see ``lenientWholeNumber(_:)``), or a problem naming the field.
    public func requiredWholeNumber(_ key: String) throws -> Int {
        guard let number = try lenientWholeNumber(key) else { throw DecodingProblem.missing(key) }
        return number
    }
}
