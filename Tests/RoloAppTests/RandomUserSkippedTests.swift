import Foundation
import RoloCore
import Testing
@testable import RoloApp

@MainActor
@Suite("Randomuser view-model: the skipped count follows the pages shown")
struct RandomUserSkippedTests {
    /// A source started on an empty store, its first page fetched and settled.
    private func started(_ service: FakeRandomUserService) async throws -> (RandomUserViewModel, BusyTracker) {
        let (model, busy) = makeRandomUser(service, store: try memoryStore())
        model.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        return (model, busy)
    }

    private func skippedItems(_ model: RandomUserViewModel) -> [String] {
        model.statusItems.filter { $0.hasSuffix("skipped") }
    }

    @Test("Pages add up their skipped persons")
    func pagesAddUp() async throws {
        let service = FakeRandomUserService()
        await service.skip(2, 1)
        let (model, _) = try await started(service)
        #expect(skippedItems(model) == ["2 skipped"])
        await model.scrollToEnd()
        #expect(skippedItems(model) == ["3 skipped"])
    }

    @Test("r that skips nothing clears the count of the pages it replaced")
    func refreshClears() async throws {
        let service = FakeRandomUserService()
        await service.skip(2, 1)
        let (model, busy) = try await started(service)
        await model.scrollToEnd()
        #expect(skippedItems(model) == ["3 skipped"])
        model.refresh()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.rowIDs.count == 10)
        #expect(skippedItems(model).isEmpty, "\(model.statusItems)")
    }

    @Test("r that skips some shows only its own page's count")
    func refreshCountsItsOwn() async throws {
        let service = FakeRandomUserService()
        await service.skip(2, 0, 4)
        let (model, busy) = try await started(service)
        await model.scrollToEnd()
        model.refresh()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(skippedItems(model) == ["4 skipped"])
    }

    @Test("r that fails keeps the count of the pages still shown")
    func failedRefreshKeeps() async throws {
        let service = FakeRandomUserService()
        await service.skip(2)
        let (model, busy) = try await started(service)
        await service.fail(Sample.unreachable)
        model.refresh()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.rowIDs.count == 10)
        #expect(skippedItems(model) == ["2 skipped"])
    }

    @Test("A page of which no one can be read is a sentence in the list, not an empty list; nothing is stored")
    func allUnreadable() async throws {
        let service = FakeRandomUserService()
        await service.unreadable(10)
        let store = try memoryStore()
        let (model, busy) = makeRandomUser(service, store: store)
        var banners: [String] = []
        model.onEvent = { if case .banner(let text, _) = $0 { banners.append(text) } }
        model.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.rowIDs.isEmpty)
        #expect(model.placeholder == .failed(
            "Couldn't load persons. randomuser.me sent 10 persons and rolo can read none of them: a missing login.uuid — r to retry"))
        #expect(banners.isEmpty, "the list says it; a banner would say it twice: \(banners)")
        #expect(try await store.count(RandomUserPager.source) == 0)
        #expect(try await store.state(RandomUserPager.source) == nil, "no empty page stored as the end of the data")
        model.refresh()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.rowIDs.count == 10 && model.placeholder == nil)
    }

    @Test("A partly unreadable page shows the rest, says how many and why, and the list goes on")
    func partlyUnreadable() async throws {
        let service = FakeRandomUserService()
        await service.unreadable(3)
        let (model, busy) = makeRandomUser(service, store: try memoryStore())
        var banners: [String] = []
        model.onEvent = { if case .banner(let text, false) = $0 { banners.append(text) } }
        model.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.rowIDs.count == 7)
        #expect(banners == ["3 persons skipped: a missing login.uuid — details in the log"])
        #expect(skippedItems(model) == ["3 skipped"])
        // Ten were sent, so this was a full page, not the last one.
        #expect(!model.reachedEnd)
        await model.scrollToEnd()
        #expect(model.rowIDs.count == 17)
        #expect(await service.requests == ["page 1 seed rolo", "page 2 seed rolo"])
    }

    @Test("A next page of which no one can be read says why on the retry row, and Enter asks again")
    func nextPageUnreadable() async throws {
        let service = FakeRandomUserService()
        let (model, busy) = try await started(service)
        await service.unreadable(10)
        await model.scrollToEnd()
        #expect(model.persons.count == 10)
        #expect(model.nextPageFailure == "randomuser.me sent 10 persons and rolo can read none of them: a missing login.uuid")
        #expect(model.activatesRow(RandomUserViewModel.retryRowID))
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.persons.count == 20 && model.nextPageFailure == nil)
    }

    @Test("r answered by a page no one of can be read keeps the list shown and says why in a banner")
    func refreshUnreadable() async throws {
        let service = FakeRandomUserService()
        let (model, busy) = try await started(service)
        var errors: [String] = []
        model.onEvent = { if case .banner(let text, true) = $0 { errors.append(text) } }
        await service.unreadable(10)
        model.refresh()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(model.rowIDs.count == 10)
        #expect(errors == ["randomuser.me sent 10 persons and rolo can read none of them: a missing login.uuid — r to retry"])
    }
}
