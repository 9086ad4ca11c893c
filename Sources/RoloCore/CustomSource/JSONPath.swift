/// A dotted path into a JSON value: `address.city`, `emails.0.value` (a number steps into a
/// list); the empty path is the value itself.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The keys and list indexes, in order.
    public let steps: [String]

    /// The path written `text`, split at its dots; "" is the value itself.
    public init(_ text: String) {
        steps = text.isEmpty ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The path of `steps`.
    public init(steps: [String]) {
        self.steps = steps
    }

    /// Whether the path is written well: no empty step (`a..b`, a leading or trailing dot).
    public var isWellFormed: Bool {
        !steps.contains(where: \.isEmpty)
    }

    /// The path as written, `emails.0.value`.
    public var description: String {
        steps.joined(separator: ".")
    }
}
