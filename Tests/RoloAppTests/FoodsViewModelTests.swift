import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Foods view-model: the list")
struct FoodsViewModelTests {
    @Test("Loading, then loaded: rows in the server's order, each cell as the list shows it")
    func loads() async {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service)
        #expect(model.placeholder == .loading("Loading foods…"))
        #expect(!model.isAvailable(.like))
        model.start()
        #expect(model.isLoading)
        #expect(model.state.isLoading)
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.entries.entryCount == 4)
        #expect(model.entries.entry(at: 1).row?.cells == ["Kama", "", "🇪🇪", "♥", "3 min ago"])
        #expect(model.entries.entry(at: 2).row?.cells == ["Mystery Stew", "Nobody knows. Nobody asks.", "XX", "♡", "—"])
        #expect(model.entries.entry(at: 3).row?.cells == ["Plov", "Rice, carrots and lamb.", "", "♥", "15 Nov"])
        #expect(model.entries.entry(at: 0).row?.cells[4] == "1 Jan 1970")
        #expect(model.lastUpdated == Sample.today)
        #expect(model.isAvailable(.like))
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("Without Unicode symbols: country codes and ASCII like marks")
    func asciiSymbols() async {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service, useFlags: false)
        model.start()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.entries.entry(at: 0).row?.cells[2...3] == ["FR", "."])
        #expect(model.entries.entry(at: 1).row?.cells[2...3] == ["EE", "*"])
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("A slow list keeps the old list on screen while it runs")
    func slowListKeepsOld() async {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service)
        model.start()
        #expect(await settle { busy.isIdle })
        await service.setFood(Food(id: "2", name: "Kama, renamed", isLiked: true, countryCode: "EE"))
        await service.holdLists()
        model.refresh()
        #expect(await settle(async: { await service.heldListCount == 1 }))
        #expect(model.isLoading)
        #expect(model.state.value?.count == 4, "the old list stays while refreshing")
        #expect(model.entries.entry(at: 1).row?.cells[0] == "Kama")
        await service.releaseList()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.entries.entry(at: 1).row?.cells[0] == "Kama, renamed")
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("A failed first load says so with r to retry, and r retries")
    func firstFailure() async {
        let service = FakeFoodsService(FoodSamples.menu)
        await service.failLists(Sample.unreachable)
        let (model, busy) = makeFoods(service)
        model.start()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.placeholder == .failed("Couldn't load foods. \(Sample.unreachable.message)"))
        #expect(model.state.error == Sample.unreachable)
        #expect(!model.isAvailable(.like))
        model.refresh()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.placeholder == nil)
        #expect(await service.calls == ["GET", "GET"])
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("A failed refresh keeps the list and raises a banner")
    func failedRefresh() async {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service)
        var events: [SourceEvent] = []
        model.onEvent = { events.append($0) }
        model.start()
        #expect(await settle { busy.isIdle })
        await service.failLists(Sample.unreachable)
        model.refresh()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.entries.entryCount == 4)
        #expect(model.placeholder == nil)
        #expect(events.contains(.banner(Sample.unreachable.message, isError: true)))
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("No server configured: says what to set, sends nothing, offers no like")
    func unconfigured() async {
        let (model, busy) = makeFoods(nil)
        let text = "Set the foods server: rolo foods --foods-url https://HOST/api/v1/USERID (or ROLO_FOODS_URL, or foods-url in config.toml)"
        #expect(model.placeholder == .unconfigured(text))
        #expect(!model.isConfigured)
        model.start()
        model.refresh()
        model.perform(.like, on: "1")
        #expect(busy.isIdle)
        #expect(!model.isLoading)
        #expect(!model.isAvailable(.like))
        #expect(model.placeholder == .unconfigured(text))
        #expect(model.shownFoods.isEmpty)
    }

    @Test("Search narrows by name, description or country name")
    func search() async {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service)
        model.start()
        #expect(await settle { busy.isIdle })
        model.setSearch("estonia")
        #expect(await settle { busy.isIdle })
        #expect(model.entries.entry(at: 0).row?.id == "2")
        model.setSearch("GRATINEED")
        #expect(await settle { busy.isIdle })
        #expect(model.entries.entry(at: 0).row?.id == "1")
        model.setSearch("sushi")
        #expect(await settle { busy.isIdle })
        #expect(model.placeholder == .empty("No food matches “sushi” — Esc clears the search"))
        model.setSearch(nil)
        await expectAgreesWithServer(model, service, busy)
    }
}
