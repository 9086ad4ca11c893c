/// An HTTP action's `body`: JSON written as TOML, whose strings are templates. A string that is
/// exactly one `"{path}"` keeps the value's JSON type (a number stays a number, an object an
/// object); any other string is text with the values' text put in.
public indirect enum ActionBody: Sendable, Equatable {
    /// A number or true/false, as written.
    case literal(JSONValue)
    /// A string, a template.
    case text(RecordTemplate)
    /// A list.
    case array([ActionBody])
    /// A table, its keys in order.
    case object([Member])

    /// One key of a table.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: ActionBody

        public init(_ key: String, _ value: ActionBody) {
            self.key = key
            self.value = value
        }
    }

    /// The JSON to send for `values`: a lone `{path}` the record lacks is null; in longer text,
    /// a missing value is empty.
    public func filled(_ values: ActionValues) -> JSONValue {
        switch self {
        case .literal(let value):
            return value
        case .text(let template):
            if template.parts.count == 1, case .path(let path) = template.parts[0] { return values.value(at: path) ?? .null }
            return .string(values.text(template))
        case .array(let items):
            return .array(items.map { $0.filled(values) })
        case .object(let members):
            return .object(members.map { JSONMember($0.key, $0.value.filled(values)) })
        }
    }

    /// Every template in it, in order.
    public var templates: [RecordTemplate] {
        switch self {
        case .literal: return []
        case .text(let template): return [template]
        case .array(let items): return items.flatMap(\.templates)
        case .object(let members): return members.flatMap(\.value.templates)
        }
    }
}
