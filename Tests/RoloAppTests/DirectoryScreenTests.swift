import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Directory screens drawn into a canvas", .temporaryDirectories)
struct DirectoryScreenTests {
    private typealias S = DirectorySamples
    private let size = Size(width: 100, height: 30)

    private func draw(_ controller: ScreenController) -> Canvas {
        controller.render(theme: .monochrome, glyphs: .unicode)
    }

    private func screen() async -> (ScreenController, DirectoryViewModel) {
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .success(S.tartuList))
        let (controller, model, _) = await directoryScreen(service, size: size)
        return (controller, model)
    }

    @Test("100×30: the sectioned list beside the first person's detail")
    func listAndDetail() async {
        let (controller, _) = await screen()
        let canvas = draw(controller)
        assertSnapshot(canvas, named: "directory-list-100x30")
        #expect(canvas.text.contains("Android"))
        #expect(canvas.text.contains("No projects.") || canvas.text.contains("Kassa"))
    }

    @Test("100×30: a person with a card, the button at the bottom of the detail")
    func detailWithButton() async {
        let (controller, _) = await screen()
        controller.perform(.moveDown)
        controller.perform(.moveDown)
        let canvas = draw(controller)
        assertSnapshot(canvas, named: "directory-detail-button-100x30")
        #expect(canvas.text.contains("Contact card (c)"))
        #expect(controller.isAvailable(.contactCard))
    }

    @Test("100×30: c opens the whole card over the screen")
    func cardOverlay() async {
        let (controller, _) = await screen()
        #expect(!controller.isAvailable(.contactCard), "Jüri Õun has no card")
        controller.perform(.moveDown)
        controller.perform(.moveDown)
        controller.perform(.contactCard)
        let canvas = draw(controller)
        assertSnapshot(canvas, named: "directory-card-100x30")
        #expect(canvas.text.contains("Dr. Mari Liis Tamm"))
    }

    @Test("A click on the Contact card button opens the card, a click anywhere closes it")
    func clickOnButton() async throws {
        let (controller, _) = await screen()
        controller.perform(.moveDown)
        controller.perform(.moveDown)
        let row = try #require(draw(controller).lines.firstIndex { $0.contains("Contact card (c)") })
        controller.handle(.mouse(MouseEvent(kind: .click, x: controller.layout.detail.x + 2, y: row)))
        #expect(draw(controller).text.contains("Dr. Mari Liis Tamm"))
        controller.handle(.mouse(MouseEvent(kind: .click, x: 1, y: 1)))
        #expect(!draw(controller).text.contains("Esc closes"))
    }

    @Test("100×30: a failed city's saved people are drawn with a dim 'saved' note at the end of their rows")
    func savedRows() async throws {
        let store = temporaryStore()
        try store.save([.init(url: S.tallinn, employees: S.tallinnList), .init(url: S.tartu, employees: S.tartuList)],
                       at: Sample.today.addingTimeInterval(-3600))
        let service = FakeDirectoryService(tallinn: .success(S.tallinnList), tartu: .failure(S.unreachable))
        let (controller, _, _) = await directoryScreen(service, size: size, store: store)
        let canvas = controller.render(theme: .color, glyphs: .unicode)
        let anna = try #require(canvas.lines.firstIndex { $0.contains("Anna Kask") })
        #expect(canvas.lines[anna].contains("saved 12:06"))
        let mari = try #require(canvas.lines.firstIndex { $0.contains("Mari Tamm") })
        #expect(!canvas.lines[mari].contains("saved"), "Tallinn answered for Mari")
        let line: String = canvas.lines[anna]
        let note = try #require(line.range(of: "saved 12:06"))
        let column = String(line[..<note.lowerBound]).displayWidth
        #expect(canvas[column, anna].style == Theme.color.dim)
        #expect(canvas.text.contains("Tartu didn't load"))
    }
}
