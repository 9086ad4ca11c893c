@testable import RoloApp
@testable import RoloCore
import TerminalUI
import Testing

@Suite("The inputs form and the run of one action, without a screen")
struct ActionFormTests {
    private func action(_ inputs: [ActionInput], command: [String]? = nil, mode: CommandMode = .output) throws -> RecordAction {
        let effect: RecordAction.Effect = if let command {
            .command(CommandAction(argv: try command.map { try RecordTemplate($0) }, mode: mode))
        } else {
            .http(HTTPAction(method: .patch, url: try RecordTemplate("/t/{id}"), body: nil, then: .update))
        }
        return RecordAction(name: "close", key: "x", title: "Close", when: nil, effect: effect, confirm: true, inputs: inputs,
                            place: "config.toml, line 3", keyPlace: "config.toml, line 5")
    }

    private let inputs = [
        ActionInput(name: "note", title: "Why", kind: .text),
        ActionInput(name: "to", title: "Assign to", kind: .choice(["ada", "grace", "linus"])),
    ]

    @Test("Text: typing at the caret, ← → Home End, Backspace; choices: ← → wrap round; Tab and ↑ ↓ between fields")
    func editing() throws {
        var form = ActionForm(action: try action(inputs), rowID: "7")
        #expect(form.inputs == ["note": "", "to": "ada"])
        for character in "fixd" { #expect(form.handle(.character(character)) == .editing) }
        _ = form.handle(.left)
        _ = form.handle(.character("e"))
        _ = form.handle(.home)
        _ = form.handle(.character("!"))
        _ = form.handle(.end)
        _ = form.handle(.backspace)
        #expect(form.values[0] == "!fixe")
        _ = form.handle(.tab)
        _ = form.handle(.left)
        #expect(form.values[1] == "linus")
        _ = form.handle(.right)
        _ = form.handle(.right)
        #expect(form.values[1] == "grace")
        // A choice takes no typing; ↑ goes back to the text field.
        _ = form.handle(.character("z"))
        _ = form.handle(.up)
        #expect(form.field == 0)
        _ = form.handle(.down)
        #expect(form.handle(.enter) == .submitted(["note": "!fixe", "to": "grace"]))
    }

    @Test("Enter on a field before the last goes to the next; Esc cancels from anywhere")
    func enterAndEscape() throws {
        var form = ActionForm(action: try action(inputs), rowID: "7")
        #expect(form.handle(.enter) == .editing)
        #expect(form.field == 1)
        #expect(form.handle(.escape) == .cancelled)
    }

    @Test("A command runs through the session's runner; a terminal one without a terminal fails saying so")
    func commands() async throws {
        let session = ActionSession(
            runner: ActionRunner(sourceTitle: "T", base: nil, client: FakeHTTPClient()),
            runCommand: { argv, mode in .success(CommandResult(status: 3, output: "\(mode.rawValue): \(argv.joined(separator: " "))")) })
        let values = ActionValues(record: .object([JSONMember("id", .number("7"))]))
        let output = await session.run(try action([], command: ["echo", "{id}"]), values)
        #expect(output == .success(.ran(CommandResult(status: 3, output: "output: echo 7"))))
        let terminal = await session.run(try action([], command: ["vi", "{id}"], mode: .terminal), values)
        #expect(terminal == .failure(ActionFailure(.command, "'close' needs the terminal, and there is none here")))
        let missing = await session.run(try action([], command: ["echo", "{name}"]), values)
        #expect(missing == .failure(ActionFailure(.usage, "the record has no value at 'name'")))
    }
}
