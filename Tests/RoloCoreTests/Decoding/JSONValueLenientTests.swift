import Foundation
import RoloCore
import Testing

/// A stored record is read from its ``JSONValue`` with the same tolerance a page's
/// `JSONDecoder` reads had: the two must agree value for value, and error for error.
@Suite("JSONValue's lenient reads agree with the decoder's")
struct JSONValueLenientTests {
    /// What a read gave: a value, or the problem it threw.
    enum Read<Value: Equatable>: Equatable {
        case value(Value?)
        case problem(String)
    }

    /// `{"f": <member>}` read by a keyed container, so the container reads can be asked.
    struct Container: Decodable {
        let string: Read<String>
        let number: Read<Int>
        let absent: Bool

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: AnyCodingKey.self)
            string = JSONValueLenientTests.read { try fields.lenientString("f") }
            number = JSONValueLenientTests.read { try fields.lenientWholeNumber("f") }
            absent = fields.isAbsentOrNull("f")
        }
    }

    static func read<Value>(_ body: () throws -> Value?) -> Read<Value> {
        do {
            return .value(try body())
        } catch {
            return .problem(DecodingProblem.from(error).reason)
        }
    }

    static let members = [
        #""a text""#, #"" 7 ""#, #""7""#, #""7.5""#, "7", "-3", "7.0", "7.5", "1e2", "12345678901234567890", "true", "false",
        "null", "[1]", "{\"value\": 1}", #""""#,
    ]

    @Test("every kind of member", arguments: members + ["(absent)"])
    func agree(member: String) throws {
        let text = member == "(absent)" ? "{}" : #"{"f": \#(member)}"#
        let decoded = try JSONDecoder().decode(Container.self, from: Data(text.utf8))
        let value = try JSONValue.parse(Data(text.utf8))
        #expect(Self.read { try value.lenientString("f") } == decoded.string, "lenientString of \(member)")
        #expect(Self.read { try value.lenientWholeNumber("f") } == decoded.number, "lenientWholeNumber of \(member)")
        #expect(value.isAbsentOrNull("f") == decoded.absent, "isAbsentOrNull of \(member)")
    }

    @Test("a value decoded through a Decoder is the value parsed, whole numbers as integers")
    func decodable() throws {
        let text = #"{"id": 7, "name": "Ada", "tags": ["x", null, true, 2.5], "org": {"value": 3}}"#
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let parsed = try JSONValue.parse(Data(text.utf8))
        for key in ["id", "name", "tags", "org"] {
            #expect(decoded[key] == parsed[key], "\(key)")
        }
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("1e2".utf8)) == .number("100"))
    }
}
