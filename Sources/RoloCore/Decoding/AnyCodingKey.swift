/// A coding key made from any string, for decoding objects whose keys vary between servers.
public struct AnyCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The key as it appears in the JSON.
    public var stringValue: String
    /// The array index, when this key stands for one.
    public var intValue: Int?

    /// Creates a key for the object member `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// Creates a key for the array index `intValue`.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// Creates a key from a literal, e.g. `"first_name"`.
    public init(stringLiteral value: String) {
        self.init(stringValue: value)
    }
}
