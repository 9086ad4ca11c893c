import Foundation
import RoloCore

/// A JSON document as the fuzzer mutates it: object keys in order and duplicates kept, numbers
/// as their text, and `raw` for text no JSON writer would produce (1e400, a lone surrogate,
/// 5,000 nested arrays).
indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])
    case raw(String)

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }

    /// The document as JSON text, written by RoloCore's writer.
    var text: String {
        written.jsonText
    }

    /// The document as RoloCore's value; raw text goes in as a number's, which is written
    /// verbatim.
    private var written: RoloCore.JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let text), .raw(let text): .number(text)
        case .string(let value): .string(value)
        case .array(let items): .array(items.map(\.written))
        case .object(let members): .object(members.map { JSONMember($0.key, $0.value.written) })
        }
    }

    /// The document read by RoloCore's reader.
    private init(_ value: RoloCore.JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = .number(text)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members): self = .object(members.map { ($0.key, JSONValue($0.value)) })
        }
    }

    /// The document in `bytes`, nil when they aren't JSON (an HTML page, a vCard, a JPEG).
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        (try? RoloCore.JSONValue.parse(Data(bytes))).map(JSONValue.init)
    }
}
