import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

/// The screen is in one mode at a time; each mode takes its own keys, and leaving it returns to
/// the source on screen.
@MainActor
@Suite("Screen modes and their transitions", .temporaryDirectories)
struct ScreenModeTests {
    private func screen() async -> ScreenController {
        let service = FakeDirectoryService(tallinn: .success(DirectorySamples.tallinnList), tartu: .success(DirectorySamples.tartuList))
        let (controller, _, _) = await directoryScreen(service, size: Size(width: 100, height: 30))
        // The third row is Mari-Liis Tamm, who has a contact card.
        controller.perform(.moveDown)
        controller.perform(.moveDown)
        return controller
    }

    private func press(_ controller: ScreenController, _ keys: Key...) {
        for key in keys { controller.handle(.key(key)) }
    }

    @Test("/ types into the field; Enter keeps the filter and browses; Esc clears it")
    func search() async {
        let controller = await screen()
        press(controller, .character("/"), .character("t"), .character("a"))
        #expect(controller.mode == .searching("ta"))
        #expect(controller.activeScopes == [Scopes.search])
        press(controller, .enter)
        #expect(controller.mode == .browsing)
        #expect(controller.source.searchTerm == "ta")
        press(controller, .character("/"), .backspace, .backspace, .backspace)
        #expect(controller.mode == .browsing, "backspace on an empty field clears the search")
        #expect(controller.source.searchTerm == nil)
    }

    @Test("a move key ends typing and moves")
    func moveLeavesSearch() async {
        let controller = await screen()
        let before = controller.sourceUI.cursor.selected
        press(controller, .character("/"), .down)
        #expect(controller.mode == .browsing)
        #expect(controller.sourceUI.cursor.selected != before)
    }

    @Test("help scrolls with j and closes with q; its keys are the only ones in force")
    func help() async {
        let controller = await screen()
        press(controller, .character("?"), .character("j"), .character("j"))
        #expect(controller.mode == .help(scroll: 2))
        press(controller, .character("Y"), .character("c"), .character("/"))
        #expect(controller.mode == .help(scroll: 2), "Y, c and / belong to the screen, not the help")
        press(controller, .character("q"))
        #expect(controller.mode == .browsing)
        #expect(!controller.quitRequested)
    }

    @Test("Y opens the menu; j moves the highlight; Esc closes; a digit copies and closes")
    func copyMenu() async throws {
        let controller = await screen()
        press(controller, .character("Y"), .character("j"))
        let menu = try #require(controller.copyMenu)
        #expect(menu.selected == 1)
        press(controller, .escape)
        #expect(controller.mode == .browsing)
        var copied: [String] = []
        controller.onCopy = { copied.append($0); return .copied(confirmed: true) }
        press(controller, .character("Y"), .character("1"))
        #expect(controller.mode == .browsing)
        #expect(copied == [menu.values[0].text])
    }

    @Test("c opens the card; j scrolls it; Esc closes it")
    func card() async {
        let controller = await screen()
        press(controller, .character("c"))
        let rowID = controller.sourceUI.selectedID ?? ""
        #expect(controller.mode == .card(rowID: rowID, index: 0, scroll: 0))
        press(controller, .character("j"))
        #expect(controller.mode == .card(rowID: rowID, index: 0, scroll: 1))
        press(controller, .escape)
        #expect(controller.mode == .browsing)
    }

    @Test("a click closes an overlay; the wheel scrolls the help", arguments: ["?", "Y", "c"])
    func mouseOverOverlay(opener: Character) async {
        let controller = await screen()
        press(controller, .character(opener))
        #expect(controller.mode != .browsing)
        if opener == "?" {
            controller.handle(.mouse(MouseEvent(kind: .wheelDown, x: 10, y: 10)))
            #expect(controller.mode == .help(scroll: 1))
        }
        controller.handle(.mouse(MouseEvent(kind: .click, x: 10, y: 10)))
        #expect(controller.mode == .browsing)
    }
}
