import Foundation

extension DumpRunner {
    /// Persons read from the store a block at a time, so 100,000 never sit in memory at once.
    static let block = 1000

    /// "<why> — dumping the 500 persons stored 2026-11-22T10:42:05Z", and whether that is the
    /// whole account.
    func noticeStored<Person>(_ store: PersonStore<Person>, _ source: String, _ why: String) async throws {
        let count = try await store.count(source)
        let state = try await store.state(source)
        let when = state.map { " " + Self.stamp($0.fetchedAt) } ?? ""
        let partial = state?.complete == false && source == PipedriveSync.source ? " (not the whole account)" : ""
        report.notice("\(why) — dumping the \(count) \(count == 1 ? "person" : "persons") stored\(when)\(partial)")
    }
}
