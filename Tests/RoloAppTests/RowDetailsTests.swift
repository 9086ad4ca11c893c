import Foundation
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

/// The details of the rows on screen: fetched only for drawn rows, a few at a time, stored, not
/// fetched again while fresh, and filled into the rows as they come.
@MainActor
@Suite("Configured source view-model: the rows' details")
struct RowDetailsTests {
    /// The crew with a column only the detail has (`bio`).
    static let toml = CrewSamples.toml().replacingOccurrences(
        of: #"{ title = "Team", value = "{team}", width = 6 } ]"#,
        with: #"{ title = "Team", value = "{team}", width = 6 }, { title = "Bio", value = "{bio}" } ]"#)

    /// Draws entries `range`, as a frame of the list does.
    private func draw(_ model: RecordListModel, _ range: Range<Int>) -> [ListRow] {
        range.compactMap { model.entries.entry(at: $0).row }
    }

    @Test("Only the drawn rows' details are fetched, 4 at a time, and fill the rows in; drawn again they aren't fetched again")
    func drawnRows() async throws {
        let api = try FakeCrewAPI(count: 60)
        let model = try makeCrew(api, toml: Self.toml, database: try RoloDatabase.inMemory())
        model.start()
        #expect(await model.settled())
        #expect(await api.detailRequests.isEmpty, "nothing drawn, nothing fetched")
        #expect(draw(model, 0..<12).allSatisfy { $0.cells[3].isEmpty })
        #expect(await model.settled())
        let first = await api.detailRequests
        #expect(Set(first) == Set((1...12).map(String.init)) && first.count == 12)
        #expect(await api.mostDetailsInFlight <= RowDetailQueue.limit)
        #expect(draw(model, 0..<12).map { $0.cells[3] } == (1...12).map { "Crew member \($0)" })
        #expect(await model.settled())
        _ = draw(model, 30..<35)
        #expect(await model.settled())
        let all = await api.detailRequests
        #expect(all.count == 17 && Array(all.suffix(5)).sorted() == ["31", "32", "33", "34", "35"])
    }

    @Test("Stored details are merged at the next launch and not fetched again; a crew whose rows need nothing from the detail fetches none")
    func storedAndFresh() async throws {
        let database = try RoloDatabase.inMemory()
        let api = try FakeCrewAPI(count: 30)
        let first = try makeCrew(api, toml: Self.toml, database: database)
        first.start()
        #expect(await first.settled())
        _ = draw(first, 0..<8)
        #expect(await first.settled())
        #expect(await api.detailRequests.count == 8)
        let again = try makeCrew(api, toml: Self.toml, database: database)
        again.start()
        #expect(await again.settled())
        #expect(draw(again, 0..<8).map { $0.cells[3] } == (1...8).map { "Crew member \($0)" })
        #expect(await again.settled())
        #expect(await api.detailRequests.count == 8, "fresh in the store, listed unchanged by the refresh")
        let plain = try makeCrew(api, database: try RoloDatabase.inMemory())
        plain.start()
        #expect(await plain.settled())
        _ = draw(plain, 0..<8)
        #expect(await plain.settled())
        #expect(await api.detailRequests.count == 8, "the list holds every field its rows show")
    }

    @Test("The queue: the latest frame's rows, 4 in flight, rows scrolled away skipped, fresh and failed rows never asked")
    func queue() {
        var queue = RowDetailQueue()
        queue.fresh = ["f"]
        queue.failed = ["x"]
        for id in ["a", "b", "f", "c", "x", "d", "e", "h"] { _ = queue.drew(id) }
        #expect(queue.frameEnded() == ["a", "b", "c", "d"])
        #expect(queue.finished("a") == ["e"])
        // Scrolled: h, still waiting, is gone; b, c, d and e in flight finish; g is new.
        #expect(queue.drew("g") && !queue.drew("g"))
        _ = queue.drew("b")
        #expect(queue.frameEnded().isEmpty, "four in flight")
        #expect(queue.finished("b") == ["g"])
        #expect(queue.finished("c").isEmpty && queue.finished("d").isEmpty, "h was skipped")
        #expect(queue.reset(fresh: ["e"]) == ["e", "g"])
        #expect(!queue.wants("e") && queue.wants("g"))
    }
}
