import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("A configured source on screen")
struct RecordListScreenTests {
    private let size = Size(width: 100, height: 30)

    private func screen(_ model: RecordListModel) async -> ScreenController {
        await crewScreen(model, size: size)
    }

    @Test("100×30: its title, its columns, group headers, and the detail_url's full record")
    func listAndDetail() async throws {
        let api = try FakeCrewAPI(count: 25)
        let model = try makeCrew(api, toml: CrewSamples.toml("group = \"{team}\""), database: nil)
        let controller = await screen(model)
        controller.perform(.moveDown)
        #expect(await model.settled())
        let canvas = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(canvas, named: "custom-crew-100x30")
        let text = canvas.text
        #expect(text.contains("Crew"))
        #expect(text.contains("Name") && text.contains("Email") && text.contains("Team"))
        #expect(text.contains("crew │ 25 records │ 2/25"))
        #expect(text.contains("bio") && text.contains("Crew member 3"))
    }

    @Test("100×30: stored records under the offline banner, and the status says since when")
    func offline() async throws {
        let database = try RoloDatabase.inMemory()
        let first = try makeCrew(try FakeCrewAPI(count: 25), database: database)
        first.start()
        #expect(await first.settled())
        let api = try FakeCrewAPI(count: 25)
        await api.fail(CrewSamples.unreachable)
        let controller = await screen(try makeCrew(api, database: database))
        let text = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(text.contains("Offline — showing Crew saved"))
        #expect(text.contains("offline · saved"))
    }
}
