import Foundation
import Testing
@testable import RoloCore

@Suite("Actions' when and templates: conditions, JSON types kept, URLs encoded")
struct ActionTemplateTests {
    private let ticket = try! JSONValue.parse(Data(#"""
        {"id": 7, "status": "open", "title": "Printer on fire", "archived": false, "owner": {"id": 12, "name": "Ada"},
         "tags": ["a", "b"], "score": 2.50, "assignee": null, "host": "db-1.example.com", "flag": "-oProxyCommand=x"}
        """#.utf8))

    private func holds(_ condition: String, _ record: JSONValue? = nil) throws -> Bool {
        try ActionCondition(condition).holds(for: record ?? ticket)
    }

    @Test("when: == and != by JSON value, numbers by value; a missing path equals nothing")
    func conditions() throws {
        #expect(try holds(#"status != "closed""#))
        #expect(try !holds(#"status == "closed""#))
        #expect(try holds(#"status == 'open'"#))
        #expect(try holds("owner.id == 12") && holds("owner.id == 12.0") && !holds(#"owner.id == "12""#))
        #expect(try holds("archived == false") && holds("assignee == null"))
        #expect(try holds(#"missing.path != "x""#), "a path the record lacks is not equal to any value")
        #expect(try !holds(#"missing.path == "x""#))
        #expect(try !holds("missing == null"), "missing is not null")
    }

    @Test("when: a bare path is present and not null or false; ! path the opposite")
    func presence() throws {
        #expect(try holds("owner.name") && holds("score") && holds("tags"))
        #expect(try !holds("archived") && !holds("assignee") && !holds("nothing"))
        #expect(try holds("! archived") && holds("!assignee") && holds("! nothing") && !holds("! owner"))
    }

    @Test("when: what isn't a condition is refused", arguments: ["", "status ~ 'x'", "status == closed", "a..b", "== 1", "status == "])
    func badConditions(_ text: String) {
        #expect(throws: TemplateSyntaxError.self) { try ActionCondition(text) }
    }

    @Test("body: a string that is exactly one {path} keeps the value's JSON type; longer text is text")
    func bodyTypes() throws {
        let body = ActionBody.object([
            .init("id", .text(try RecordTemplate("{id}"))),
            .init("owner", .text(try RecordTemplate("{owner}"))),
            .init("score", .text(try RecordTemplate("{score}"))),
            .init("archived", .text(try RecordTemplate("{archived}"))),
            .init("tags", .text(try RecordTemplate("{tags}"))),
            .init("gone", .text(try RecordTemplate("{nowhere}"))),
            .init("line", .text(try RecordTemplate("#{id}: {title} ({nowhere})"))),
            .init("note", .text(try RecordTemplate("{input.note}"))),
            .init("fixed", .array([.literal(.number("1")), .literal(.bool(true)), .text(try RecordTemplate("x"))])),
        ])
        let filled = body.filled(ActionValues(record: ticket, inputs: ["note": "it's \"out\""]))
        #expect(filled.jsonText == #"""
            {"id":7,"owner":{"id":12,"name":"Ada"},"score":2.50,"archived":false,"tags":["a","b"],"gone":null,"line":"#7: Printer on fire ()","note":"it's \"out\"","fixed":[1,true,"x"]}
            """#)
    }

    @Test("url: each value percent-encoded in its place; one {path} alone is the whole URL; a path is on the source's server")
    func urls() throws {
        let values = ActionValues(record: .object([
            JSONMember("id", .string("a/b?c=d e")), JSONMember("link", .string("https://elsewhere.example/x?y=1")),
        ]), inputs: ["to": "grace hopper"])
        let base = URL(string: "https://api.example.com:8443/v1/tickets?page=1")
        #expect(try values.url(RecordTemplate("https://api.example.com/t/{id}"), relativeTo: base).get().absoluteString
            == "https://api.example.com/t/a%2Fb%3Fc%3Dd%20e")
        #expect(try values.url(RecordTemplate("{link}"), relativeTo: base).get().absoluteString == "https://elsewhere.example/x?y=1")
        #expect(try values.url(RecordTemplate("/v1/tickets/{id}/assign?to={input.to}"), relativeTo: base).get().absoluteString
            == "https://api.example.com:8443/v1/tickets/a%2Fb%3Fc%3Dd%20e/assign?to=grace%20hopper")
        #expect(throws: ActionFailure.self) { try values.url(RecordTemplate("/t/{nothing}"), relativeTo: base).get() }
        #expect(throws: ActionFailure.self) { try values.url(RecordTemplate("file:///etc/{id}"), relativeTo: base).get() }
    }

    @Test("command: values are whole arguments, never spliced into a script; a value that would be an option is refused")
    func commandArguments() throws {
        let values = ActionValues(record: ticket)
        let script = CommandAction(argv: try ["sh", "-c", "echo \"$1\"", "--", "{title}; rm -rf /"].map { try RecordTemplate($0) }, mode: .output)
        #expect(try CommandRunner.argv(script, values) == ["sh", "-c", "echo \"$1\"", "--", "Printer on fire; rm -rf /"])
        let ssh = CommandAction(argv: try ["ssh", "{flag}"].map { try RecordTemplate($0) }, mode: .terminal)
        let refused = #expect(throws: ActionFailure.self) { try CommandRunner.argv(ssh, values) }
        #expect(refused?.message == #"{flag} is '-oProxyCommand=x', which ssh would take for an option — put "--" before it in command"#)
        let after = CommandAction(argv: try ["echo", "--", "{flag}"].map { try RecordTemplate($0) }, mode: .output)
        #expect(try CommandRunner.argv(after, values) == ["echo", "--", "-oProxyCommand=x"])
        let missing = CommandAction(argv: try ["ssh", "{nohost}"].map { try RecordTemplate($0) }, mode: .terminal)
        #expect(throws: ActionFailure(.usage, "the record has no value at 'nohost'")) { try CommandRunner.argv(missing, values) }
    }

    @Test("command: run with posix_spawn, its output and exit status kept; $1 is the record's text as it is")
    func commandRuns() async throws {
        let values = ActionValues(record: ticket)
        let script = CommandAction(
            argv: try ["sh", "-c", "printf '%s|' \"$1\"; echo oops >&2; exit 3", "--", "{title}"].map { try RecordTemplate($0) }, mode: .output)
        let result = try await CommandRunner.run(try CommandRunner.argv(script, values), mode: .output)
        #expect(result == CommandResult(status: 3, output: "Printer on fire|oops\n"))
        let missing = await #expect(throws: ActionFailure.self) { try await CommandRunner.run(["/nonexistent/rolo-test-program"], mode: .background) }
        #expect(missing?.kind == .command)
    }
}
