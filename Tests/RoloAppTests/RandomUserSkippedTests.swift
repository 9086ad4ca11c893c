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
}
