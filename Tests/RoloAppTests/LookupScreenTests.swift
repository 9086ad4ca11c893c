import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

extension FakeHTTPClient {
    /// The crew API with the teams their `team` names at https://crew.test/teams; every other
    /// request goes to `crew`.
    fileprivate static func teams(over crew: FakeCrewAPI) -> FakeHTTPClient {
        let api = FakeHTTPClient()
        api.on(.any, .forward(to: crew))
        api.set("/teams", .json(#"{"items": [{"id": "A", "name": "Team Apollo", "floor": 3}, {"id": "B", "name": "Team Borealis", "floor": 5}]}"#))
        return api
    }

    /// How many times the teams list was asked for.
    fileprivate var teamRequests: Int { requests.count { $0.url.path == "/teams" } }

    /// How many times the crew's own list was asked for.
    fileprivate var crewRequests: Int { requests.count { $0.url.path != "/teams" } }
}

/// A crew whose `team` is a lookup into the teams list, which is a tab of its own.
@MainActor
@Suite("Lookups on screen: names, Enter follows, Esc comes back")
struct LookupScreenTests {
    private let size = Size(width: 110, height: 30)

    private static let toml = CrewSamples.toml("fields = [\"first\", \"email\", \"team\"]").replacingOccurrences(
        of: "{ title = \"Team\", value = \"{team}\", width = 6 }", with: "{ title = \"Squad\", value = \"{squad.name}\", width = 14 }") + """


        [[sources.lookups]]
        name = "squad"
        field = "team"
        url = "https://crew.test/teams"
        records = "items"
        source = "teams"

        [[sources]]
        name = "teams"
        url = "https://crew.test/teams"
        records = "items"
        label = "{name}"
        fields = ["name", "floor"]
        """

    private func models(_ api: FakeHTTPClient, database: RoloDatabase?) throws -> (RecordListModel, RecordListModel) {
        let sources = try CrewSamples.settings(Self.toml).configuredSources.sources
        let busy = BusyTracker()
        func model(_ source: RecordSource) -> RecordListModel {
            RecordListModel(
                source: source, database: database, http: api, environment: [:], busy: busy, pictures: nil, imageLoader: nil,
                sleep: { _ in }, now: { Sample.today }, locale: Locale(identifier: "en"), timeZone: Sample.zone)
        }
        return (model(sources[0]), model(sources[1]))
    }

    private func settled(_ controller: ScreenController) async -> Bool {
        await settle({ controller.busy.isIdle && controller.sources.allSatisfy { !$0.status.isLoading } }, limit: 200_000)
    }

    @Test("The list's column and the detail name the team; Enter opens it on the teams tab; Esc comes back to the person")
    func followAndBack() async throws {
        let api = FakeHTTPClient.teams(over: try FakeCrewAPI(count: 12))
        let (crew, teams) = try models(api, database: try RoloDatabase.inMemory())
        let controller = ScreenController(sources: [crew, teams], size: size, busy: crew.busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await settled(controller))
        #expect(crew.lookupValues.records["squad"]?.count == 2)
        let list = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(list.contains("Squad") && list.contains("Team Apollo") && list.contains("Team Borealis"))
        controller.perform(.moveDown)
        controller.perform(.open)
        #expect(await settled(controller))
        let person = try #require(controller.sourceUI.selectedID)
        #expect(person == "2")
        let blocks = crew.detail(for: person)
        #expect(blocks.contains(.reference(label: "team", value: "Team Borealis")), "\(blocks)")
        controller.perform(.activate)
        #expect(await settled(controller))
        #expect(controller.active == 1)
        #expect(controller.sourceUI.selectedID == "B" && controller.sourceUI.showingDetail)
        let followed = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(followed.contains("floor") && followed.contains("5"))
        controller.perform(.back)
        #expect(controller.active == 0)
        #expect(controller.sourceUI.selectedID == "2" && controller.sourceUI.showingDetail)
        controller.perform(.back)
        #expect(controller.active == 0 && !controller.sourceUI.showingDetail, "a second Esc leaves the detail as ever")
    }

    @Test("A click on the detail's underlined team follows it, the list keeping the keys; Esc comes back to the list")
    func click() async throws {
        let api = FakeHTTPClient.teams(over: try FakeCrewAPI(count: 6))
        let (crew, teams) = try models(api, database: nil)
        let controller = ScreenController(sources: [crew, teams], size: size, busy: crew.busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await settled(controller))
        controller.perform(.moveDown)
        #expect(await settled(controller))
        let detailX = controller.layout.detail.x
        let lines = controller.render(theme: .monochrome, glyphs: .unicode).lines
        let row = try #require(lines.firstIndex { String($0.dropFirst(detailX)).contains("Team Borealis") }, "\(lines)")
        controller.handle(.mouse(MouseEvent(kind: .click, x: detailX + 2, y: row)))
        #expect(await settled(controller))
        #expect(controller.active == 1 && controller.sourceUI.selectedID == "B")
        controller.perform(.back)
        #expect(controller.active == 0 && controller.sourceUI.selectedID == "2" && !controller.sourceUI.showingDetail)
    }

    @Test("Without source the field shows the name and Enter does nothing; a team the list lacks shows its raw id")
    func noSource() async throws {
        let toml = Self.toml.replacingOccurrences(of: "source = \"teams\"\n", with: "")
        let sources = try CrewSamples.settings(toml).configuredSources.sources
        #expect(sources[0].lookups[0].source == nil)
        let api = FakeHTTPClient.teams(over: try FakeCrewAPI(count: 3))
        let crew = RecordListModel(
            source: sources[0], database: nil, http: api, environment: [:], busy: BusyTracker(), pictures: nil, imageLoader: nil,
            sleep: { _ in }, now: { Sample.today }, locale: Locale(identifier: "en"), timeZone: Sample.zone)
        let controller = await crewScreen(crew, size: size)
        controller.perform(.open)
        #expect(crew.detail(for: "1").contains(.field(label: "team", value: "Team Apollo")))
        #expect(crew.followTarget(for: "1", field: nil) == nil)
        #expect(!controller.isAvailable(.activate))
        var values = crew.lookupValues
        values.records["squad"]?["A"] = nil
        crew.lookupValues = values
        #expect(crew.detail(for: "1").contains(.field(label: "team", value: "A")))
    }

    @Test("A relaunch shows the stored names while the teams list fails, and says so; when their server can't be reached, the list isn't asked for")
    func storedNames() async throws {
        let database = try RoloDatabase.inMemory()
        let first = FakeHTTPClient.teams(over: try FakeCrewAPI(count: 5))
        let (crew, _) = try models(first, database: database)
        crew.start()
        #expect(await crew.settled())
        #expect(first.teamRequests == 1)
        let second = FakeHTTPClient.teams(over: try FakeCrewAPI(count: 5))
        second.set("/teams", .respond(500, "teams are down"))
        let (again, _) = try models(second, database: database)
        var banners: [String] = []
        again.onEvent = { if case .banner(let text, _) = $0 { banners.append(text) } }
        again.start()
        #expect(await again.settled())
        #expect(second.teamRequests == 1)
        #expect(again.lookupValues.records["squad"]?["B"]?["name"] == .string("Team Borealis"))
        #expect(banners.contains { $0.contains("lookup 'squad' wasn't fetched") }, "\(banners)")
        let row = try #require(again.entries.entry(at: 1).row)
        #expect(row.cells.contains("Team Borealis"))

        // The teams are on the crew's own server: when it can't be reached, neither can the crew.
        let third = FakeHTTPClient.teams(over: try FakeCrewAPI(count: 5))
        third.set("/teams", .fail(CrewSamples.unreachable))
        let (offline, _) = try models(third, database: database)
        var offlineBanners: [String] = []
        offline.onEvent = { if case .banner(let text, _) = $0 { offlineBanners.append(text) } }
        offline.start()
        #expect(await offline.settled())
        #expect(third.crewRequests == 0)
        #expect(offlineBanners.contains { $0.hasPrefix("Offline — showing Crew saved") }, "\(offlineBanners)")
        #expect(try #require(offline.entries.entry(at: 1).row).cells.contains("Team Borealis"))
    }
}
