import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

/// A capability's keys are in the help only where the source on screen has it: foods' like,
/// the directory's contact cards, nowhere else.
@MainActor
@Suite("The help lists what the source on screen can do", .temporaryDirectories)
struct HelpPerSourceTests {
    private let size = Size(width: 100, height: 30)

    /// One screen over people, the directory and foods, on `index`.
    private func screen(on index: Int) async -> ScreenController {
        let (_, people, _) = await peopleScreen(FakePeopleService(list: [.success(Sample.staff)]), size: size, pictures: true)
        let (_, directory, _) = await directoryScreen(
            FakeDirectoryService(tallinn: .success(DirectorySamples.tallinnList), tartu: .success(DirectorySamples.tartuList)), size: size)
        let (_, foods, _) = await foodsScreen(FakeFoodsService(FoodSamples.menu), size: size)
        let controller = ScreenController(sources: [people, directory, foods], size: size, busy: BusyTracker(),
                                          now: { Sample.today }, timeZone: Sample.zone)
        controller.perform(.source(index))
        return controller
    }

    private func help(_ controller: ScreenController) -> String {
        controller.helpLines().map(\.text).joined(separator: "\n")
    }

    private let like = "Like or unlike the selected food"
    private let card = "Open the address-book card of the selected person"

    @Test("people: neither like nor contact cards")
    func people() async {
        let text = help(await screen(on: 0))
        #expect(!text.contains(like))
        #expect(!text.contains(card))
        #expect(!text.contains("Contact card"))
        #expect(text.contains("Show or hide thumbnails"), "people's rows carry thumbnails")
    }

    @Test("directory: contact cards and their paging, no like, no thumbnails")
    func directory() async {
        let text = help(await screen(on: 1))
        #expect(text.contains(card))
        #expect(text.contains("The person's next card"))
        #expect(!text.contains(like))
        #expect(!text.contains("Show or hide thumbnails"))
    }

    @Test("foods: like, no contact cards")
    func foods() async {
        let text = help(await screen(on: 2))
        #expect(text.contains(like))
        #expect(!text.contains(card))
    }

    @Test("the footer follows the same rule: l only on foods")
    func footer() async {
        for index in 0..<3 {
            let controller = await screen(on: index)
            let hints = controller.keyTable.hints(in: controller.activeScopes, where: controller.isAvailable).map(\.hint)
            #expect(hints.contains("like") == (index == 2), "source \(index): \(hints)")
        }
    }
}
