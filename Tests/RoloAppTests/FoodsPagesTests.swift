import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Foods view-model: the 2025 API's pages")
struct FoodsPagesTests {
    /// Foods 1...count, as a 2025 server of ten a page holds them.
    private func server(_ count: Int = 57) -> FakeFoodsService {
        FakeFoodsService(FoodSamples.numbered(count), pageSize: 10)
    }

    private func started(_ service: FakeFoodsService) -> (FoodsViewModel, BusyTracker, Events) {
        let (model, busy) = makeFoods(service)
        let events = Events()
        model.onEvent = { events.all.append($0) }
        model.start()
        return (model, busy, events)
    }

    private func settled(_ model: FoodsViewModel, _ busy: BusyTracker) async -> Bool {
        await settle { busy.isIdle && !model.isLoading }
    }

    /// The ids of the food rows shown, in order.
    private func shownIDs(_ model: FoodsViewModel) -> [String] {
        (0..<model.entries.entryCount).compactMap { model.entries.entry(at: $0).row?.id }
            .filter { $0 != FoodsViewModel.retryRowID }
    }

    private func pages(_ range: ClosedRange<Int>) -> [String] { range.map { "GET \($0)" } }

    @Test("The first page shows at once; the rest arrive in the background, one request at a time, up to totalCount")
    func background() async {
        let service = server()
        await service.holdPage(1)
        let (model, busy, _) = started(service)
        #expect(await settle(async: { await service.heldListCount == 1 }))
        #expect(shownIDs(model) == (1...10).map(String.init))
        #expect(model.statusItems == ["loaded 10 of 57…"])
        #expect(model.entries.entry(at: model.entries.entryCount - 1) == .header(FoodsViewModel.loadingMore))
        #expect(model.entries.rowCount == 10, "the trailer isn't counted as a food")
        #expect(model.isLoading)
        #expect(model.isAvailable(.like), "the foods shown can be liked while more arrive")
        await service.releaseList()
        #expect(await settled(model, busy))
        #expect(shownIDs(model) == (1...57).map(String.init))
        #expect(await service.calls == pages(0...5), "page 5 holds the last 7; page 6 is never asked for")
        #expect(await service.mostListsAtOnce == 1)
        #expect(model.statusItems.isEmpty)
        #expect(model.entries.entryCount == 57, "nothing below the foods once the list is whole")
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("A list that divides into whole pages ends at totalCount without asking for an empty page")
    func wholePages() async {
        let service = server(40)
        let (model, busy, _) = started(service)
        #expect(await settled(model, busy))
        #expect(await service.calls == pages(0...3))
        #expect(model.entries.rowCount == 40)
    }

    @Test("An empty page ends the list when totalCount promised more, and a notice says so")
    func emptyPage() async {
        let service = server(25)
        await service.setClaimedTotal(100)
        let (model, busy, events) = started(service)
        #expect(await settled(model, busy))
        #expect(await service.calls == pages(0...3))
        #expect(shownIDs(model) == (1...25).map(String.init))
        #expect(events.all.contains(.banner("The foods server counts 100 foods but sent 25, then an empty page", isError: false)))
        #expect(model.statusItems.isEmpty)
    }

    @Test("A server that answers its last page again past the end doesn't keep rolo asking")
    func repeatedPage() async {
        let service = server(25)
        await service.setClaimedTotal(100)
        await service.setClampsPages(true)
        let (model, busy, events) = started(service)
        #expect(await settled(model, busy))
        #expect(await service.calls == pages(0...3))
        #expect(shownIDs(model) == (1...25).map(String.init), "no food twice")
        #expect(events.all.contains(.banner("The foods server counts 100 foods but sent 25, then a page of foods already sent",
                                            isError: false)))
    }

    @Test("A failed page keeps every food loaded, says why, and offers a row that retries it")
    func failedPage() async {
        let service = server()
        await service.failPage(2, Sample.unreachable)
        let (model, busy, events) = started(service)
        #expect(await settled(model, busy))
        #expect(shownIDs(model) == (1...20).map(String.init))
        #expect(events.banners == [Sample.unreachable.message])
        #expect(model.state.error == Sample.unreachable)
        #expect(model.placeholder == nil)
        #expect(model.statusItems == ["20 of 57 loaded"])
        let retry = model.entries.entry(at: model.entries.entryCount - 1).row
        #expect(retry == ListRow(id: FoodsViewModel.retryRowID,
                                 cells: ["Couldn't load more: Can't reach 127.0.0.1:5000 — is the server running?", "Enter to retry"],
                                 spansColumns: true))
        #expect(model.detail(for: FoodsViewModel.retryRowID).contains(.title("More foods")))
        #expect(await service.calls == pages(0...2), "nothing more is asked by itself after a failure")
        #expect(model.activatesRow(FoodsViewModel.retryRowID))
        #expect(await settled(model, busy))
        #expect(shownIDs(model) == (1...57).map(String.init))
        #expect(await service.calls == pages(0...2) + pages(2...5))
        #expect(model.state.error == nil)
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("After a failed page, scrolling near the end asks for it again; elsewhere, or resting on the retry row, nothing")
    func scrollRetries() async {
        let service = server()
        await service.failPage(2, Sample.unreachable)
        await service.failPage(2, Sample.unreachable)
        let (model, busy, events) = started(service)
        #expect(await settled(model, busy))
        model.selectionChanged(to: "3")
        model.selectionChanged(to: FoodsViewModel.retryRowID)
        #expect(busy.isIdle)
        #expect(await service.calls == pages(0...2))
        model.selectionChanged(to: "19")
        #expect(await settled(model, busy))
        #expect(await service.calls == pages(0...2) + ["GET 2"], "one request per scroll to the end")
        #expect(events.banners.count == 2, "the second failure says so too")
        #expect(shownIDs(model) == (1...20).map(String.init))
        model.selectionChanged(to: "20")
        #expect(await settled(model, busy))
        #expect(shownIDs(model) == (1...57).map(String.init))
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("r reads the list again from page 0; the foods shown stay until the new reading has as many")
    func refreshKeepsList() async {
        let service = server()
        await service.failPage(2, Sample.unreachable)
        let (model, busy, _) = started(service)
        #expect(await settled(model, busy))
        await service.setFood(Food(id: "4", name: "Food 4, renamed"))
        await service.holdPage(1)
        model.refresh()
        #expect(await settle(async: { await service.heldListCount == 1 }))
        #expect(shownIDs(model) == (1...20).map(String.init), "page 0 alone would shorten the list: not shown yet")
        #expect(model.entries.entry(at: 3).row?.cells[0] == "Food 4")
        #expect(model.statusItems == ["refreshing: 10 of 57…"])
        await service.releaseList()
        #expect(await settled(model, busy))
        #expect(model.entries.entry(at: 3).row?.cells[0] == "Food 4, renamed")
        #expect(shownIDs(model) == (1...57).map(String.init), "the new reading went on to the end")
        #expect(await service.calls == pages(0...2) + pages(0...5))
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("A refresh of the whole list shows it once read again to its end")
    func refreshWhole() async {
        let service = server()
        let (model, busy, _) = started(service)
        #expect(await settled(model, busy))
        await service.setFood(Food(id: "55", name: "Food 55, renamed"))
        await service.holdPage(5)
        model.refresh()
        #expect(await settle(async: { await service.heldListCount == 1 }))
        #expect(model.entries.entry(at: 54).row?.cells[0] == "Food 55", "the old list stays while pages come")
        await service.releaseList()
        #expect(await settled(model, busy))
        #expect(model.entries.entry(at: 54).row?.cells[0] == "Food 55, renamed")
        await expectAgreesWithServer(model, service, busy)
    }

    @Test("A failed refresh keeps the whole list and says why")
    func failedRefresh() async {
        let service = server()
        let (model, busy, events) = started(service)
        #expect(await settled(model, busy))
        await service.failPage(3, Sample.unreachable)
        model.refresh()
        #expect(await settled(model, busy))
        #expect(shownIDs(model) == (1...57).map(String.init))
        #expect(events.banners == [Sample.unreachable.message])
        #expect(model.entries.entryCount == 57, "the list is whole: nothing to retry below it")
    }

    @Test("A like on a later page flips at once, is sent, and the reload reads every page again")
    func like() async {
        let service = server()
        let (model, busy, events) = started(service)
        #expect(await settled(model, busy))
        let before = await service.records[34].isLiked
        await service.holdPuts()
        model.perform(.like, on: "35")
        #expect(model.likeCell("35") == model.symbols.like(!before))
        #expect(await settle(async: { await service.heldPutCount == 1 }))
        #expect(model.likeCell("35") == model.symbols.like(!before), "still, while the PUT is out")
        await service.releasePut()
        await expectAgreesWithServer(model, service, busy)
        #expect(await service.calls == pages(0...5) + ["PUT 35 \(before ? "unlike" : "like")"] + pages(0...5))
        #expect(await service.records[34].isLiked == !before)
        #expect(events.banners.isEmpty)
    }

    @Test("A failed like on the paged API flips back and says why")
    func failedLike() async {
        let service = server()
        await service.scriptPuts(.fail(FoodSamples.refused))
        let (model, busy, events) = started(service)
        #expect(await settled(model, busy))
        let before = model.likeCell("12")
        model.perform(.like, on: "12")
        await expectAgreesWithServer(model, service, busy)
        #expect(model.likeCell("12") == before)
        #expect(events.banners == [FoodSamples.refused.message])
    }

    @Test("A like pressed while pages still arrive: the screen ends agreeing with the server")
    func likeWhileFilling() async {
        let service = server()
        await service.holdPage(3)
        let (model, busy, _) = started(service)
        #expect(await settle(async: { await service.heldListCount == 1 }))
        model.perform(.like, on: "2")
        model.perform(.like, on: "25")
        #expect(await settle(async: { await service.calls.filter { $0.hasPrefix("PUT") }.count == 2 }))
        await service.releaseList()
        await expectAgreesWithServer(model, service, busy)
        #expect(shownIDs(model) == (1...57).map(String.init))
        #expect(Array(await service.calls.suffix(6)) == pages(0...5), "the last reload read every page")
    }

    @Test("A search narrows the foods loaded so far, and grows as pages arrive")
    func searchWhileFilling() async {
        let service = server()
        await service.holdPage(2)
        let (model, busy, _) = started(service)
        #expect(await settle(async: { await service.heldListCount == 1 }))
        model.setSearch("food 2")
        #expect(await settle { shownIDs(model) == ["2", "20"] })
        await service.releaseList()
        #expect(await settled(model, busy))
        #expect(shownIDs(model) == ["2"] + (20...29).map(String.init))
    }

    @Test("A first page that fails says so with r to retry, and r reads the pages")
    func firstPageFails() async {
        let service = server()
        await service.failPage(0, Sample.unreachable)
        let (model, busy, _) = started(service)
        #expect(await settled(model, busy))
        #expect(model.placeholder == .failed("Couldn't load foods. \(Sample.unreachable.message)"))
        model.refresh()
        #expect(await settled(model, busy))
        #expect(model.entries.rowCount == 57)
        await expectAgreesWithServer(model, service, busy)
    }
}
