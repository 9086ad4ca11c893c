import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("People view-model")
struct PeopleViewModelTests {
    private func make(_ service: FakePeopleService) -> (PeopleViewModel, BusyTracker) {
        let busy = BusyTracker()
        let model = PeopleViewModel(service: service, busy: busy, clock: ImmediateClock(), now: { Sample.today })
        return (model, busy)
    }

    @Test("Loading, then loaded: rows in the server's order, health in the status")
    func loads() async {
        let service = FakePeopleService(list: [.success(Sample.staff)])
        let (model, busy) = make(service)
        #expect(model.placeholder == .loading("Loading employees…"))
        model.start()
        #expect(model.state.isLoading)
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.entries.entryCount == 5)
        #expect(model.entries.entry(at: 1).row?.cells == ["Jüri Õunapuu", "male", "14 February 1969"])
        #expect(model.statusItems == ["server ok"])
        #expect(model.lastUpdated == Sample.today)
    }

    @Test("A refresh keeps the list on screen while it runs")
    func refreshKeepsList() async {
        let service = FakePeopleService(list: [.success(Sample.staff), .success(Array(Sample.staff.prefix(2)))])
        let (model, busy) = make(service)
        model.start()
        #expect(await settle { busy.isIdle })
        await service.holdNextList()
        model.refresh()
        #expect(await settle { model.state.isLoading })
        var holding = false
        for _ in 0..<1000 where !holding {
            holding = await service.isHolding
            await Task.yield()
        }
        #expect(holding)
        #expect(model.entries.entryCount == 5, "the old list stays while refreshing")
        #expect(model.state.value?.count == 5)
        await service.release()
        #expect(await settle { busy.isIdle && !model.state.isLoading })
        #expect(model.entries.entryCount == 2)
    }

    @Test("A failed refresh keeps the list and raises a banner")
    func failureKeepsList() async {
        let service = FakePeopleService(list: [.success(Sample.staff), .failure(Sample.unreachable)])
        let (model, busy) = make(service)
        var events: [SourceEvent] = []
        model.onEvent = { events.append($0) }
        model.start()
        #expect(await settle { busy.isIdle })
        model.refresh()
        #expect(await settle { busy.isIdle && !model.state.isLoading })
        #expect(model.state.error == Sample.unreachable)
        #expect(model.entries.entryCount == 5)
        #expect(events.contains(.banner(Sample.unreachable.message, isError: true)))
    }

    @Test("A failed first load shows the error in the list, and r retries")
    func firstFailure() async {
        let service = FakePeopleService(list: [.failure(Sample.unreachable), .success(Sample.staff)])
        let (model, busy) = make(service)
        model.start()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.placeholder == .failed("Couldn't load employees. \(Sample.unreachable.message)"))
        model.refresh()
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(model.placeholder == nil)
        #expect(await service.listCalls == 2)
    }

    @Test("Selecting a row fetches its detail once, then serves it from the cache")
    func detailCached() async {
        let service = FakePeopleService(list: [.success(Sample.staff)])
        let full = Sample.employee(2, "Jüri", "Õunapuu", gender: "male", born: "14 February 1969",
                                   image: .bytes(Data([0xFF, 0xD8, 0xFF, 0xE0])))
        await service.setDetail(2, .success(full))
        let (model, busy) = make(service)
        model.start()
        #expect(await settle { busy.isIdle })
        model.selectionChanged(to: "2")
        #expect(await settle { busy.isIdle && !model.isLoading })
        let blocks = model.detail(for: "2")
        #expect(blocks.contains(.field(label: "Photo", value: "JPEG, 4 bytes")))
        #expect(blocks.contains(.field(label: "Birth date", value: "14 February 1969 (57 years)")))
        #expect(!blocks.contains(.notice("Loading the full record…", isError: false)))
        model.selectionChanged(to: "1")
        model.selectionChanged(to: "2")
        #expect(await settle { busy.isIdle && !model.isLoading })
        #expect(await service.detailCalls == [2])
    }

    @Test("A detail that fails says so under the fields from the list")
    func detailFailure() async {
        let service = FakePeopleService(list: [.success(Sample.staff)])
        let (model, busy) = make(service)
        model.start()
        #expect(await settle { busy.isIdle })
        model.selectionChanged(to: "3")
        #expect(await settle { busy.isIdle && !model.isLoading })
        let blocks = model.detail(for: "3")
        #expect(blocks.contains(.title("Анна Иванова")))
        #expect(blocks.contains(.notice("Couldn't load the full record: Employee 3 wasn't found on the server", isError: true)))
    }

    @Test("Search narrows by name, accent- and case-insensitively")
    func search() async {
        let service = FakePeopleService(list: [.success(Sample.staff)])
        let (model, busy) = make(service)
        model.start()
        #expect(await settle { busy.isIdle })
        model.setSearch("juri")
        #expect(await settle { busy.isIdle })
        #expect(model.entries.entryCount == 1)
        model.setSearch("nobody")
        #expect(await settle { busy.isIdle })
        #expect(model.placeholder == .empty("No employee matches “nobody” — Esc clears the search"))
        model.setSearch(nil)
        #expect(model.entries.entryCount == 5)
    }
}
