import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Foods screens drawn into a canvas")
struct FoodsScreenTests {
    private let size = Size(width: 100, height: 30)

    private func draw(_ controller: ScreenController) -> Canvas {
        controller.render(theme: .monochrome, glyphs: .unicode)
    }

    @Test("100×30: the list beside a long description, flag, unliked")
    func listAndDetail() async {
        let service = FakeFoodsService(FoodSamples.menu)
        let (controller, model, busy) = await foodsScreen(service, size: size)
        let canvas = draw(controller)
        assertSnapshot(canvas, named: "foods-list-100x30")
        #expect(canvas.text.contains("France (FR)"))
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("100×30: a liked food with no description, and one with an unknown country")
    func edges() async {
        let service = FakeFoodsService(FoodSamples.menu)
        let (controller, model, busy) = await foodsScreen(service, size: size)
        controller.perform(.moveDown)
        assertSnapshot(draw(controller), named: "foods-detail-liked-100x30")
        controller.perform(.moveDown)
        assertSnapshot(draw(controller), named: "foods-detail-unknown-country-100x30")
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("100×30 without Unicode symbols: codes and ASCII marks")
    func ascii() async {
        let service = FakeFoodsService(FoodSamples.menu)
        let (controller, model, busy) = await foodsScreen(service, size: size, useFlags: false)
        assertSnapshot(controller.render(theme: .monochrome, glyphs: .ascii), named: "foods-ascii-100x30")
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("l through the screen: a failed like comes back with a banner over the list")
    func failedLike() async {
        let service = FakeFoodsService(FoodSamples.menu)
        await service.scriptPuts(.fail(FoodSamples.refused))
        let (controller, model, busy) = await foodsScreen(service, size: size)
        #expect(controller.isAvailable(.like))
        controller.perform(.like)
        #expect(model.likeCell("1") == "♥")
        await expectAgreesWithServer(model, service, busy)
        let canvas = draw(controller)
        assertSnapshot(canvas, named: "foods-like-failed-100x30")
        #expect(canvas.text.contains("database is locked"))
    }

    @Test("100×30: a failed first load says r retries")
    func failedFirstLoad() async {
        let service = FakeFoodsService(FoodSamples.menu)
        await service.failLists(Sample.unreachable)
        let (controller, _, _) = await foodsScreen(service, size: size)
        let canvas = draw(controller)
        assertSnapshot(canvas, named: "foods-failed-100x30")
        #expect(canvas.text.contains("Couldn't load foods. "))
    }

    @Test("100×30: no server configured says what to set")
    func unconfigured() async {
        let (controller, _, busy) = await foodsScreen(nil, size: size)
        assertSnapshot(draw(controller), named: "foods-unconfigured-100x30")
        #expect(busy.isIdle)
        #expect(!controller.isAvailable(.like))
    }
}
