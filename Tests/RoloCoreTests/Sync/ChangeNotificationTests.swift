import Foundation
import RoloTestSupport
import Testing
@testable import RoloCore

/// `notify` and `notify_command`: one notification per refresh for the new and changed records
/// that match, its command's templates filled in, run with a time limit.
@Suite("Notifications: a refresh's matching changes, one notification, a command with a time limit")
struct ChangeNotificationTests {
    private static let at = Date(timeIntervalSince1970: 1_796_000_000)

    private static func change(_ kind: RecordChange.Kind, _ id: String, _ label: String) -> RecordChange {
        RecordChange(kind: kind, id: id, label: label, at: at)
    }

    private static func json(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8))
    }

    /// A notify command in `directory` that appends its arguments, a line each, to `out`.
    private static func notifier(in directory: TemporaryDirectory) throws -> (script: String, out: String) {
        let out = directory.path + "/notified"
        let script = try directory.write("notify.sh", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \(out)\n")
        chmod(script, 0o755)
        return (script, out)
    }

    @Test("Each record once as its first change says; removed and unmatched records don't notify; one says its label")
    func counting() throws {
        let stored = [
            "1": try Self.json(#"{"status": "open", "email": "ada@example.com"}"#),
            "2": try Self.json(#"{"status": "closed"}"#),
            "4": try Self.json(#"{"status": "open"}"#),
        ]
        let changes = [
            Self.change(.new, "1", "Ada"), Self.change(.changed, "2", "Bo"), Self.change(.removed, "3", "Cy"),
            Self.change(.changed, "1", "Ada"), Self.change(.changed, "4", "Di"), Self.change(.new, "5", "gone since"),
        ]
        let all = try #require(ChangeNotification.of(changes, source: "crm", condition: nil, stored: stored))
        #expect(all.new == 1 && all.changed == 2 && all.record == nil, "1 is new (then changed), 2 and 4 changed, 3 removed, 5 no longer stored")
        #expect(all.summary == "1 new, 2 changed in crm")
        let open = try #require(ChangeNotification.of(changes, source: "crm", condition: try ActionCondition(#"status == "open""#), stored: stored))
        #expect(open.summary == "1 new, 1 changed in crm")
        let one = try #require(ChangeNotification.of(changes, source: "crm", condition: try ActionCondition("email"), stored: stored))
        #expect(one.count == 1 && one.summary == "Ada" && one.record?.json == stored["1"])
        #expect(ChangeNotification.of([Self.change(.removed, "3", "Cy")], source: "crm", condition: nil, stored: stored) == nil)
        #expect(ChangeNotification.of(changes, source: "crm", condition: try ActionCondition(#"status == "lost""#), stored: stored) == nil)
        let twenty = (1...20).map { Self.change(.new, "n\($0)", "N\($0)") }
        let many = ChangeNotification.of(twenty, source: "pipedrive", condition: nil, stored: Dictionary(uniqueKeysWithValues: twenty.map { ($0.id, JSONValue.object([])) }))
        #expect(many?.summary == "20 new in pipedrive")
        #expect(ChangeNotification.candidates(changes) == ["1", "2", "4", "5"])
    }

    @Test("The command's templates: the one record's fields, {label}, {count}, {source} and {summary}, safe for a terminal")
    func templates() throws {
        let templates = try ["notify-send", "rolo: {label}", "{count} in {source}: {summary}", "{email}", "{name}"].map { try RecordTemplate($0) }
        let one = ChangeNotification(source: "crm", new: 1, changed: 0, record: ("Ada", try Self.json(#"{"email": "ada@example.com", "name": "Ada\u001b]0;owned\u0007"}"#)))
        #expect(one.command(templates) == ["notify-send", "rolo: Ada", "1 in crm: Ada", "ada@example.com", "Ada"])
        let many = ChangeNotification(source: "crm", new: 3, changed: 2, record: nil)
        #expect(many.command(templates) == ["notify-send", "rolo: 3 new, 2 changed in crm", "5 in crm: 3 new, 2 changed in crm", "", ""])
    }

    @Test("A condition naming a field none of the changed records has is told apart from one that doesn't match")
    func unknownField() throws {
        let records = [try Self.json(#"{"status": "open"}"#), try Self.json(#"{"status": null}"#)]
        #expect(ChangeNotification.unknownField(try ActionCondition(#"stauts == "open""#), in: records) == "stauts")
        #expect(ChangeNotification.unknownField(try ActionCondition(#"status == "closed""#), in: records) == nil)
        #expect(ChangeNotification.unknownField(try ActionCondition("stauts"), in: [JSONValue]()) == nil, "no records, nothing to tell by")
        #expect(ChangeNotification.unknownField(nil, in: records) == nil)
    }

    @Test("The command runs with its arguments; one that fails, hangs or isn't installed is said, and a hung one is stopped")
    func command() async throws {
        let directory = try TemporaryDirectory()
        let (_, out) = try Self.notifier(in: directory)
        let environment = ["PATH": directory.path + ":/usr/bin:/bin"]
        #expect(await NotifyCommand.run(["notify.sh", "rolo: Ada", "two words"], environment: environment) == .ran)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "rolo: Ada\ntwo words\n")
        let failed = await NotifyCommand.run(["false"], environment: environment)
        #expect(failed == .failed(1) && failed.sentence("false") == "false exited with status 1")
        // `.stopped`, not `.ran`: sleep was killed at the limit, not waited for until it exited.
        let hung = await NotifyCommand.run(["sleep", "30"], environment: environment, limit: .milliseconds(200))
        #expect(hung == .stopped(.milliseconds(200)) && hung.sentence("sleep") == "sleep was still running after 0.2 s and was stopped")
        let missing = await NotifyCommand.run(["no-such-notifier"], environment: environment)
        #expect(missing.sentence("no-such-notifier") == "no-such-notifier isn't on PATH")
        #expect(await NotifyCommand.run([""], environment: environment) == .notStarted("the notify_command is empty"))
    }

    @Test("rolo sync --notify over a store: nothing for a first listing, one notification for a refresh's matches, each problem said")
    func headless() async throws {
        let directory = try TemporaryDirectory()
        let (script, out) = try Self.notifier(in: directory)
        let url = "https://api.example/crew"
        let source = try RecordSourceFixtures.source("""
            [[sources]]
            name = "crew"
            url = "\(url)"
            records = "items"
            label = "{name}"
            notify = 'status == "open"'
            notify_command = ["\(script)", "{label}", "{count}", "{status}"]
            [sources.paging]
            style = "cursor"
            next = "next"
            """)
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: source)
        func sync(_ items: String, at date: Date) async throws {
            let client = ScriptedHTTPClient([url: [.json(#"{"items": [\#(items)], "next": null}"#)]])
            try await RecordSync(pager: try RecordSourceFixtures.pager(source, client), store: store, now: { date }).run(refresh: true)
        }
        let rules = HeadlessSync.NotifyRules(condition: source.notify, command: source.notifyCommand)
        let first = Self.at
        try await sync(#"{"id": 1, "name": "Ada", "status": "open"}, {"id": 2, "name": "Bo", "status": "closed"}"#, at: first)
        #expect(await HeadlessSync.notify(store, name: "crew", rules: rules, since: first, environment: [:]).isEmpty, "a first listing notifies nothing")
        #expect(!FileManager.default.fileExists(atPath: out))
        let second = first.addingTimeInterval(60)
        try await sync(#"{"id": 1, "name": "Ada", "status": "open"}, {"id": 2, "name": "Bo", "status": "open"}, {"id": 3, "name": "Cy", "status": "closed"}"#, at: second)
        #expect(await HeadlessSync.notify(store, name: "crew", rules: rules, since: second, environment: [:]) == ["crew: notified: Bo"])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "Bo\n1\nopen\n", "Bo reopened; Cy is new but closed")
        let third = second.addingTimeInterval(60)
        try await sync(#"{"id": 1, "name": "Ada", "status": "open"}, {"id": 2, "name": "Bo", "status": "open"}, {"id": 3, "name": "Cy", "status": "open"}, {"id": 4, "name": "Di", "status": "open"}"#, at: third)
        let typo = HeadlessSync.NotifyRules(condition: try ActionCondition(#"stauts == "open""#), command: source.notifyCommand)
        #expect(await HeadlessSync.notify(store, name: "crew", rules: typo, since: third, environment: [:])
                == [#"crew: notify = 'stauts == "open"' names stauts, which none of the 2 new or changed records has"#])
        let failing = HeadlessSync.NotifyRules(condition: nil, command: [try RecordTemplate("false")])
        #expect(await HeadlessSync.notify(store, name: "crew", rules: failing, since: third, environment: [:])
                == ["crew: the notify_command didn't notify of 1 new, 1 changed in crew: false exited with status 1"])
        #expect(await HeadlessSync.notify(store, name: "crew", rules: .init(condition: nil, command: nil), since: third, environment: [:]).first?
                .hasPrefix("crew: no notify_command, so --notify sends nothing") == true)
    }

    @Test("notify and notify_command in [[sources]]: read and checked, each mistake naming its line")
    func config() throws {
        let head = """
            [[sources]]
            name = "crew"
            url = "https://api.example/crew"

            """
        let source = try RecordSourceFixtures.source(head + #"notify = 'status == "open"'"# + "\nnotify_command = [\"notify-send\", \"rolo: {label}\"]\n")
        #expect(source.notify?.description == #"status == "open""# && source.notifyCommand?.map(\.description) == ["notify-send", "rolo: {label}"])
        #expect(try RecordSourceFixtures.source(head).notify == nil)
        #expect(try RecordSourceFixtures.configError(head + "notify = 'status =='\n")?.hasPrefix("config.toml, line 4: ") == true)
        let notList = try RecordSourceFixtures.configError(head + "notify_command = \"notify-send {label}\"\n")
        #expect(notList?.hasPrefix("config.toml, line 4: ") == true && notList?.contains("should be a list of the program and its arguments") == true, "\(notList ?? "")")
        #expect(try RecordSourceFixtures.configError(head + "notify_command = []\n")?.contains("should be a list") == true)
        #expect(try RecordSourceFixtures.configError(head + "notify_command = [\"x\", 3]\n")?.contains("should be a list") == true)
        #expect(try RecordSourceFixtures.configError(head + "notify_command = [\"notify-send\", \"{name\"]\n")?.hasPrefix("config.toml, line 4: ") == true)
    }
}
