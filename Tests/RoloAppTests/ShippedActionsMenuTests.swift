import Foundation
@testable import RoloApp
import RoloCore
import TerminalUI
import Testing

/// Foods' like and unlike are first-class actions: in the `a` menu where their `when` applies,
/// and run over marked foods with one confirmation, each optimistic, each decided by the server.
@MainActor
@Suite("Shipped actions in the a menu and over marked rows")
struct ShippedActionsMenuTests {
    private let size = Size(width: 100, height: 30)

    private func press(_ character: Character, on controller: ScreenController) {
        controller.handle(.key(.character(character)))
    }

    private func text(_ controller: ScreenController) -> String {
        controller.render(theme: .monochrome, glyphs: .unicode).text
    }

    @Test("a lists like on a food not liked and unlike on a liked one; Enter runs it as l would")
    func menu() async throws {
        let service = FakeFoodsService(FoodSamples.numbered(8))
        let (controller, model, busy) = await foodsScreen(service, size: size)
        press("a", on: controller)
        #expect(controller.mode == .actionMenu(rowID: "1", names: ["like"], selected: 0))
        let drawn = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(drawn, named: "foods-action-menu-100x30")
        #expect(drawn.text.contains("l  Like or unlike the selected food  (writes)"))
        controller.handle(.key(.enter))
        #expect(model.likeCell("1") == "♥", "at once")
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 1 like", "GET"])

        controller.perform(.moveDown)
        controller.perform(.moveDown)
        press("a", on: controller)
        #expect(controller.mode == .actionMenu(rowID: "3", names: ["unlike"], selected: 0))
        controller.handle(.key(.escape))
        let help = controller.helpLines().map(\.text)
        #expect(help.contains { $0.hasPrefix("  a ") && $0.hasSuffix("Act on the selected row: the menu of its actions") })
        #expect(help.contains { $0.contains("Space") && $0.hasSuffix("Mark or unmark the row, and move down") })
        #expect(help.contains("Actions of Foods"))
        #expect(help.contains { $0.hasPrefix("  l ") && $0.hasSuffix("Like or unlike the selected food: like (writes)") })
        #expect(help.contains { $0.hasPrefix("  l ") && $0.hasSuffix("Like or unlike the selected food: unlike (writes)") })
        #expect(!text(controller).contains("Space mark"), "the footer keeps l like for rolo's own actions, not a and Space")
    }

    @Test("5 marked, a, like: one confirmation, each like shown at once, the server decides; the failed first, R retries them")
    func bulkLike() async throws {
        let service = FakeFoodsService(FoodSamples.numbered(8))
        let (controller, model, busy) = await foodsScreen(service, size: size)
        for _ in 0..<5 { press(" ", on: controller) }
        #expect(controller.marks.ids == ["1", "2", "3", "4", "5"])
        controller.perform(.first)
        await service.failPuts(on: ["4"], FoodSamples.refused)
        await service.holdPuts(4)
        press("a", on: controller)
        controller.handle(.key(.enter))
        let asking = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(asking, named: "foods-bulk-like-confirm-100x30")
        #expect(asking.text.contains("PUT 4 foods?"))
        #expect(asking.text.contains("1 marked left out: when = '! liked'"), "food 3 is liked already")
        #expect(await service.calls == ["GET"], "nothing is sent before the answer")

        press("y", on: controller)
        #expect(await settle(async: { await service.heldPutCount == 4 }))
        #expect(["1", "2", "4", "5"].allSatisfy { model.likeCell($0) == "♥" }, "each shows its like at once")
        for _ in 0..<4 { await service.releasePut() }
        #expect(await settle { busy.isIdle && !model.isLoading && controller.mode == .bulkResults(scroll: 0) })
        let results = controller.render(theme: .monochrome, glyphs: .unicode)
        assertSnapshot(results, named: "foods-bulk-like-results-100x30")
        let lines = results.text.split(separator: "\n")
        #expect(results.text.contains("like: 3 done, 1 failed"))
        let failedAt = try #require(lines.firstIndex { $0.contains("Failed (1)") })
        let doneAt = try #require(lines.firstIndex { $0.contains("Done (3)") })
        #expect(failedAt < doneAt, "the failed come first")
        #expect(results.text.contains("✗ Food 4 — The foods server refused: database is locked"))
        #expect(model.likeCell("4") == "♡", "the failed like flips back")
        await expectAgreesWithServer(model, service, busy)

        await service.failPuts(on: [], FoodSamples.refused)
        press("R", on: controller)
        #expect(await settle { busy.isIdle && !model.isLoading && !(controller.bulk.run?.isRunning ?? true) })
        #expect(text(controller).contains("like: 4 done"))
        controller.handle(.key(.escape))
        #expect(controller.marks.ids == ["3"], "the done are unmarked; the one left out stays")
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls.filter { $0.hasPrefix("PUT") }.sorted() == ["PUT 1 like", "PUT 2 like", "PUT 4 like", "PUT 4 like", "PUT 5 like"])
    }

    @Test("l with rows marked runs on them what it would run on the selected row: unlike over liked foods")
    func keyOverMarked() async throws {
        let service = FakeFoodsService(FoodSamples.numbered(9))
        let (controller, model, busy) = await foodsScreen(service, size: size)
        for _ in 0..<2 { controller.perform(.moveDown) }
        press(" ", on: controller)
        for _ in 0..<2 { controller.perform(.moveDown) }
        press(" ", on: controller)
        #expect(controller.marks.ids == ["3", "6"])
        controller.perform(.first)
        press("l", on: controller)
        #expect(controller.bulkPlan == nil, "food 1 isn't liked: like applies to none of the marked")
        #expect(text(controller).contains("'like' applies to none of the 2 marked foods (when = '! liked')"))
        controller.perform(.moveDown)
        controller.perform(.moveDown)
        press("l", on: controller)
        #expect(controller.bulkPlan?.question == "PUT 2 foods?")
        press("y", on: controller)
        #expect(await settle { busy.isIdle && !model.isLoading && controller.mode == .bulkResults(scroll: 0) })
        #expect(text(controller).contains("unlike: 2 done"))
        await expectAgreesWithServer(model, service, busy)
        #expect(model.likeCell("3") == "♡" && model.likeCell("6") == "♡")
    }

    @Test("A write already out for a marked food isn't sent twice: its result says so, and R sends it once answered")
    func pendingNotSentTwice() async throws {
        let service = FakeFoodsService(FoodSamples.numbered(3))
        let (controller, model, busy) = await foodsScreen(service, size: size)
        controller.perform(.last)
        await service.holdPuts(1)
        press("l", on: controller)
        #expect(await settle(async: { await service.heldPutCount == 1 }), "food 3's unlike is out")
        controller.perform(.first)
        for _ in 0..<3 { press(" ", on: controller) }
        controller.perform(.first)
        press("a", on: controller)
        controller.handle(.key(.enter))
        #expect(controller.bulkPlan?.question == "PUT 3 foods?", "food 3 shows unliked: like applies")
        press("y", on: controller)
        #expect(await settle { controller.mode == .bulkResults(scroll: 0) })
        #expect(text(controller).contains("✗ Food 3 — a write of it was still being sent — retry once it is answered"))
        await service.releasePut()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.likeCell("3") == "♡", "the unlike out before decides")
        press("R", on: controller)
        #expect(await settle { busy.isIdle && !model.isLoading && !(controller.bulk.run?.isRunning ?? true) })
        #expect(text(controller).contains("like: 3 done"))
        await expectAgreesWithServer(model, service, busy)
        let puts = await service.calls.filter { $0.hasPrefix("PUT") }
        #expect(puts.first == "PUT 3 unlike" && puts.last == "PUT 3 like", "\(puts)")
        #expect(puts.sorted() == ["PUT 1 like", "PUT 2 like", "PUT 3 like", "PUT 3 unlike"])
    }

    @Test("randomuser: a lists set-title, which titles the list from the selected person, marks or not")
    func randomUserMenu() async throws {
        let (model, busy) = makeRandomUser(FakeRandomUserService(), store: try memoryStore())
        model.actionState.session = ActionSession(runner: ActionRunner(sourceTitle: "The randomuser server", base: nil, client: FakeHTTPClient(always: .json("{}"))))
        let controller = ScreenController(sources: [model], size: size, busy: busy, now: { Sample.today }, timeZone: Sample.zone)
        controller.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        press(" ", on: controller)
        #expect(controller.marks.count == 1, "Space marks a row where rolo's actions are")
        press("a", on: controller)
        #expect(controller.mode == .actionMenu(rowID: try #require(controller.sourceUI.selectedID), names: ["set-title"], selected: 0))
        controller.handle(.key(.enter))
        #expect(controller.bulkPlan == nil, "no question: one title, the selected person's")
        #expect(model.listTitle == "Jüri Õunapuu 1", "the person Space moved to")
    }
}
