import Foundation
@testable import StandIn
import Testing

/// The JSON writer reproduces the imitated servers' bytes, not just equivalent JSON.
@Suite("Stand-in JSON writer")
struct StandInJSONTests {
    private func text(_ value: StandInJSON, _ style: StandInJSON.Style) -> String {
        String(decoding: value.encoded(style), as: UTF8.self)
    }

    @Test("python style is json.dumps(indent=4) plus Flask-RESTful's newline")
    func pythonLayout() {
        let value = StandInJSON.object([
            ("b", .int(1)), ("a", .array([.bool(true), .null])), ("empty", .array([])), ("none", .object([])),
        ])
        #expect(text(value, .python) == """
            {
                "b": 1,
                "a": [
                    true,
                    null
                ],
                "empty": [],
                "none": {}
            }

            """)
    }

    @Test("python style escapes like ensure_ascii: lower-case hex, surrogate pairs, DEL too")
    func pythonEscapes() {
        let value = StandInJSON.string("a/\"\\\n\t\u{1B}\u{7F}ü🌟")
        #expect(text(value, .python) == #""a/\"\\\n\t\u001b\u007f\u00fc\ud83c\udf1f""# + "\n")
    }

    @Test("compact style keeps UTF-8 and writes no whitespace")
    func compact() {
        let value = StandInJSON.object([("name", .string("Zoë 🌟\u{1B}")), ("n", .int(-3))])
        #expect(text(value, .compact) == #"{"name":"Zoë 🌟\u001b","n":-3}"#)
    }
}

/// Route patterns match the way Werkzeug's rules do.
@Suite("Stand-in path patterns")
struct StandInPathPatternTests {
    @Test("literal segments and an int converter")
    func matching() {
        let pattern = StandInPathPattern("/employees/<int:id>")
        #expect(pattern.match("/employees/42") == ["id": "42"])
        #expect(pattern.match("/employees/007") == ["id": "007"])
        #expect(pattern.match("/employees/abc") == nil)
        #expect(pattern.match("/employees/-1") == nil)
        #expect(pattern.match("/employees/") == nil)
        #expect(pattern.match("/employees/1/") == nil)
        #expect(pattern.match("/employees") == nil)
    }

    @Test("a text parameter takes any one non-empty segment")
    func text() {
        let pattern = StandInPathPattern("/api/v1/<user>/food")
        #expect(pattern.match("/api/v1/ab12/food") == ["user": "ab12"])
        #expect(pattern.match("/api/v1//food") == nil)
    }
}
