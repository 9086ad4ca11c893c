import Foundation

extension DumpRunner {
    /// Persons read from the store a block at a time, so 100,000 never sit in memory at once.
    static let block = 1000

    /// "<why> — dumping the 500 persons stored 2026-11-22T10:42:05Z", and, for a list with an
    /// end (``FinishableList``) its sync didn't reach, that it isn't the whole one. The rows are
    /// read to count them, so a damaged store heals first and the count is the one dumped.
    func noticeStored<Person: FinishableList>(_ store: PersonStore<Person>, _ source: String, _ why: String) async throws {
        let count = try await store.countReadingRows(source)
        let state = try await store.state(source)
        let when = state.map { " " + Self.stamp($0.fetchedAt) } ?? ""
        let partial = state?.complete == false ? Person.wholeList.map { " (not \($0))" } ?? "" : ""
        report.notice("\(why) — dumping the \(count) \(count == 1 ? "person" : "persons") stored\(when)\(partial)")
    }
}
