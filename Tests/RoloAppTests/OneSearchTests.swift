import Foundation
import RoloCore
import Testing
@testable import RoloApp

/// The list's `/` (a search index over each record's folded key) and `rolo dump --search` (a
/// record's `matches`) find the same records, for every source: the fields are declared once,
/// by the record, and both fold and match them the same way.
@Suite("One search per source: the list and the dump agree")
struct OneSearchTests {
    private static let terms = ["", "  ", "a", "TAMM", "tamm", "õun", "oun", "juri", "Jüri", "иван", "ИВАН", "王", "zoe",
                                "mari tamm", "tamm mari", "ee", "fr", "france", "soup", "kama", "male", "1969",
                                "@example", "android", "ios", "nobody at all", "a\nb"]

    /// The positions `/` shows for `term` over `records`, and those `matches` keeps.
    private func both<R: Searchable>(_ records: [R], _ term: String) -> (list: [Int], dump: [Int]) {
        let index = SearchIndex(keys: records.map(\.searchKey))
        let list = index.positions(matching: term, everyWord: R.searchesEveryWord) ?? []
        let dump = records.indices.filter { records[$0].matches(term) }
        return (list, dump)
    }

    @Test("people", arguments: terms)
    func people(term: String) {
        let found = both(Sample.staff, term)
        #expect(found.list == found.dump)
    }

    @Test("foods", arguments: terms)
    func foods(term: String) {
        let found = both(FoodSamples.menu, term)
        #expect(found.list == found.dump)
    }

    @Test("directory, each word on its own", arguments: terms)
    func directory(term: String) {
        let found = both(DirectorySamples.tallinnList + DirectorySamples.tartuList, term)
        #expect(found.list == found.dump)
    }

    @Test("randomuser", arguments: terms)
    func randomUser(term: String) {
        let persons = (0..<30).map { RandomUserSamples.person($0, seed: RandomUserSamples.seed) }
        let found = both(persons, term)
        #expect(found.list == found.dump)
    }

    @Test("the terms find something, so agreement isn't agreement on nothing")
    func termsFind() {
        #expect(!both(Sample.staff, "oun").dump.isEmpty)
        #expect(!both(DirectorySamples.tallinnList, "mari tamm").dump.isEmpty)
        #expect(both(DirectorySamples.tallinnList, "mari tamm").dump.count < DirectorySamples.tallinnList.count)
        #expect(!both((0..<30).map { RandomUserSamples.person($0, seed: "rolo") }, "иван").dump.isEmpty)
    }
}
