import Foundation
import Testing

@testable import RoloCore

@Suite("PersonStore at scale")
struct PersonStoreScaleTests {
    /// 100,000 persons in pages of 500 into a WAL file, then a range at the end. Not timed by an
    /// assertion (machines differ); `swift test` reports the test's duration.
    @Test("100,000 persons: append in pages of 500 and read a range at the end")
    func hundredThousand() async throws {
        let directory = try TemporaryDirectory()
        let store = PersonStore<StorePerson>(database: try RoloDatabase(dataDirectory: directory.path))
        for page in 0..<200 {
            try await store.append("pipedrive", StorePerson.numbered(page * 500 + 1...(page + 1) * 500), page: page + 1)
        }
        #expect(try await store.count("pipedrive") == 100_000)
        let end = try await store.persons("pipedrive", range: 99_990..<100_000)
        #expect(end == StorePerson.numbered(99_991...100_000))
    }
}
