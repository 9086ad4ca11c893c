import Foundation
@testable import RoloApp
import RoloCore
import TerminalUI
import Testing

/// Foods' like and unlike and randomuser's set-title are actions rolo ships: one entry of the key
/// table per key, listed by name, remapped by `[keys]`, refused by read-only mode.
@MainActor
@Suite("Shipped actions on the screen: the key table, [keys], rolo keys and read-only", .temporaryDirectories)
struct ShippedActionsScreenTests {
    private let size = Size(width: 100, height: 30)

    @Test("rolo keys: like and set-title in the key table by name, like and unlike among foods' actions")
    func listed() throws {
        let table = RoloKeys.listing(roloKeyTable, described: false)
        #expect(table.contains("like             l"))
        #expect(table.contains("set-title        t"))
        #expect(!table.contains("unlike"), "like's entry is the key of both")
        let read = try loadSettings("")
        let actions = try #require(RoloKeys.actionListing(read.configuredSources, catalog: SourceRegistry.catalog(read.configuredSources)))
        #expect(actions.contains("Actions of foods ([[actions]]):"))
        #expect(actions.contains("  like           l                     Like or unlike the selected food (writes)"))
        #expect(actions.contains("  unlike         l                     Like or unlike the selected food (writes)"))
        #expect(actions.contains("  set-title      t                     Make this person's name the list's title"))
    }

    @Test("[keys] like = \"K\": K likes and unlikes, l does nothing")
    func remapped() async throws {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service)
        let keys = try RoloKeys.table(applying: try loadSettings("[keys]\nlike = \"K\"\n").keyRemaps)
        let controller = ScreenController(sources: [model], size: size, busy: busy, keyTable: keys, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).lines[29].contains("K like"))
        controller.handle(.key(.character("l")))
        #expect(model.likesAtRest)
        controller.handle(.key(.character("K")))
        #expect(model.likeCell("1") == "♥")
        await expectAgreesWithServer(model, service, busy)
        controller.handle(.key(.character("K")))
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 1 like", "GET", "PUT 1 unlike", "GET"])
    }

    @Test("Read-only refuses the shipped like with a banner naming the setting, and sends nothing")
    func readOnly() async throws {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service)
        model.actionState.session = ActionSession(runner: ActionRunner(
            sourceTitle: "The foods server", base: URL(string: "https://foods.test/api/v1/user-42/"), client: service, readOnly: "--read-only"))
        let events = Events()
        model.onEvent = { events.all.append($0) }
        model.start()
        #expect(await settle { busy.isIdle && !model.isLoading })
        model.perform(.like, on: "1")
        #expect(events.banners == ["rolo is read-only (--read-only): 'like' would send a PUT — turn read-only off to act"])
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET"])
    }

    @Test("A user's own action named like takes the shipped one's place; unlike stays on l")
    func replacedByName() async throws {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service)
        let toml = "[[actions]]\nsource = \"foods\"\nname = \"like\"\nkey = \"S\"\ntitle = \"Say it\"\ncommand = [\"true\"]\nmode = \"background\"\n"
        model.takeActions(try loadSettings(toml), base: URL(string: "https://foods.test/api/v1/user-42/"), http: service)
        #expect(model.recordActions.map(\.name) == ["like"])
        #expect(model.shippedActions.map(\.name) == ["unlike"])
        model.start()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.applicableActions(for: "1").map(\.title) == ["Say it"])
    }

    /// The foods of `FoodSamples.menu` on screen under the keys and actions of the config file
    /// `toml`, whose key table lists `entry` ("unlike           l").
    private func foodsScreen(_ toml: String, listing entry: String,
                             sourceLocation: SourceLocation = #_sourceLocation) async throws -> (ScreenController, FoodsViewModel, BusyTracker, FakeFoodsService) {
        let run = try RunConfig(settings: try loadSettings(toml))
        #expect(RoloKeys.listing(run.keyTable, described: false).contains(entry), sourceLocation: sourceLocation)
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service)
        model.takeActions(run.settings, base: URL(string: "https://foods.test/api/v1/user-42/"), http: service)
        let controller = ScreenController(sources: [model], size: size, busy: busy, keyTable: run.keyTable, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000), sourceLocation: sourceLocation)
        return (controller, model, busy, service)
    }

    @Test("[keys] unlike = \"U\": l only likes, U only unlikes; rolo keys and the footer name both")
    func unlikeMoved() async throws {
        let (controller, model, busy, service) = try await foodsScreen("[keys]\nunlike = \"U\"\n", listing: "unlike           U")
        #expect(RoloKeys.listing(controller.keyTable, described: false).contains("like             l"))
        #expect(controller.render(theme: .monochrome, glyphs: .unicode).lines[29].contains("l like  U unlike"))
        controller.handle(.key(.character("U")))
        #expect(model.likesAtRest, "soup isn't liked: U has nothing to do")
        controller.handle(.key(.character("l")))
        await expectAgreesWithServer(model, service, busy)
        controller.handle(.key(.character("l")))
        #expect(model.likesAtRest, "l no longer unlikes")
        controller.handle(.key(.character("U")))
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 1 like", "GET", "PUT 1 unlike", "GET"])
    }

    @Test("[keys] like = \"K\" frees l: a user's action on l is no clash, and l runs it while K likes and unlikes")
    func likeMovedFreesKey() async throws {
        let toml = "[keys]\nlike = \"K\"\n\n[[actions]]\nsource = \"foods\"\nname = \"say\"\nkey = \"l\"\ntitle = \"Say it\"\ncommand = [\"true\"]\nmode = \"background\"\n"
        let (controller, model, busy, service) = try await foodsScreen(toml, listing: "like             K")
        #expect(controller.recordAction(for: .character("l"))?.name == "say")
        controller.handle(.key(.character("K")))
        await expectAgreesWithServer(model, service, busy)
        controller.handle(.key(.character("K")))
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 1 like", "GET", "PUT 1 unlike", "GET"])

        let clash = #expect(throws: ConfigError.self) { try RunConfig(settings: try loadSettings("[keys]\nlike = \"r\"\n")) }
        #expect(clash?.message.contains("config.toml, line 2: 'r' for like is already refresh's key") == true, "\(clash?.message ?? "")")
    }

    @Test("A user's like on l whose when negates unlike's pairs with rolo's unlike; one on another key leaves l named unlike")
    func userLikePairs() async throws {
        let paired = "[[actions]]\nsource = \"foods\"\nname = \"like\"\nkey = \"l\"\ntitle = \"Like it my way\"\nwhen = \"! liked\"\ncommand = [\"true\"]\nmode = \"background\"\n"
        let (controller, model, busy, service) = try await foodsScreen(paired, listing: "unlike           l")
        #expect(controller.recordAction(for: .character("l"))?.title == "Like it my way", "soup isn't liked")
        controller.perform(.last)
        #expect(controller.recordAction(for: .character("l"))?.name == "unlike", "plov is liked")
        controller.handle(.key(.character("l")))
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 4 unlike", "GET"])

        let elsewhere = paired.replacingOccurrences(of: "key = \"l\"", with: "key = \"S\"")
        let moved = try RunConfig(settings: try loadSettings(elsewhere))
        let listing = RoloKeys.listing(moved.keyTable, described: false)
        #expect(listing.contains("unlike           l"))
        #expect(!listing.contains("like             l"))

        let clashing = paired.replacingOccurrences(of: "when = \"! liked\"\n", with: "")
        #expect(throws: ConfigError.self) { try RunConfig(settings: try loadSettings(clashing)) }
    }
}

/// `optimistic` is any action's, not foods' alone: on a configured source the row shows the
/// fields at once, and a failure shows them as they were.
@MainActor
@Suite("optimistic on a configured source")
struct OptimisticConfiguredTests {
    private static let toml = #"""
        [[sources.actions]]
        name = "promote"
        key = "P"
        title = "Promote to team C"
        method = "PATCH"
        url = "https://crew.test/people/{id}"
        body = { team = "C" }
        optimistic = { team = "C" }
        """#

    @Test("The row shows team C while the PATCH is out; its failure puts A back, flashes the row and says why")
    func optimisticCrew() async throws {
        let api = try CrewWithWrites(count: 4)
        let model = try makeCrew(api.crew, toml: CrewSamples.toml(Self.toml), database: nil)
        let endpoint = try model.source.endpoint(environment: [:])
        model.actionState.session = ActionSession(runner: ActionRunner(source: model.source, endpoint: endpoint, client: api, sleep: { _ in }))
        let controller = await crewScreen(model, size: Size(width: 100, height: 30))
        let events = Events()
        model.onEvent = { events.all.append($0) }
        let team = JSONPath("team")
        #expect(model.actionRecord(for: "1")?.value(at: team)?.text == "A")
        await api.holdNext()
        await api.answer(.init(status: 500, body: #"{"error": "the crew is frozen"}"#))
        controller.handle(.key(.character("P")))
        #expect(model.actionRecord(for: "1")?.value(at: team)?.text == "C", "at once")
        let row = (0..<model.entries.entryCount).compactMap { model.entries.entry(at: $0).row }.first { $0.id == "1" }
        #expect(row?.cells.contains("C") == true, "the row shows it")
        #expect(await settle(async: { await api.heldCount == 1 }))
        controller.handle(.key(.character("P")))
        await api.release()
        #expect(await settle { events.banners == ["HTTP 500 from crew.test: the crew is frozen — try again"] })
        #expect(model.flashingRowID == "1")
        #expect(model.actionRecord(for: "1")?.value(at: team)?.text == "A")
        #expect(await model.settled())
        #expect(await api.writes.count == 1, "a press while it was out sent nothing more, and nothing was sent again")
    }

    @Test("A write that worked shows its fields until the record is read again as the server left it")
    func confirmedUntilReadAgain() async throws {
        let api = try CrewWithWrites(count: 4)
        let model = try makeCrew(api.crew, toml: CrewSamples.toml(Self.toml), database: nil)
        model.start()
        #expect(await model.settled())
        let team = JSONPath("team")
        let listed = try #require(model.actionRecord(for: "1"))
        #expect(listed.value(at: team)?.text == "A")
        model.confirmWrite(.object([JSONMember("team", .string("C"))]), on: "1")
        model.optimisticChanged()
        #expect(model.actionRecord(for: "1")?.value(at: team)?.text == "C", "the answer, not the old value, while it is read again")
        let row = (0..<model.entries.entryCount).compactMap { model.entries.entry(at: $0).row }.first { $0.id == "1" }
        #expect(row?.cells.contains("C") == true)
        #expect(await model.apply(.updated(OptimisticWrites.overlay([JSONMember("team", .string("B"))], on: listed)), to: "1") == nil)
        #expect(model.actionRecord(for: "1")?.value(at: team)?.text == "B", "the record as the server left it decides")
    }
}
