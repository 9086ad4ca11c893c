import Foundation
import Testing

@testable import RoloCore

@Suite("RandomUserPager decisions")
struct RandomUserPagerTests {
    let pager = RandomUserPager(makeSeed: { "fresh" })

    func state(seed: String = "s1", complete: Bool = false) -> SourceState {
        SourceState(source: "randomuser", seed: seed, pagesStored: 3, complete: complete, fetchedAt: Date())
    }

    @Test("an empty database asks the API for page 1 with a new seed")
    func emptyDatabase() {
        #expect(pager.nextPage(shown: 0, stored: nil, storedCount: 0) == .fromNetwork(page: 1, seed: "fresh"))
    }

    @Test("with 30 stored, pages 1–3 come from the database and page 4 from the API")
    func thirtyStored() {
        let stored = state()
        #expect(pager.nextPage(shown: 0, stored: stored, storedCount: 30) == .fromDatabase(0..<10))
        #expect(pager.nextPage(shown: 10, stored: stored, storedCount: 30) == .fromDatabase(10..<20))
        #expect(pager.nextPage(shown: 20, stored: stored, storedCount: 30) == .fromDatabase(20..<30))
        #expect(pager.nextPage(shown: 30, stored: stored, storedCount: 30) == .fromNetwork(page: 4, seed: "s1"))
    }

    @Test("with 3 pages stored as 25 persons (5 unreadable), the database gives what it has and the API page 4 next")
    func partialPage() {
        let stored = state()
        #expect(pager.nextPage(shown: 20, stored: stored, storedCount: 25) == .fromDatabase(20..<25))
        #expect(pager.nextPage(shown: 25, stored: stored, storedCount: 25) == .fromNetwork(page: 4, seed: "s1"))
    }

    @Test("a complete list ends once everything stored is shown")
    func endOfData() {
        let stored = state(complete: true)
        #expect(pager.nextPage(shown: 20, stored: stored, storedCount: 27) == .fromDatabase(20..<27))
        #expect(pager.nextPage(shown: 27, stored: stored, storedCount: 27) == .endOfData)
    }

    @Test("a seed override seeds an empty store, pages on with the stored seed, and wins on refresh")
    func seedOverride() {
        let pager = RandomUserPager(seedOverride: "mine", makeSeed: { "fresh" })
        #expect(pager.nextPage(shown: 0, stored: nil, storedCount: 0) == .fromNetwork(page: 1, seed: "mine"))
        #expect(pager.nextPage(shown: 30, stored: state(), storedCount: 30) == .fromNetwork(page: 4, seed: "s1"))
        #expect(pager.refreshSeed(stored: state()) == "mine")
        #expect(self.pager.refreshSeed(stored: state()) == "s1")
        #expect(self.pager.refreshSeed(stored: nil) == "fresh")
    }
}
