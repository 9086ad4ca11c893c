import Foundation
import Synchronization
import Testing

@testable import RoloCore

/// A stand-in for randomuser: `total` persons per seed, pages of 10; records each request.
final class FakeRandomUser: Sendable {
    let total: Int
    let failing = Mutex(false)
    let requests = Mutex<[String]>([])

    init(total: Int) {
        self.total = total
    }

    var fetch: RandomUserPager.Fetch<StorePerson> {
        { [self] page, seed in
            requests.withLock { $0.append("\(page)/\(seed)") }
            if failing.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
            let start = (page - 1) * 10 + 1
            let end = min(page * 10, total)
            guard start <= end else { return RandomUserPager.FetchedPage([]) }
            return RandomUserPager.FetchedPage((start...end).map { StorePerson(id: "\(seed)-\($0)", name: "Person \($0)") })
        }
    }
}

@Suite("RandomUserPager loading")
struct RandomUserPagerLoadingTests {
    let store: PersonStore<StorePerson>
    let pager = RandomUserPager(makeSeed: { "s1" })

    init() throws {
        store = PersonStore(database: try RoloDatabase.inMemory())
    }

    func next(_ shown: Int, _ api: FakeRandomUser, pager: RandomUserPager? = nil) async throws -> StoredPage<StorePerson> {
        try await (pager ?? self.pager).loadNext(shown: shown, store: store, fetch: api.fetch, name: \.name)
    }

    @Test("30 stored: three pages without a request, then page 4 from the API")
    func localThenNetwork() async throws {
        let api = FakeRandomUser(total: 100)
        for shown in stride(from: 0, to: 30, by: 10) { _ = try await next(shown, api) }
        #expect(api.requests.withLock { $0 } == ["1/s1", "2/s1", "3/s1"])
        api.requests.withLock { $0 = [] }
        for shown in stride(from: 0, to: 30, by: 10) {
            let page = try await next(shown, api)
            #expect(page.origin == .database && page.persons.count == 10)
        }
        #expect(api.requests.withLock { $0 }.isEmpty)
        let fourth = try await next(30, api)
        #expect(fourth.origin == .network && fourth.persons.first?.id == "s1-31")
        #expect(api.requests.withLock { $0 } == ["4/s1"])
    }

    @Test("a page stored short of persons is not asked for again: the next page is")
    func partialNotAgain() async throws {
        let api = FakeRandomUser(total: 100)
        let first25 = (1...25).map { StorePerson(id: "s1-\($0)", name: "Person \($0)") }
        try await store.append("randomuser", first25, page: 3)
        let page = try await next(25, api)
        #expect(page.persons.map(\.id) == (31...40).map { "s1-\($0)" })
        #expect(try await store.count("randomuser") == 35)
        #expect(api.requests.withLock { $0 } == ["4/s1"])
    }

    @Test("fewer than a page from the API ends the data, also on the next run")
    func endOfData() async throws {
        let api = FakeRandomUser(total: 13)
        _ = try await next(0, api)
        let last = try await next(10, api)
        #expect(last.reachedEnd && last.persons.count == 3)
        let after = try await next(13, api)
        #expect(after.reachedEnd && after.persons.isEmpty)
        #expect(api.requests.withLock { $0.count } == 2)
    }

    @Test("a full page with persons rolo couldn't read is not the end: the next page is asked for")
    func unreadableNotTheEnd() async throws {
        let sevenOfTen: RandomUserPager.Fetch<StorePerson> = { page, seed in
            RandomUserPager.FetchedPage((1...7).map { StorePerson(id: "\(seed)-\(page)-\($0)", name: "P\($0)") }, sent: 10)
        }
        let first = try await pager.loadNext(shown: 0, store: store, fetch: sevenOfTen, name: \.name)
        #expect(first.persons.count == 7 && !first.reachedEnd)
        #expect(try await store.state("randomuser")?.complete == false)
        let second = try await pager.loadNext(shown: 7, store: store, fetch: sevenOfTen, name: \.name)
        #expect(second.persons.first?.id == "s1-2-1")
    }

    @Test("a failure mid-way stores nothing and the next attempt resumes at the same page")
    func failureResumes() async throws {
        let api = FakeRandomUser(total: 100)
        _ = try await next(0, api)
        _ = try await next(10, api)
        api.failing.withLock { $0 = true }
        await #expect(throws: URLError.self) { try await next(20, api) }
        #expect(try await store.state("randomuser")?.pagesStored == 2)
        #expect(try await store.count("randomuser") == 20)
        api.failing.withLock { $0 = false }
        let resumed = try await next(20, api)
        #expect(resumed.persons.first?.id == "s1-21")
        #expect(api.requests.withLock { $0 }.suffix(2) == ["3/s1", "3/s1"])
    }

    @Test("a different --randomuser-seed keeps paging the stored list and replaces it on refresh")
    func seedOverrideRefresh() async throws {
        let api = FakeRandomUser(total: 100)
        _ = try await next(0, api)
        let mine = RandomUserPager(seedOverride: "mine", makeSeed: { "unused" })
        let second = try await next(10, api, pager: mine)
        #expect(second.persons.first?.id == "s1-11")
        let refreshed = try await mine.refresh(store: store, fetch: api.fetch, name: \.name)
        #expect(refreshed.persons.first?.id == "mine-1")
        #expect(try await store.count("randomuser") == 10)
        #expect(try await store.state("randomuser")?.seed == "mine")
    }

    @Test("a refresh that fails keeps the stored list")
    func refreshFailure() async throws {
        let api = FakeRandomUser(total: 100)
        _ = try await next(0, api)
        api.failing.withLock { $0 = true }
        await #expect(throws: URLError.self) {
            try await pager.refresh(store: store, fetch: api.fetch, name: \.name)
        }
        #expect(try await store.count("randomuser") == 10)
    }
}
