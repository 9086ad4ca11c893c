import Foundation
import Testing

@testable import RoloCore

@Suite("Persons of older API versions in the database")
struct RandomUserVersionStoreTests {
    @Test("Persons of every version survive the store and the next launch's read, field for field")
    func roundTrip() async throws {
        let directory = try TemporaryDirectory()
        let decoded = try ["0.4", "1.0", "1.1", "1.2", "1.3", "1.4"].flatMap {
            try RandomUserDecoder.decodePage(Fixture.data("randomuser/v\($0).json")).persons
        }
        #expect(decoded.count == 12)
        let written = PersonStore<RandomPerson>(database: try RoloDatabase(dataDirectory: directory.path))
        let added = try await written.appendPage(
            RandomUserPager.source, persons: decoded, names: decoded.map(\.fullName), page: 1, seed: "old",
            complete: false, cursor: nil)
        #expect(added == decoded, "no two persons of the fixtures share an id")

        // The next run: the file opened again and its first page read as the launch reads it.
        let reopened = PersonStore<RandomPerson>(database: try RoloDatabase(dataDirectory: directory.path))
        let launch = try #require(try RandomUserPager(pageSize: decoded.count).readStoredAtLaunch(shown: 0, store: reopened))
        guard case .stored(let page) = launch.next else {
            Issue.record("the stored page wasn't read: \(launch.next)")
            return
        }
        #expect(page.persons == decoded)
        #expect(try await reopened.persons(RandomUserPager.source, range: 0..<decoded.count) == decoded)
        #expect(launch.state?.seed == "old")
    }
}
