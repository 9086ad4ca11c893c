import Foundation
import Testing
@testable import RoloCore

@Suite("Actions from config: [[sources.actions]] and [[actions]] read and checked")
struct RecordActionConfigTests {
    private let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    var path: String { home.path + "/config.toml" }

    func load(_ file: String) throws -> ConfiguredSources {
        try home.write("config.toml", file)
        return try SettingsLoader.load(options: [:], environment: ["HOME": home.path], configFile: path).configuredSources
    }

    private func error(_ file: String) -> String? {
        #expect(throws: ConfigError.self) { try load(file) }?.message
    }

    static let source = """
        [[sources]]
        name = "tickets"
        url = "https://api.example.com/tickets"


        """

    /// The issue's two actions, word for word.
    static let issueActions = source + """
        [[sources.actions]]              # inside a [[sources]] table
        name = "close"
        key = "x"
        title = "Close the ticket"
        when = 'status != "closed"'
        method = "PATCH"
        url = "https://api.example.com/tickets/{id}"
        body = { status = "closed", note = "{input.note}", owner = "{owner.id}" }
        then = "refetch"
        confirm = true
        inputs = [ { name = "note", title = "Why", kind = "text" },
                   { name = "to", title = "Assign to", kind = "choice", choices = ["ada", "grace"] } ]

        [[sources.actions]]
        name = "ssh"
        key = "S"
        title = "ssh to its host"
        command = ["ssh", "{hostname}"]
        mode = "terminal"
        """

    @Test("The issue's HTTP action and command read whole, every key in its place")
    func issueExample() throws {
        let config = try load(Self.issueActions)
        let actions = try #require(config.source(named: "tickets")).actions
        #expect(actions.map(\.name) == ["close", "ssh"])
        let close = actions[0]
        #expect(close.key == "x" && close.title == "Close the ticket" && close.confirm)
        #expect(close.when == (try ActionCondition("status != \"closed\"")))
        #expect(close.inputs == [
            ActionInput(name: "note", title: "Why", kind: .text),
            ActionInput(name: "to", title: "Assign to", kind: .choice(["ada", "grace"])),
        ])
        guard case .http(let http) = close.effect else { Issue.record("close should be HTTP"); return }
        #expect(http.method == .patch && http.then == .refetch)
        #expect(http.url.description == "https://api.example.com/tickets/{id}")
        let body = http.body?.filled(ActionValues(
            record: .object([JSONMember("owner", .object([JSONMember("id", .number("7"))]))]), inputs: ["note": "done"]))
        #expect(body?.jsonText == #"{"note":"done","owner":7,"status":"closed"}"#)
        #expect(close.place == path + ", line 5")
        #expect(close.keyPlace == path + ", line 7")
        #expect(close.isWrite)
        guard case .command(let ssh) = actions[1].effect else { Issue.record("ssh should be a command"); return }
        #expect(ssh.argv.map(\.description) == ["ssh", "{hostname}"] && ssh.mode == .terminal)
        #expect(!actions[1].isWrite && !actions[1].confirm)
        #expect(actions[1].place == path + ", line 18")
    }

    @Test("Defaults: title the name, then remove for DELETE and refetch otherwise, mode terminal, no confirm")
    func defaults() throws {
        let config = try load(Self.source + """
            [[sources.actions]]
            name = "delete"
            key = "D"
            method = "DELETE"
            url = "/tickets/{id}"

            [[sources.actions]]
            name = "reopen"
            key = "o"
            method = "POST"
            url = "/tickets/{id}/reopen"

            [[sources.actions]]
            name = "echo"
            key = "e"
            command = ["echo", "{id}"]
            """)
        let actions = try #require(config.source(named: "tickets")).actions
        #expect(actions.map(\.title) == ["delete", "reopen", "echo"])
        if case .http(let delete) = actions[0].effect { #expect(delete.then == .remove) } else { Issue.record("delete is HTTP") }
        if case .http(let reopen) = actions[1].effect { #expect(reopen.then == .refetch && reopen.body == nil) } else { Issue.record("reopen is HTTP") }
        if case .command(let echo) = actions[2].effect { #expect(echo.mode == .terminal) } else { Issue.record("echo is a command") }
        #expect(actions.allSatisfy { !$0.confirm && $0.when == nil })
    }

    @Test("A built-in source's [[actions]] names it with source =")
    func builtIn() throws {
        let config = try load("""
            [[actions]]
            source = "pipedrive"
            name = "note"
            key = "n"
            title = "Add a note"
            method = "POST"
            url = "/v1/notes"
            body = { person_id = "{id}", content = "{input.text}" }
            inputs = [ { name = "text", title = "Note" } ]
            """)
        let actions = config.actions(of: "pipedrive")
        #expect(actions.map(\.name) == ["note"])
        #expect(actions.first?.place == path + ", line 1")
        #expect(config.actions(of: "foods").allSatisfy { $0.isShipped }, "foods has only the like and unlike rolo ships")
    }

    @Test("Each mistake names its line", arguments: [
        ("[[sources.actions]]\nname = \"Close\"\nkey = \"x\"\nmethod = \"GET\"\nurl = \"/x\"", "line 6: action name 'Close' of source 'tickets' should be lower-case"),
        ("[[sources.actions]]\nname = \"close\"\nkey = \"x\"\nmethod = \"GET\"\nurl = \"/x\"\ncolour = 1", "line 10: unknown key 'colour' in an action of source 'tickets'"),
        ("[[sources.actions]]\nname = \"close\"\nmethod = \"GET\"\nurl = \"/x\"", "line 5: action 'close' of source 'tickets' needs key = "),
        ("[[sources.actions]]\nname = \"close\"\nkey = \"x\"\nurl = \"/x\"", "line 8: action 'close' of source 'tickets' needs method = one of GET, POST, PUT, PATCH, DELETE"),
        ("[[sources.actions]]\nname = \"close\"\nkey = \"x\"\nmethod = \"patch\"\nurl = \"/x\"", "line 8: unknown method 'patch' of action 'close' of source 'tickets' (did you mean 'PATCH'?)"),
        ("[[sources.actions]]\nname = \"close\"\nkey = \"x\"", "line 5: action 'close' of source 'tickets' needs url = "),
        ("[[sources.actions]]\nname = \"close\"\nkey = \"x\"\nmethod = \"GET\"\nurl = \"/x\"\ncommand = [\"ls\"]", "line 10: action 'close' of source 'tickets' has both method and command"),
        ("[[sources.actions]]\nname = \"close\"\nkey = \"x\"\nmethod = \"GET\"\nurl = \"/x\"\nbody = { a = 1 }", "line 10: action 'close' of source 'tickets' is a GET, which sends no body"),
        ("[[sources.actions]]\nname = \"close\"\nkey = \"x\"\nmethod = \"POST\"\nurl = \"/x\"\nthen = \"reload\"", "line 10: unknown then 'reload' of action 'close'"),
        ("[[sources.actions]]\nname = \"close\"\nkey = \"x\"\nmethod = \"POST\"\nurl = \"/x\"\nwhen = 'status ~ 1'", "line 10: when of action 'close' of source 'tickets': 'status ~ 1' isn't a condition"),
        ("[[sources.actions]]\nname = \"close\"\nkey = \"x\"\nmethod = \"POST\"\nurl = \"/x/{input.why}\"", "line 9: {input.why} in url of action 'close' of source 'tickets' names no input — it has no inputs"),
        ("[[sources.actions]]\nname = \"close\"\nkey = \"x\"\nmethod = \"POST\"\nurl = \"${API}/x\"", "line 9: the url of action 'close' of source 'tickets' can't hold ${VAR}"),
        ("[[sources.actions]]\nname = \"go\"\nkey = \"x\"\ncommand = []", "line 8: command of action 'go' of source 'tickets' should be a list"),
        ("[[sources.actions]]\nname = \"go\"\nkey = \"x\"\ncommand = [\"ls\"]\nmode = \"popup\"", "line 9: unknown mode 'popup' of action 'go'"),
        ("[[sources.actions]]\nname = \"go\"\nkey = \"x\"\ncommand = [\"ls\"]\ninputs = [ { name = \"to\", kind = \"choice\" } ]", "line 9: input 'to' of action 'go' of source 'tickets' is a choice and needs choices"),
        ("[[sources.actions]]\nname = \"go\"\nkey = \"x\"\ncommand = [\"ls\"]\n\n[[sources.actions]]\nname = \"go\"\nkey = \"y\"\ncommand = [\"ls\"]", "line 10: source 'tickets' has two actions named 'go' (the first at"),
        ("[[sources.actions]]\nname = \"go\"\nkey = \"x\"\ncommand = [\"ls\"]\n\n[[sources.actions]]\nname = \"run\"\nkey = \"x\"\ncommand = [\"ls\"]", "line 12: key 'x' of action 'run' is already action 'go''s key (" ),
    ])
    func mistakes(_ actions: String, _ expected: String) throws {
        let message = try #require(error(Self.source + actions))
        #expect(message.contains(path + ", " + expected), "\(message)")
    }

    @Test("[[actions]] needs a built-in source; a configured one's go in its table")
    func builtInMistakes() throws {
        let missing = try #require(error("[[actions]]\nname = \"note\"\nkey = \"n\"\ncommand = [\"ls\"]"))
        #expect(missing.hasPrefix(path + ", line 1: [[actions]] 'note' needs source = one of people, directory, foods, randomuser, pipedrive"), "\(missing)")
        let configured = try #require(error(Self.source + "[[actions]]\nsource = \"tickets\"\nname = \"note\"\nkey = \"n\"\ncommand = [\"ls\"]"))
        #expect(configured.contains("line 5: [[actions]] 'note' names source 'tickets', which isn't a built-in source"), "\(configured)")
        #expect(configured.contains("go in its table as [[sources.actions]]"))
    }

    @Test("read-only comes from the option, the environment or the file, and says where")
    func readOnly() throws {
        try home.write("config.toml", "read-only = true\n")
        let file = try SettingsLoader.load(options: [:], environment: ["HOME": home.path], configFile: path)
        #expect(file.readOnly == path + ", line 1, read-only")
        let environment = try SettingsLoader.load(options: [:], environment: ["HOME": home.path, "ROLO_READ_ONLY": "1"], configFile: path)
        #expect(environment.readOnly == "ROLO_READ_ONLY")
        let option = try SettingsLoader.load(options: [.readOnly: []], environment: ["HOME": home.path, "ROLO_READ_ONLY": "0"], configFile: path)
        #expect(option.readOnly == "--read-only")
        let off = try SettingsLoader.load(options: [:], environment: ["HOME": home.path, "ROLO_READ_ONLY": "0"], configFile: path)
        #expect(off.readOnly == nil)
        #expect(try SettingsLoader.load(options: [:], environment: ["HOME": home.path], configFile: home.path + "/none.toml").readOnly == nil)
    }
}
