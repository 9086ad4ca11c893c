import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Randomuser view-model: stored persons and paging")
struct RandomUserPagingTests {
    private func started(_ model: RandomUserViewModel, _ busy: BusyTracker) async {
        model.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
    }

    @Test("An empty database: page 1 is requested with the seed, shown and stored")
    func emptyStoreFetches() async throws {
        let service = FakeRandomUserService()
        let store = try memoryStore()
        let (model, busy) = makeRandomUser(service, store: store)
        #expect(model.placeholder == .loading("Loading persons…"))
        await started(model, busy)
        #expect(await service.requests == ["page 1 seed rolo"])
        #expect(model.rowIDs == (0..<10).map { "rolo-\($0)" })
        #expect(try await store.count(RandomUserPager.source) == 10)
        #expect(try await store.state(RandomUserPager.source)?.seed == "rolo")
        #expect(model.statusItems == ["page 1", "10 stored"])
        #expect(model.lastUpdated == Sample.today)
        #expect(model.entries.entry(at: 0).row?.cells == ["Mari Tamm 0", "Tallinn", "EE"])
    }

    @Test("Without a seed a new one is made, kept with the data and used for the next page")
    func newSeedKept() async throws {
        let service = FakeRandomUserService()
        let store = try memoryStore()
        let (model, busy) = makeRandomUser(service, store: store, seed: nil)
        await started(model, busy)
        let seed = try #require(try await store.state(RandomUserPager.source)?.seed)
        #expect(!seed.isEmpty)
        await model.scrollToEnd()
        #expect(await service.requests == ["page 1 seed \(seed)", "page 2 seed \(seed)"])
    }

    @Test("A later run over the same database shows the stored persons with no request at all")
    func storedShownWithoutRequest() async throws {
        let store = try memoryStore()
        let first = FakeRandomUserService()
        let (earlier, earlierBusy) = makeRandomUser(first, store: store)
        await started(earlier, earlierBusy)
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: store)
        await started(model, busy)
        #expect(await service.requests.isEmpty)
        #expect(model.rowIDs == earlier.rowIDs)
        #expect(model.statusItems == ["page 1", "10 stored"])
    }

    @Test("30 stored: pages 1–3 come from the database, page 4 is the first request, and is stored")
    func thirtyStored() async throws {
        let service = FakeRandomUserService()
        let store = try memoryStore()
        try await storePersons(30, in: store)
        let (model, busy) = makeRandomUser(service, store: store)
        await started(model, busy)
        #expect(model.rowIDs.count == 10)
        #expect(model.lastUpdated == Sample.today, "when the stored pages were fetched")
        await model.scrollToEnd()
        await model.scrollToEnd()
        #expect(model.rowIDs == (0..<30).map { "rolo-\($0)" })
        #expect(await service.requests.isEmpty)
        await model.scrollToEnd()
        #expect(await service.requests == ["page 4 seed rolo"])
        #expect(model.rowIDs == (0..<40).map { "rolo-\($0)" })
        #expect(try await store.count(RandomUserPager.source) == 40)
        #expect(model.statusItems == ["page 4", "40 stored"])
    }

    @Test("Only the last row loads more, and never two pages at once; a loading entry shows meanwhile")
    func oneLoadAtATime() async throws {
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: try memoryStore())
        await started(model, busy)
        model.selectionChanged(to: "rolo-3")
        #expect(!model.isLoading)
        await service.hold()
        model.selectionChanged(to: "rolo-9")
        #expect(await settle(async: { await service.heldCount == 1 }))
        #expect(model.entries.entryCount == 11)
        #expect(model.entries.entry(at: 10) == .header("loading more…"))
        model.selectionChanged(to: "rolo-8")
        model.selectionChanged(to: "rolo-9")
        await service.release()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(await service.requests == ["page 1 seed rolo", "page 2 seed rolo"])
        #expect(model.entries.entryCount == 20)
        #expect(model.entries.entry(at: 19).row != nil)
    }

    @Test("End of data: a short page ends the list, and scrolling on requests nothing")
    func endOfData() async throws {
        let service = FakeRandomUserService(total: 25)
        let store = try memoryStore()
        let (model, busy) = makeRandomUser(service, store: store)
        await started(model, busy)
        await model.scrollToEnd()
        await model.scrollToEnd()
        #expect(model.rowIDs.count == 25)
        #expect(model.reachedEnd)
        #expect(model.statusItems.contains("all loaded"))
        await model.scrollToEnd()
        #expect(await service.requests.count == 3)
        #expect(model.entries.entryCount == 25, "no loading entry at the end")
        // The next run knows the end from the database, and asks nothing either.
        let later = FakeRandomUserService(total: 25)
        let (again, againBusy) = makeRandomUser(later, store: store)
        await started(again, againBusy)
        await again.scrollToEnd()
        await again.scrollToEnd()
        await again.scrollToEnd()
        #expect(again.rowIDs.count == 25)
        #expect(await later.requests.isEmpty)
    }

    @Test("A failure mid-way: a retry row that says why, no banner over it, and reaching the last person again resumes")
    func failureMidway() async throws {
        let service = FakeRandomUserService()
        let store = try memoryStore()
        let (model, busy) = makeRandomUser(service, store: store)
        var banners: [String] = []
        model.onEvent = { if case .banner(let text, true) = $0 { banners.append(text) } }
        await started(model, busy)
        await service.fail(Sample.unreachable)
        await model.scrollToEnd()
        #expect(banners.isEmpty, "a banner would cover the row that says it")
        let last = try #require(model.entries.entry(at: model.entries.entryCount - 1).row)
        #expect(last == ListRow(id: RandomUserViewModel.retryRowID,
                                cells: ["Couldn't load more: Can't reach 127.0.0.1:5000 — is the server running?", "Enter to retry"],
                                spansColumns: true))
        #expect(model.rowIDs.count == 11)
        #expect(model.entries.rowCount == 10, "the retry row isn't a person: the status line still says 10")
        #expect(model.detail(for: RandomUserViewModel.retryRowID).contains(.paragraph("Enter tries again.")))
        #expect(try await store.count(RandomUserPager.source) == 10)
        #expect(try await store.state(RandomUserPager.source)?.pagesStored == 1)
        model.selectionChanged(to: RandomUserViewModel.retryRowID)
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(await service.requests.count == 2, "resting on the retry row asks for nothing")
        model.selectionChanged(to: "rolo-9")
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(await service.requests == ["page 1 seed rolo", "page 2 seed rolo", "page 2 seed rolo"])
        #expect(model.rowIDs == (0..<20).map { "rolo-\($0)" }, "the retry row is gone once the page loads")
        #expect(try await store.count(RandomUserPager.source) == 20)
    }

    @Test("Enter on the retry row loads the page; other rows open as before")
    func enterRetries() async throws {
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: try memoryStore())
        await started(model, busy)
        await service.fail(Sample.unreachable)
        await model.scrollToEnd()
        #expect(!model.activatesRow("rolo-3"))
        await service.hold()
        #expect(model.activatesRow(RandomUserViewModel.retryRowID))
        #expect(model.entries.entry(at: model.entries.entryCount - 1) == .header(RandomUserViewModel.loadingMore),
                "the row turns into loading more… at once")
        #expect(await settle(async: { await service.heldCount == 1 }))
        await service.release()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.rowIDs == (0..<20).map { "rolo-\($0)" })
    }

    @Test("The reason on the retry row drops the banner's advice to press r")
    func retryReason() {
        #expect(RandomUserViewModel.reason("Can't reach x — is the server running? r to retry") == "Can't reach x — is the server running?")
        #expect(RandomUserViewModel.reason("x didn't answer within 30 s — r to retry") == "x didn't answer within 30 s")
        #expect(RandomUserViewModel.reason("randomuser.me is rate-limiting rolo — wait a minute, then r")
                == "randomuser.me is rate-limiting rolo — wait a minute, then r")
    }

    @Test("A failed first page says so in the list; r tries again")
    func failedFirstPage() async throws {
        let service = FakeRandomUserService()
        await service.fail(Sample.unreachable)
        let (model, busy) = makeRandomUser(service, store: try memoryStore())
        await started(model, busy)
        #expect(model.placeholder == .failed("Couldn't load persons. \(Sample.unreachable.message)"))
        model.refresh()
        #expect(model.placeholder == .loading("Loading persons…"))
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.rowIDs.count == 10)
        #expect(model.placeholder == nil)
    }

    @Test("Without a database the persons live in memory: pages still load, nothing claims to be stored")
    func memoryOnly() async {
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: nil)
        await started(model, busy)
        await model.scrollToEnd()
        #expect(model.rowIDs.count == 20)
        #expect(model.statusItems == ["page 2", "not saved"])
        #expect(await service.requests == ["page 1 seed rolo", "page 2 seed rolo"])
    }

    @Test("The search filters the loaded persons; the last matching row loads more")
    func search() async throws {
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: try memoryStore())
        await started(model, busy)
        model.setSearch("õunapuu")
        #expect(model.rowIDs == ["rolo-1"])
        await model.scrollToEnd()
        #expect(model.rowIDs == ["rolo-1", "rolo-11"])
        model.setSearch("nobody")
        #expect(model.placeholder == .empty("No person matches “nobody” — Esc clears the search"))
    }
}

@MainActor
@Suite("The retry row drawn")
struct RetryRowDrawingTests {
    @Test("Too narrow for the whole message, the reason gives way and 'Enter to retry' stays")
    func narrow() {
        let row = RandomUserViewModel.retryRow("randomuser.me says: Uh oh, something has gone wrong.")
        let view = ListView(entries: [ListEntry.row(row)], columns: RandomUserDetail.columns, cursor: ListCursor(),
                            theme: .monochrome, glyphs: .unicode)
        var canvas = Canvas(size: Size(width: 50, height: 2))
        view.render(into: &canvas, area: Rect(x: 0, y: 0, width: 50, height: 2))
        let line = canvas.lines[1].trimmingCharacters(in: .whitespaces)
        #expect(line.hasPrefix("Couldn't load more: randomuser"))
        #expect(line.hasSuffix("… — Enter to retry"))
        #expect(line.displayWidth <= 50)
    }
}
