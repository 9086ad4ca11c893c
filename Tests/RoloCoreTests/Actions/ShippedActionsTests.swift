import Foundation
import Testing
@testable import RoloCore

@Suite("Foods' like and unlike and randomuser's set-title are actions rolo ships; success and optimistic")
struct ShippedActionsTests {
    private func runner(_ client: FakeHTTPClient) -> ActionRunner {
        ActionRunner(sourceTitle: "The foods server", base: URL(string: "https://foods.example/api/v1/me/"), client: client)
    }

    private func food(liked: Bool) -> ActionValues {
        ActionValues(record: .object([JSONMember("id", .string("7")), JSONMember("liked", .bool(liked))]))
    }

    private func shipped(_ name: String, of actions: [RecordAction]) throws -> RecordAction {
        try #require(actions.first { $0.name == name })
    }

    @Test("Foods ships like and unlike on l, each applying to the other's foods, optimistic about liked")
    func foods() throws {
        let actions = FoodsSource.shippedActions
        #expect(actions.map(\.name) == ["like", "unlike"] && actions.allSatisfy { $0.key == "l" && $0.isShipped && $0.isWrite })
        let like = try shipped("like", of: actions), unlike = try shipped("unlike", of: actions)
        #expect(like.sharesKey(with: unlike))
        #expect(like.applies(to: food(liked: false).record) && !like.applies(to: food(liked: true).record))
        guard case .http(let http) = like.effect, case .http(let other) = unlike.effect else {
            Issue.record("like and unlike are HTTP actions")
            return
        }
        #expect(http.method == .put && http.error == JSONPath("error") && http.success == JSONPath("success"))
        #expect(http.optimistic == .object([JSONMember("liked", .bool(true))]))
        #expect(other.optimistic == .object([JSONMember("liked", .bool(false))]))
    }

    @Test("randomuser ships set-title on t, a local action that sends nothing")
    func randomUser() throws {
        let title = try shipped("set-title", of: RandomUserSource.shippedActions)
        #expect(title.key == "t" && title.isShipped && !title.isWrite)
        guard case .setTitle(let template) = title.effect else {
            Issue.record("set-title sets the title")
            return
        }
        let person = ActionValues(record: .object([JSONMember("first_name", .string("Анна")), JSONMember("last_name", .string("Иванова"))]))
        #expect(person.text(template) == "Анна Иванова")
    }

    @Test("The config as read has the shipped actions after the user's; the same name replaces one, its key is a clash")
    func inTheConfig() throws {
        let directory = try TemporaryDirectory()
        func read(_ text: String) throws -> Settings {
            try SettingsLoader.load(options: [:], environment: ["HOME": directory.path], configFile: try directory.write("config.toml", text))
        }
        #expect(try read("").configuredSources.actions(of: "foods").map(\.name) == ["like", "unlike"])
        #expect(try read("").configuredSources.actions(of: "randomuser").map(\.name) == ["set-title"])
        let mine = "[[actions]]\nsource = \"foods\"\nname = \"like\"\nkey = \"L\"\ncommand = [\"true\"]\n"
        let replaced = try read(mine).configuredSources.actions(of: "foods")
        #expect(replaced.map(\.name) == ["like", "unlike"] && replaced.map(\.isShipped) == [false, true] && replaced.first?.key == "L")
        let onKey = mine.replacingOccurrences(of: "\"like\"", with: "\"star\"").replacingOccurrences(of: "\"L\"", with: "\"l\"")
        let clash = #expect(throws: ConfigError.self) { try read(onKey) }
        #expect(clash?.message.hasSuffix("config.toml, line 4: 'l' for action 'star' of foods is already like's key on that tab — pick another key for the action (`rolo keys` lists the keys in use)") == true)
        let sharing = mine.replacingOccurrences(of: "\"L\"", with: "\"l\"").replacingOccurrences(of: "command", with: "when = \"! liked\"\ncommand")
        #expect(try read(sharing).configuredSources.actions(of: "foods").map(\.name) == ["like", "unlike"],
                "a like of one's own with like's when shares l with the shipped unlike")
    }

    @Test("success = path: true there is a success; false, nothing or a page is a failure whatever the status", arguments: [
        (200, #"{"success":true}"#, nil),
        (200, #"{"success":false}"#, "The foods server didn't save the like"),
        (201, #"{"ok":true}"#, "The foods server sent an answer rolo can't read to the like"),
        (200, "<html><body>oops</body></html>", "The foods server sent an HTML page instead of saving the like"),
    ])
    func success(_ status: Int, _ body: String, _ expected: String?) async throws {
        let like = try shipped("like", of: FoodsSource.shippedActions)
        let client = FakeHTTPClient(inTurn: [.respond(status, body, headers: body.hasPrefix("<") ? ["content-type": "text/html"] : [:])])
        do {
            _ = try await runner(client).run(like, food(liked: false))
            #expect(expected == nil)
        } catch {
            #expect(error.message == expected)
            #expect(error.status == status)
        }
    }

    @Test("An optimistic action isn't sent again after a dropped connection; the same PUT without optimistic is")
    func noRetry() async throws {
        var like = try shipped("like", of: FoodsSource.shippedActions)
        let once = FakeHTTPClient(inTurn: [.fail(.unreachable), .respond(200, #"{"success":true}"#)])
        await #expect(throws: ActionFailure.self) { try await runner(once).run(like, food(liked: false)) }
        #expect(once.requests.count == 1)
        guard case .http(var http) = like.effect else { return }
        http.optimistic = nil
        like.effect = .http(http)
        let twice = FakeHTTPClient(inTurn: [.fail(.unreachable), .respond(200, #"{"success":true}"#)])
        #expect(try await runner(twice).run(like, food(liked: false)) == .refetch)
        #expect(twice.requests.count == 2)
    }

    @Test("optimistic, success and set_title are read and checked with their lines")
    func reader() throws {
        let directory = try TemporaryDirectory()
        func mistake(_ lines: String) throws -> String? {
            let text = "[[sources]]\nname = \"t\"\nurl = \"https://api.example.com/t\"\n\n[[sources.actions]]\nname = \"a\"\nkey = \"x\"\n" + lines
            do {
                _ = try SettingsLoader.load(options: [:], environment: ["HOME": directory.path], configFile: try directory.write("config.toml", text))
                return nil
            } catch let error as ConfigError {
                return error.message.range(of: "config.toml").map { String(error.message[$0.lowerBound...]) }
            }
        }
        #expect(try mistake("method = \"PATCH\"\nurl = \"/t/{id}\"\noptimistic = { status = \"closed\", done = true }\nsuccess = \"ok\"\n") == nil)
        #expect(try mistake("set_title = \"{name}\"\n") == nil)
        #expect(try mistake("method = \"PATCH\"\nurl = \"/t/{id}\"\noptimistic = \"closed\"\n")?.hasPrefix("config.toml, line 10: 'optimistic' of action 'a' of source 't' should be a table") == true)
        #expect(try mistake("method = \"PATCH\"\nurl = \"/t/{id}\"\noptimistic = { status = \"{x}\" }\n")?.contains("values as written") == true)
        #expect(try mistake("set_title = \"{name}\"\ncommand = [\"true\"]\n")?.hasPrefix("config.toml, line 9: action 'a' of source 't' has both set_title and command") == true)
        #expect(try mistake("method = \"PATCH\"\nurl = \"/t/{id}\"\nsuccess = \"a..b\"\n")?.contains("success of action 'a'") == true)
    }
}
