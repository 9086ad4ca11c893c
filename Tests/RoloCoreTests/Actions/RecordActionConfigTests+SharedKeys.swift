import Foundation
import Testing
@testable import RoloCore

/// Two actions on one key when their `when`s are X and ! X, and an action's `error` path, read
/// and checked as the config file's other action keys are.
extension RecordActionConfigTests {
    /// A source with two actions on `x`, their `when`s as given.
    private func twoOnX(_ first: String, _ second: String) -> String {
        """
        [[sources]]
        name = "tickets"
        url = "https://api.example.com/tickets"

        [[sources.actions]]
        name = "close"
        key = "x"
        when = '\(first)'
        method = "PATCH"
        url = "/tickets/{id}/close"

        [[sources.actions]]
        name = "reopen"
        key = "x"
        when = '\(second)'
        method = "PATCH"
        url = "/tickets/{id}/reopen"
        """
    }

    @Test("A key is shared when one when is the other's negation", arguments: [
        ("closed", "! closed"), ("! closed", "closed"), (#"status == "open""#, #"status != "open""#), ("state.done != 1", "state.done == 1"),
    ])
    func sharedKeyAccepted(_ first: String, _ second: String) throws {
        let actions = try load(twoOnX(first, second)).actions(of: "tickets")
        #expect(actions.map(\.name) == ["close", "reopen"])
        #expect(actions.map(\.key) == ["x", "x"])
        let open = JSONValue.object([JSONMember("id", .number("7")), JSONMember("closed", .bool(false)),
                                     JSONMember("status", .string("open")), JSONMember("state", .object([JSONMember("done", .number("0"))]))])
        #expect(actions.filter { $0.applies(to: open) }.count == 1, "exactly one of them applies to any record")
    }

    @Test("Any other sharing is a clash naming the second key's line", arguments: [
        ("closed", "closed"), ("closed", "! archived"), (#"status == "open""#, #"status != "closed""#),
        (#"status == "open""#, #"status == "closed""#), ("! closed", "! closed"),
    ])
    func sharedKeyRejected(_ first: String, _ second: String) throws {
        let message = try #require(#expect(throws: ConfigError.self) { try load(twoOnX(first, second)) }?.message)
        #expect(message.contains(path + ", line 14: key 'x' of action 'reopen' is already action 'close''s key ("), "\(message)")
        #expect(message.contains("two actions share a key only when one's when is the other's negation"), "\(message)")
    }

    @Test("Without a when on both, a shared key is a clash as before")
    func sharedKeyNeedsBothWhens() throws {
        let file = twoOnX("closed", "! closed").replacingOccurrences(of: "when = '! closed'\n", with: "")
        let message = try #require(#expect(throws: ConfigError.self) { try load(file) }?.message)
        #expect(message.hasSuffix("is already action 'close''s key (\(path), line 7) — pick another"), "\(message)")
    }

    @Test("error = reads a path, and a path that can't be one names its line")
    func errorPathRead() throws {
        let file = twoOnX("closed", "! closed") + "\nerror = \"result.error\"\n"
        let action = try #require(try load(file).actions(of: "tickets").last)
        guard case .http(let http) = action.effect else {
            Issue.record("not an HTTP action")
            return
        }
        #expect(http.error == JSONPath("result.error"))
        let bad = twoOnX("closed", "! closed") + "\nerror = \"result..error\"\n"
        let message = try #require(#expect(throws: ConfigError.self) { try load(bad) }?.message)
        #expect(message.contains(path + ", line 18: error of action 'reopen' of source 'tickets' should be the path"), "\(message)")
        let command = "[[sources]]\nname = \"t\"\nurl = \"https://a.example/t\"\n\n[[sources.actions]]\nname = \"go\"\nkey = \"g\"\ncommand = [\"ls\"]\nerror = \"error\"\n"
        let mixed = try #require(#expect(throws: ConfigError.self) { try load(command) }?.message)
        #expect(mixed.contains("has both error and command"), "\(mixed)")
    }
}
