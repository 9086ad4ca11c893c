import Foundation
@testable import RoloApp
import RoloCore
import TerminalUI
import Testing

/// The user's `[[actions]]` for people, directory, foods and randomuser run on their tabs, each
/// record as `rolo dump` writes it.
@MainActor
@Suite("[[actions]] on the built-in tabs: keys that work, records as rolo dump writes them", .temporaryDirectories)
struct BuiltInActionsTests {
    private let size = Size(width: 100, height: 30)

    /// An `output` command on `source`'s key `S` that echoes `values`.
    private func echo(_ source: String, _ values: String) -> String {
        """
        [[actions]]
        source = "\(source)"
        name = "say"
        key = "S"
        title = "Say it"
        command = ["echo", "\(values)"]
        mode = "output"
        """
    }

    /// `S` on the selected row: the output overlay, once the command ended.
    private func pressS(_ controller: ScreenController) async -> String {
        controller.handle(.key(.character("S")))
        _ = await poll(within: .seconds(60)) { if case .actionOutput = controller.mode { true } else { false } }
        return controller.render(theme: .monochrome, glyphs: .unicode).text
    }

    @Test("foods: an output command gets the food's fields, its like among them; the footer and ? show it")
    func foodsCommand() async throws {
        let (controller, model, _) = await foodsScreen(FakeFoodsService(FoodSamples.menu), size: size)
        model.takeActions(try loadSettings(echo("foods", "{name} liked={liked} from {country}")), base: nil, http: FakeHTTPClient(always: .json("{}")))
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).lines.last?.contains("S Say it") == true)
        let text = await pressS(controller)
        #expect(text.contains("French Onion Soup liked=false from FR"), "\(text)")
        #expect(text.contains("Say it — exit 0"))
        controller.handle(.key(.escape))
        controller.handle(.key(.character("?")))
        #expect(controller.helpLines().map(\.text).contains { $0.contains("S") && $0.hasSuffix("Say it") })
    }

    @Test("foods: an HTTP action goes under the user's URL, then the list is read again")
    func foodsRequest() async throws {
        let service = FakeFoodsService(FoodSamples.menu)
        let (controller, model, busy) = await foodsScreen(service, size: size)
        let http = FakeHTTPClient(always: .json("{}"))
        let toml = "[[actions]]\nsource = \"foods\"\nname = \"star\"\nkey = \"P\"\nmethod = \"PUT\"\nurl = \"food/{id}/star\"\n"
        model.takeActions(try loadSettings(toml), base: URL(string: "https://foods.test/api/v1/me/"), http: http)
        controller.handle(.key(.character("P")))
        #expect(await settle(async: { await service.calls.count == 2 }))
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(http.requests.map { "\($0.method) \($0.url.absoluteString)" } == ["PUT https://foods.test/api/v1/me/food/1/star"])
        #expect(await service.calls == ["GET", "GET"], "the list was read again after the write")
    }

    @Test("people: the employee's fields as rolo dump people writes them")
    func people() async throws {
        let (controller, model, _) = await peopleScreen(FakePeopleService(list: [.success(Sample.staff)]), size: size)
        model.takeActions(try loadSettings(echo("people", "{id} {first_name} {last_name} {birth_date}")), base: nil, http: FakeHTTPClient(always: .json("{}")))
        let id = try #require(controller.sourceUI.selectedID)
        let employee = try #require(model.state.value?.first { String($0.id) == id })
        #expect(employee.id == 1, "the first row is the first employee")
        let text = await pressS(controller)
        #expect(text.contains("1 Mari Tamm 1980-01-01"), "\(text)")
    }

    @Test("directory: the person's fields, their projects a list, whether an address-book card matches")
    func directory() async throws {
        let service = FakeDirectoryService(tallinn: .success(DirectorySamples.tallinnList), tartu: .success(DirectorySamples.tartuList))
        let (controller, model, _) = await directoryScreen(service, size: size)
        model.takeActions(try loadSettings(echo("directory", "{name} <{email}> card={contact}")), base: nil, http: FakeHTTPClient(always: .json("{}")))
        let id = try #require(controller.sourceUI.selectedID)
        let employee = try #require(model.employee(withID: id))
        let text = await pressS(controller)
        #expect(text.contains("\(employee.fullName) <\(employee.email)> card=\(model.card(for: employee) != nil)"), "\(text)")
        let record = try #require(model.actionRecord(for: id))
        #expect(record["projects"] == .array(employee.projects.map(JSONValue.string)))
    }

    @Test("randomuser: the person's fields; no actions, no action keys")
    func randomUser() async throws {
        let store = try memoryStore()
        try await storePersons(10, in: store)
        let (model, busy) = makeRandomUser(FakeRandomUserService(), store: store)
        model.start()
        #expect(await settle { busy.isIdle && !model.isLoading })
        let person = try #require(model.persons.first)
        #expect(model.recordActions.isEmpty)
        model.takeActions(try loadSettings(echo("randomuser", "{first_name}")), base: nil, http: FakeHTTPClient(always: .json("{}")))
        #expect(model.recordActions.map(\.name) == ["say"])
        let record = try #require(model.actionRecord(for: person.id))
        #expect(record["first_name"] == .string(person.firstName))
        #expect(record["email"] == .string(person.email))
        #expect(model.actionLabel(for: person.id) == person.fullName)
    }

    @Test("Another source's actions don't come to this tab")
    func ownActionsOnly() async throws {
        let (_, model, _) = await foodsScreen(FakeFoodsService(FoodSamples.menu), size: size)
        model.takeActions(try loadSettings(echo("people", "{name}")), base: nil, http: FakeHTTPClient(always: .json("{}")))
        #expect(model.recordActions.isEmpty)
        #expect(model.shippedActions.map(\.name) == ["like", "unlike"], "foods' own, which rolo ships")
    }
}
