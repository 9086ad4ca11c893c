import Foundation
import RoloCore
import Testing
@testable import RoloApp

/// The search index waits for the screen's first frame with data (``WaitsForFirstFrame``).
@MainActor
@Suite("A configured source's search index: read once the first frame with data is out, or at the first search")
struct FirstFrameIndexTests {
    /// A relaunch's view-model over 30 stored records, the API holding its answer.
    private func relaunched(_ api: FakeCrewAPI) async throws -> RecordListModel {
        let database = try RoloDatabase.inMemory()
        let store = RecordStore(database: database, source: try CrewSamples.source(CrewSamples.toml()))
        let records = try (1...30).map { n in
            JSONRecord(id: String(n), value: try JSONValue.parse(Data(CrewSamples.person(n, tag: "", full: false).utf8)))
        }
        try await store.append(RecordPage(records: records, next: nil), at: Sample.today)
        await api.hold()
        return try makeCrew(api, database: database)
    }

    @Test("Started, the list shows its rows and reads no index; told the first frame is out, it reads it")
    func afterFirstFrame() async throws {
        let api = try FakeCrewAPI(count: 30)
        let model = try await relaunched(api)
        let index = try #require(model.searchIndex)
        model.start()
        #expect(await settle({ model.entries.entryCount == 30 }, limit: 100_000))
        #expect(index.held == nil, "no index read beside the first frame")
        model.firstFrameDrawn()
        #expect(await settle({ index.held == 30 }, limit: 100_000))
        await api.release()
        #expect(await model.settled())
    }

    @Test("Told before it starts (another tab was shown first), it reads the index when it starts")
    func toldBeforeStart() async throws {
        let api = try FakeCrewAPI(count: 30)
        let model = try await relaunched(api)
        let index = try #require(model.searchIndex)
        model.firstFrameDrawn()
        #expect(index.held == nil, "nothing read before the source starts")
        model.start()
        #expect(await settle({ index.held == 30 }, limit: 100_000))
        await api.release()
        #expect(await model.settled())
    }

    @Test("Never told (no screen): a search reads the index itself and finds")
    func searchWithoutFirstFrame() async throws {
        let api = try FakeCrewAPI(count: 30)
        let model = try await relaunched(api)
        model.start()
        #expect(await settle({ model.entries.entryCount == 30 }, limit: 100_000))
        #expect(model.searchIndex?.held == nil)
        model.setSearch("grace")
        #expect(await settle({ model.search?.isRunning == false && model.rowIDs == ["1", "6", "11", "16", "21", "26"] }, limit: 200_000))
        await api.release()
        #expect(await model.settled())
    }
}
