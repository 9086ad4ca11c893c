import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@MainActor
@Suite("Randomuser view-model: r forces an update", .temporaryDirectories)
struct RandomUserRefreshTests {
    /// A disk cache in a fresh folder holding one avatar.
    private func filledCache() async throws -> ImageDiskCache {
        let folder = try TemporaryDirectory.scoped("rolo-randomuser")
        let cache = ImageDiskCache(directory: folder.path)
        try await cache.store(Data(repeating: 7, count: 100), for: try #require(URL(string: "https://randomuser.test/a.jpg")))
        #expect(await cache.totalBytes() == 100)
        return cache
    }

    /// A source over 30 stored persons, started and settled, with its error banners recorded.
    private func storedSource(_ service: FakeRandomUserService, store: PersonStore<RandomPerson>, seed: String?,
                              cache: ImageDiskCache) async throws -> (RandomUserViewModel, BusyTracker, Banners) {
        try await storePersons(30, in: store)
        let (model, busy) = makeRandomUser(service, store: store, seed: seed, avatarCache: cache)
        let banners = Banners()
        model.onEvent = { if case .banner(let text, true) = $0 { banners.texts.append(text) } }
        model.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        return (model, busy, banners)
    }

    @Test("r fetches page 1 with the stored seed, replaces the stored persons and empties the avatar cache")
    func replaces() async throws {
        let service = FakeRandomUserService()
        let store = try memoryStore()
        let cache = try await filledCache()
        let (model, busy, banners) = try await storedSource(service, store: store, seed: nil, cache: cache)
        await model.scrollToEnd()
        #expect(model.rowIDs.count == 20)
        model.refresh()
        #expect(model.isLoading)
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(await service.requests == ["page 1 seed rolo"])
        #expect(await cache.totalBytes() == 0)
        #expect(model.lastUpdated == Sample.today)
        #expect(banners.texts.isEmpty)
        let (shown, stored) = (model.rowIDs, try await store.count(RandomUserPager.source))
        // Paging goes on from the new data: page 2 is requested, not read from the old rows.
        await model.scrollToEnd()
        let requests = await service.requests
        #expect(shown == (0..<10).map { "rolo-\($0)" })
        #expect(stored == 10)
        #expect(requests == ["page 1 seed rolo", "page 2 seed rolo"])
    }

    @Test("r with a seed override draws that seed's persons and keeps the new seed")
    func overrideSeed() async throws {
        let service = FakeRandomUserService()
        let store = try memoryStore()
        let (model, busy, _) = try await storedSource(service, store: store, seed: "fresh", cache: try await filledCache())
        #expect(model.rowIDs.first == "rolo-0", "the stored list is shown until r")
        model.refresh()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(await service.requests == ["page 1 seed fresh"])
        #expect(model.rowIDs == (0..<10).map { "fresh-\($0)" })
        #expect(try await store.state(RandomUserPager.source)?.seed == "fresh")
    }

    @Test("r failing keeps the persons, the stored data and the avatars, with a banner")
    func failureKeeps() async throws {
        let service = FakeRandomUserService()
        await service.fail(Sample.unreachable)
        let store = try memoryStore()
        let cache = try await filledCache()
        let (model, busy, banners) = try await storedSource(service, store: store, seed: nil, cache: cache)
        model.refresh()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(banners.texts == [Sample.unreachable.message])
        #expect(model.rowIDs == (0..<10).map { "rolo-\($0)" })
        #expect(try await store.count(RandomUserPager.source) == 30)
        #expect(await cache.totalBytes() == 100)
    }

    @Test("A 429 or an {\"error\"} body: its own words, on the banner or the retry row, and no request is retried by itself")
    func rateLimited() async throws {
        let service = FakeRandomUserService()
        await service.fail(RandomUserSamples.rateLimited, RandomUserSamples.refusal)
        let store = try memoryStore()
        let (model, busy, banners) = try await storedSource(service, store: store, seed: nil, cache: try await filledCache())
        model.refresh()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        await model.scrollToEnd()
        await model.scrollToEnd()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(banners.texts == [RandomUserSamples.rateLimited.message])
        #expect(await service.requests == ["page 1 seed rolo"], "pages 2–3 came from the database")
        await model.scrollToEnd()
        #expect(banners.texts == [RandomUserSamples.rateLimited.message], "a failed page says it on its row")
        #expect(model.entries.entry(at: model.entries.entryCount - 1).row?.cells
                == ["Couldn't load more: randomuser.me says: Uh oh, something has gone wrong.", "Enter to retry"])
        for _ in 0..<1_000 { await Task.yield() }
        #expect(await service.requests == ["page 1 seed rolo", "page 4 seed rolo"])
        #expect(model.rowIDs.count == 31, "30 persons and the retry row")
    }

    @Test("r while a page loads: the page lands first, then page 1 replaces everything")
    func refreshDuringPage() async throws {
        let service = FakeRandomUserService()
        let store = try memoryStore()
        let (model, busy) = makeRandomUser(service, store: store)
        model.start()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        await service.hold()
        model.selectionChanged(to: "rolo-9")
        #expect(await settle(async: { await service.heldCount == 1 }))
        model.refresh()
        await service.release()
        #expect(await settle({ busy.isIdle && !model.isLoading }, limit: 100_000))
        #expect(await service.requests == ["page 1 seed rolo", "page 2 seed rolo", "page 1 seed rolo"])
        let stored = try await store.count(RandomUserPager.source)
        #expect(model.rowIDs.count == 10)
        #expect(stored == 10)
    }
}

/// The error banners a source raised, in order.
@MainActor
final class Banners {
    var texts: [String] = []
}
