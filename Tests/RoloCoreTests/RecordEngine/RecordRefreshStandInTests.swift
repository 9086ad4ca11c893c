import Foundation
import RoloCore
import StandIn
import Testing

/// What a relaunch's refresh costs, counted by the stand-in over real HTTP: the staff directory
/// (95 people, five pages of 20) listed whole again, answered 304 to its ETag, and listed by
/// `updated_after`.
@Suite("Configured sources: what a refresh costs, over HTTP")
struct RecordRefreshStandInTests {
    private static let route = "staff.list"

    /// The staff source with `paging` added to its `[sources.paging]`.
    private static func staff(_ standIn: ConfiguredSourceStandIn, _ paging: String = "") throws -> RecordSource {
        try standIn.source(ConfiguredSourceStandInTests.staffTOML(standIn.base) + "\n" + paging + "\n")
    }

    /// Syncs `source` into `store` (a refresh when `refresh`); returns the list requests it made.
    private func requests(
        _ standIn: ConfiguredSourceStandIn, _ source: RecordSource, _ store: RecordStore, refresh: Bool = true
    ) async throws -> Int {
        let before = await standIn.server.requestCount(Self.route)
        try await RecordSync(pager: try standIn.pager(source), store: store).run(refresh: refresh)
        return await standIn.server.requestCount(Self.route) - before
    }

    /// PATCHes person `number`'s title to `title`, as an action would.
    private func retitle(_ number: Int, _ title: String, _ standIn: ConfiguredSourceStandIn) async throws {
        let url = try #require(URL(string: "\(standIn.base)/staff/api/people/\(ConfiguredSourceStandInTests.staffIDs[number - 1])/"))
        let response = try await standIn.http.send(HTTPRequest(
            method: "PATCH", url: url, headers: ["Content-Type": "application/json"], body: Data(#"{"title": "\#(title)"}"#.utf8)))
        #expect(response.status == 200)
    }

    private func title(_ number: Int, in store: RecordStore) async throws -> String? {
        let id = ConfiguredSourceStandInTests.staffIDs[number - 1]
        return try await store.all().first { $0.id == id }?.value["title"]?.text
    }

    @Test("A relaunch of five pages: five requests listed whole (as every relaunch cost before), one with its ETag, one with updated_after")
    func relaunchCosts() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let whole = try Self.staff(standIn, "etag = false")
            let tagged = try Self.staff(standIn)
            let changes = try Self.staff(standIn, "since = \"updated_after\"")
            let store = RecordStore(database: try RoloDatabase.inMemory(), source: tagged)
            #expect(try await requests(standIn, tagged, store, refresh: false) == 5)
            #expect(try await requests(standIn, whole, store) == 5, "the whole list again, merged")
            #expect(try await store.all().map(\.id) == ConfiguredSourceStandInTests.staffIDs)

            #expect(try await requests(standIn, tagged, store) == 1, "304 to If-None-Match")
            try await retitle(7, "Chief", standIn)
            #expect(try await requests(standIn, tagged, store) == 5, "the ETag changed with the edit: listed whole")
            #expect(try await title(7, in: store) == "Chief")
            #expect(try await requests(standIn, tagged, store) == 1)

            try await retitle(8, "Mentor", standIn)
            #expect(try await requests(standIn, changes, store) == 1, "only the people changed since the last whole listing")
            #expect(try await title(8, in: store) == "Mentor")
            #expect(try await store.all().map(\.id) == ConfiguredSourceStandInTests.staffIDs)
            #expect(try await store.state()?.total == 95, "the list of changes' count isn't the list's")
        }
    }

    @Test("A person deleted on the server goes at the end of the next whole listing, not before")
    func deletionAtTheEnd() async throws {
        try await ConfiguredSourceStandIn.with { standIn in
            let source = try Self.staff(standIn)
            let store = RecordStore(database: try RoloDatabase.inMemory(), source: source)
            #expect(try await requests(standIn, source, store, refresh: false) == 5)
            let gone = ConfiguredSourceStandInTests.staffIDs[2]
            let url = try #require(URL(string: "\(standIn.base)/staff/api/people/\(gone)/"))
            #expect(try await standIn.http.send(HTTPRequest(method: "DELETE", url: url)).status == 204)
            // Its last page fails, as a kill would stop it: four pages merged, every record kept.
            let stopsAfterFour = FakeHTTPClient()
            stopsAfterFour.on(.any, answers: Array(repeating: .forward(to: standIn.http), count: 4) + [.respond(500, "")])
            let stopping = RecordPager(
                source: source, endpoint: try source.endpoint(environment: ConfiguredSourceStandIn.environment),
                client: stopsAfterFour, timeout: ConfiguredSourceStandIn.timeout, sleep: { _ in })
            await #expect(throws: FetchError.self) { try await RecordSync(pager: stopping, store: store).run(refresh: true) }
            #expect(try await store.count() == 95)
            #expect(try await requests(standIn, source, store, refresh: false) == 1, "resumed at the fifth page")
            #expect(try await store.all().map(\.id) == ConfiguredSourceStandInTests.staffIDs.filter { $0 != gone })
        }
    }
}
