import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Foods view-model: liking")
struct FoodsLikeTests {
    private func loaded() async -> (FoodsViewModel, FakeFoodsService, BusyTracker, Events) {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service)
        let events = Events()
        model.onEvent = { events.all.append($0) }
        model.start()
        _ = await settle { busy.isIdle && !model.isLoading }
        return (model, service, busy, events)
    }

    @Test("A like flips the symbol at once, sends one PUT, then reloads the list")
    func likeSucceeds() async {
        let (model, service, busy, events) = await loaded()
        await service.holdPuts()
        model.perform(.like, on: "1")
        #expect(model.likeCell("1") == "♥", "the symbol changes before the server answers")
        #expect(model.flashingRowID == "1")
        #expect(await settle(async: { await service.heldPutCount == 1 }))
        #expect(model.likeCell("1") == "♥")
        await service.releasePut()
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 1 like", "GET"])
        #expect(model.likeCell("1") == "♥")
        #expect(model.shownFoods[0].lastUpdated == FoodSamples.saved, "the reload brought the server's new date")
        #expect(events.banners.isEmpty)
    }

    @Test("An unlike works the same way")
    func unlikeSucceeds() async {
        let (model, service, busy, _) = await loaded()
        model.perform(.like, on: "2")
        #expect(model.likeCell("2") == "♡")
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 2 unlike", "GET"])
        #expect(model.likeCell("2") == "♡")
    }

    @Test("A failed like flips back, says why, flashes the row and reloads",
          arguments: [FoodSamples.refused, FoodSamples.notSaved, FoodSamples.timedOut, FoodSamples.dropped])
    func likeFails(_ error: FetchError) async {
        let (model, service, busy, events) = await loaded()
        await service.scriptPuts(.fail(error))
        await service.holdPuts()
        model.perform(.like, on: "1")
        #expect(model.likeCell("1") == "♥")
        #expect(await settle(async: { await service.heldPutCount == 1 }))
        await service.releasePut()
        #expect(await settle { events.banners == [error.message] })
        #expect(model.flashingRowID == "1", "the row flashes as the old state comes back")
        #expect(model.likeCell("1") == "♡", "the old state comes back at once, before the reload")
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 1 like", "GET"])
        #expect(model.likeCell("1") == "♡")
        #expect(model.flashingRowID == nil)
    }

    @Test("A like that timed out but was saved shows as saved once the reload answers")
    func timedOutButSaved() async {
        let (model, service, busy, events) = await loaded()
        await service.scriptPuts(.saveThenFail(FoodSamples.timedOut))
        model.perform(.like, on: "1")
        await expectAgreesWithServer(model, service, busy)
        #expect(events.banners == [FoodSamples.timedOut.message])
        #expect(model.likeCell("1") == "♥", "the reload learned the truth")
    }

    @Test("Like then unlike while the first PUT is in flight: the second waits, then last intent wins")
    func doublePress() async {
        let (model, service, busy, _) = await loaded()
        await service.holdPuts()
        model.perform(.like, on: "1")
        model.perform(.like, on: "1")
        #expect(model.likeCell("1") == "♡")
        #expect(await settle(async: { await service.heldPutCount == 1 }))
        #expect(await service.calls == ["GET", "PUT 1 like"], "one PUT per food in flight")
        await service.releasePut()
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 1 like", "PUT 1 unlike", "GET"])
        #expect(model.likeCell("1") == "♡")
    }

    @Test("Three presses: the first PUT already carries the final intent, so nothing more is sent")
    func triplePress() async {
        let (model, service, busy, _) = await loaded()
        await service.holdPuts()
        for _ in 0..<3 { model.perform(.like, on: "1") }
        #expect(model.likeCell("1") == "♥")
        #expect(await settle(async: { await service.heldPutCount == 1 }))
        await service.releasePut()
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 1 like", "GET"])
        #expect(model.likeCell("1") == "♥")
    }

    @Test("Four presses: like, then one unlike for the final intent")
    func quadruplePress() async {
        let (model, service, busy, _) = await loaded()
        await service.holdPuts()
        for _ in 0..<4 { model.perform(.like, on: "1") }
        #expect(await settle(async: { await service.heldPutCount == 1 }))
        await service.releasePut()
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 1 like", "PUT 1 unlike", "GET"])
        #expect(model.likeCell("1") == "♡")
    }

    @Test("A failed first PUT drops the intent queued behind it: the server's state shows, nothing more is sent")
    func failureDropsQueuedIntent() async {
        let (model, service, busy, events) = await loaded()
        await service.scriptPuts(.fail(FoodSamples.refused))
        await service.holdPuts()
        for _ in 0..<3 { model.perform(.like, on: "1") }
        #expect(await settle(async: { await service.heldPutCount == 1 }))
        await service.releasePut()
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET", "PUT 1 like", "GET"])
        #expect(events.banners == [FoodSamples.refused.message])
        #expect(model.likeCell("1") == "♡")
    }

    @Test("Likes on different foods go out side by side")
    func differentFoods() async {
        let (model, service, busy, _) = await loaded()
        await service.holdPuts(2)
        model.perform(.like, on: "1")
        model.perform(.like, on: "2")
        #expect(await settle(async: { await service.heldPutCount == 2 }))
        #expect(model.likeCell("1") == "♥")
        #expect(model.likeCell("2") == "♡")
        await service.releasePut()
        await service.releasePut()
        await expectAgreesWithServer(model, service, busy)
        #expect(model.likeCell("1") == "♥")
        #expect(model.likeCell("2") == "♡")
    }

    @Test("A reload that answers while the PUT is in flight doesn't undo the press")
    func reloadDuringPut() async {
        let (model, service, busy, _) = await loaded()
        await service.holdLists()
        model.refresh()
        #expect(await settle(async: { await service.heldListCount == 1 }))
        await service.holdPuts()
        model.perform(.like, on: "1")
        #expect(await settle(async: { await service.heldPutCount == 1 }))
        await service.releaseList()
        #expect(await settle { model.reloadsInFlight == 0 })
        #expect(model.likeCell("1") == "♥", "the list answer from before the press is not the truth for this food")
        await service.releasePut()
        await expectAgreesWithServer(model, service, busy)
        #expect(model.likeCell("1") == "♥")
    }

    @Test("A reload started before the press, answering after the PUT succeeded, keeps the saved like")
    func staleReloadAfterPut() async {
        let (model, service, busy, _) = await loaded()
        await service.holdLists(2)
        model.refresh()
        #expect(await settle(async: { await service.heldListCount == 1 }))
        model.perform(.like, on: "1")
        #expect(await settle(async: { await service.heldListCount == 2 }), "the PUT succeeded and its reload started")
        await service.releaseList()
        #expect(await settle { model.reloadsInFlight == 1 }, "the older answer arrived")
        #expect(model.state.value?.first?.isLiked == true)
        #expect(model.likeCell("1") == "♥", "the older answer doesn't know about the like")
        await service.releaseList()
        await expectAgreesWithServer(model, service, busy)
        #expect(model.likeCell("1") == "♥")
    }

    @Test("An older list answer arriving after a newer one is dropped")
    func outOfOrderAnswers() async {
        let (model, service, busy, _) = await loaded()
        await service.holdLists(2)
        model.refresh()
        #expect(await settle(async: { await service.heldListCount == 1 }))
        await service.setFood(Food(id: "4", name: "Plov, renamed", isLiked: false))
        model.refresh()
        #expect(await settle(async: { await service.heldListCount == 2 }))
        // The newer request answers first: swap by answering the second gate before the first.
        await service.releaseNewestList()
        #expect(await settle { model.entries.entry(at: 3).row?.cells[0] == "Plov, renamed" })
        await service.releaseList()
        await expectAgreesWithServer(model, service, busy)
        #expect(model.entries.entry(at: 3).row?.cells[0] == "Plov, renamed")
    }

    @Test("A reload answer for other foods still updates them while one food's like is pending")
    func mergeKeepsOtherFields() async {
        let (model, service, busy, _) = await loaded()
        await service.holdPuts()
        model.perform(.like, on: "1")
        #expect(await settle(async: { await service.heldPutCount == 1 }))
        await service.setFood(Food(id: "2", name: "Kama", isLiked: false, countryCode: "EE"))
        model.refresh()
        #expect(await settle { model.reloadsInFlight == 0 })
        #expect(model.likeCell("2") == "♡", "another client's unlike shows")
        #expect(model.likeCell("1") == "♥", "the pending like stays")
        await service.releasePut()
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("The row flashes on a press, then the flash clears")
    func flash() async {
        let (model, service, busy, events) = await loaded()
        events.all.removeAll()
        model.perform(.like, on: "3")
        #expect(model.flashingRowID == "3")
        #expect(await settle { model.flashingRowID == nil })
        #expect(events.all.last == .changed)
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("Like needs a loaded list and a known row")
    func availability() async {
        let service = FakeFoodsService(FoodSamples.menu)
        let (model, busy) = makeFoods(service)
        #expect(!model.isAvailable(.like))
        #expect(!model.isAvailable(CapabilityAction("refresh")), "only its own actions")
        model.perform(.like, on: "1")
        model.start()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.isAvailable(.like))
        model.perform(.like, on: "99")
        model.perform(.like, on: nil)
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == ["GET"])
    }
}
