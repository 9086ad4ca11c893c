import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Screens drawn into a canvas")
struct ScreenTests {
    /// A controller over a loaded people source with the details of 2 fetched.
    private func loadedScreen(width: Int, height: Int, list: [Employee] = Sample.staff) async -> ScreenController {
        let service = FakePeopleService(list: [.success(list)])
        await service.setDetail(2, .success(Sample.employee(2, "Jüri", "Õunapuu", gender: "male", born: "14 February 1969")))
        let (controller, model, busy) = await peopleScreen(service, size: Size(width: width, height: height))
        controller.perform(.moveDown)
        _ = await settle { busy.isIdle && !model.isLoading }
        return controller
    }

    private func draw(_ controller: ScreenController) -> Canvas {
        controller.render(theme: .monochrome, glyphs: .unicode)
    }

    @Test("160×48: list and detail side by side")
    func wide() async {
        let controller = await loadedScreen(width: 160, height: 48)
        assertSnapshot(draw(controller), named: "people-wide-160x48")
    }

    @Test("80×24: the list alone, then the detail pushed over it, then back")
    func narrowPushAndBack() async {
        let controller = await loadedScreen(width: 80, height: 24)
        assertSnapshot(draw(controller), named: "people-narrow-list-80x24")
        controller.perform(.open)
        assertSnapshot(draw(controller), named: "people-narrow-detail-80x24")
        controller.perform(.back)
        #expect(draw(controller).lines[1].hasPrefix(" Employees"))
        #expect(!draw(controller).text.contains("← Employees"))
    }

    @Test("The help overlay lists the key table")
    func help() async {
        let controller = await loadedScreen(width: 80, height: 24)
        controller.perform(.help)
        let canvas = draw(controller)
        assertSnapshot(canvas, named: "people-help-80x24")
        // Marks are listed only where the source has actions to run on them; people has none.
        for binding in roloKeyTable.bindings where binding.scope == Scopes.list && ![.toggleMark, .markRange].contains(binding.action) {
            #expect(canvas.text.contains(binding.description) || binding.description.count > 40)
        }
        controller.perform(.closeHelp)
        #expect(!draw(controller).text.contains("rolo keys"))
    }

    @Test("An error banner over the list that is still shown")
    func errorBanner() async {
        let service = FakePeopleService(list: [.success(Sample.staff), .failure(Sample.unreachable)])
        let (controller, model, busy) = await peopleScreen(service, size: Size(width: 80, height: 24))
        controller.perform(.refresh)
        _ = await settle { busy.isIdle && !model.isLoading }
        let canvas = draw(controller)
        assertSnapshot(canvas, named: "people-banner-80x24")
        #expect(canvas.text.contains("Can't reach 127.0.0.1:5000"))
        #expect(canvas.text.contains("Mari Tamm"))
    }

    @Test("Below the minimum size, a clear message")
    func tooSmall() async {
        let controller = await loadedScreen(width: 30, height: 8)
        assertSnapshot(draw(controller), named: "too-small-30x8")
    }

    @Test("Search narrows the list and shows the field")
    func searching() async {
        let controller = await loadedScreen(width: 80, height: 24)
        controller.perform(.search)
        for character in "анна" { controller.handle(.key(.character(character))) }
        _ = await settle { controller.busy.isIdle }
        let text = draw(controller).text
        #expect(text.contains("/ анна"))
        #expect(text.contains("Анна Иванова"))
        #expect(!text.contains("Mari Tamm"))
        #expect(text.contains("1 matching"))
        controller.handle(.key(.escape))
        #expect(draw(controller).text.contains("Mari Tamm"))
    }

    @Test("The selection stays on the same person when a refresh reorders the list")
    func selectionFollowsPerson() async {
        let service = FakePeopleService(list: [.success(Sample.staff), .success(Sample.staff.reversed())])
        let (controller, model, busy) = await peopleScreen(service, size: Size(width: 80, height: 24))
        controller.perform(.moveDown)
        #expect(controller.sourceUI.selectedID == "2")
        controller.perform(.refresh)
        _ = await settle { busy.isIdle && !model.isLoading }
        #expect(controller.sourceUI.selectedID == "2")
        #expect(controller.sourceUI.cursor.selected == 3)
    }

    @Test("Mouse: a click selects the row under it, the wheel moves")
    func mouse() async {
        let controller = await loadedScreen(width: 80, height: 24)
        // y 0 is the tab bar, 1 the pane title, 2 the column header: y 5 is the third entry.
        controller.handle(.mouse(MouseEvent(kind: .click, x: 5, y: 5)))
        #expect(controller.sourceUI.selectedID == "3")
        controller.handle(.mouse(MouseEvent(kind: .wheelDown, x: 5, y: 10)))
        #expect(controller.sourceUI.selectedID == "5")
    }
}
