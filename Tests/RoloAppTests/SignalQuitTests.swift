import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

/// A signal (SIGINT, SIGTERM: `.interrupt`) or a lost terminal (SIGHUP, end of file: `.hangup`)
/// ends the session from every mode; no overlay may take it for its own "close".
@MainActor
@Suite("Signals quit from every mode", .temporaryDirectories)
struct SignalQuitTests {
    /// The screen modes a person can be in, each reached by the keys a person would press.
    enum Mode: String, CaseIterable {
        case list, detail, search, help, copyMenu, card
    }

    private func directory(in mode: Mode) async -> ScreenController {
        let service = FakeDirectoryService(tallinn: .success(DirectorySamples.tallinnList), tartu: .success(DirectorySamples.tartuList))
        let (controller, _, _) = await directoryScreen(service, size: Size(width: 100, height: 30))
        // The third row is Mari-Liis Tamm, who has a contact card.
        controller.perform(.moveDown)
        controller.perform(.moveDown)
        switch mode {
        case .list: break
        case .detail: controller.handle(.key(.enter))
        case .search: controller.handle(.key(.character("/"))); controller.handle(.key(.character("t")))
        case .help: controller.handle(.key(.character("?")))
        case .copyMenu: controller.handle(.key(.character("Y")))
        case .card: controller.handle(.key(.character("c")))
        }
        return controller
    }

    /// Whether the controller is in `mode` (so the test can't pass by never reaching it).
    private func isIn(_ mode: Mode, _ controller: ScreenController) -> Bool {
        switch mode {
        case .list: controller.activeScopes.contains(Scopes.list)
        case .detail: controller.activeScopes.contains(Scopes.detail)
        case .search: controller.searchText == "t"
        case .help: controller.helpScroll != nil
        case .copyMenu: controller.copyMenu != nil
        case .card: controller.card != nil
        }
    }

    @Test("SIGINT/SIGTERM and a hang-up quit, whatever is on screen",
          arguments: Mode.allCases, [TerminalEvent.interrupt, .hangup])
    func signalQuits(mode: Mode, event: TerminalEvent) async {
        let controller = await directory(in: mode)
        #expect(isIn(mode, controller), "the test reached \(mode.rawValue)")
        var quits = 0
        controller.onQuit = { quits += 1 }
        controller.handle(event)
        #expect(controller.quitRequested)
        #expect(quits == 1)
        controller.handle(event)
        #expect(quits == 1, "a second signal doesn't ask twice")
    }

    @Test("q typed in an overlay still only closes it (as the help says)", arguments: [Mode.help, .copyMenu, .card])
    func quitKeyClosesOverlay(mode: Mode) async {
        let controller = await directory(in: mode)
        controller.handle(.key(.character("q")))
        #expect(!controller.quitRequested)
        #expect(!isIn(mode, controller))
        controller.handle(.key(.character("q")))
        #expect(controller.quitRequested)
    }
}
