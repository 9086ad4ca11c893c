import Foundation
import RoloCore
import Testing
@testable import RoloApp

/// A launch reads randomuser's stored first page beside the terminal's set-up and hands it to
/// the view-model, so that the first frame shows persons rather than "Loading persons…".
@MainActor
@Suite("Randomuser view-model: the first page read ahead of the screen")
struct RandomUserReadAheadTests {
    @Test("A page read ahead is shown by start() itself, with no request and nothing left loading")
    func shownAtStart() async throws {
        let store = try memoryStore()
        try await storePersons(30, in: store)
        let page = try #require(RandomUserViewModel.storedFirstPage(in: store))
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: store, firstPage: page)
        model.start()
        // No await between start() and here: this is what the first frame draws.
        #expect(model.rowIDs == (0..<10).map { "rolo-\($0)" })
        #expect(model.statusItems == ["page 1", "30 stored"])
        #expect(model.placeholder == nil)
        #expect(!model.isLoading && busy.isIdle)
        #expect(model.lastUpdated == Sample.today, "when the stored pages were fetched")
        await model.scrollToEnd()
        #expect(model.rowIDs == (0..<20).map { "rolo-\($0)" }, "page 2 follows from the database")
        #expect(await service.requests.isEmpty)
    }

    @Test("The page read ahead is the one start() would have read itself")
    func sameAsReadByStart() async throws {
        let store = try memoryStore()
        try await storePersons(25, in: store)
        let (plain, plainBusy) = makeRandomUser(FakeRandomUserService(), store: store)
        plain.start()
        #expect(await settle({ plainBusy.isIdle && !plain.isLoading }, limit: 100_000))
        let (ahead, _) = makeRandomUser(FakeRandomUserService(), store: store,
                                         firstPage: RandomUserViewModel.storedFirstPage(in: store))
        ahead.start()
        #expect(ahead.rowIDs == plain.rowIDs)
        #expect(ahead.statusItems == plain.statusItems)
        #expect(ahead.reachedEnd == plain.reachedEnd)
        #expect(ahead.storedCount == plain.storedCount)
    }

    @Test("Nothing stored: nothing is read ahead, and start() fetches page 1 as before")
    func emptyStoreReadsNothingAhead() async throws {
        let store = try memoryStore()
        #expect(RandomUserViewModel.storedFirstPage(in: store) == nil)
        let service = FakeRandomUserService()
        let (model, busy) = makeRandomUser(service, store: store, firstPage: nil)
        model.start()
        #expect(model.placeholder == .loading("Loading persons…"))
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(await service.requests == ["page 1 seed rolo"])
        #expect(model.rowIDs.count == 10)
    }

    @Test("A complete stored list that fits one page is read ahead as the end of the data")
    func completeListEndsAtOnce() async throws {
        let store = try memoryStore()
        let persons = (0..<4).map { RandomUserSamples.person($0, seed: RandomUserSamples.seed) }
        try await store.appendPage(RandomUserPager.source, persons: persons, names: persons.map(\.fullName),
                                   page: 1, seed: RandomUserSamples.seed, complete: true, cursor: nil, at: Sample.today)
        let service = FakeRandomUserService()
        let (model, _) = makeRandomUser(service, store: store, firstPage: RandomUserViewModel.storedFirstPage(in: store))
        model.start()
        #expect(model.rowIDs.count == 4)
        #expect(model.reachedEnd)
        #expect(model.statusItems == ["page 1", "4 stored", "all loaded"])
        #expect(await service.requests.isEmpty)
    }
}
