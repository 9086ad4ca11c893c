import Foundation
@testable import RoloCore
import Testing

@Suite("The cities kept as positions in the merged list")
struct DirectoryRosterTests {
    private static let tallinn = URL(string: "https://tallinn-jobapp.aw.ee/employee_list")!
    private static let tartu = URL(string: "https://tartu-jobapp.aw.ee/employee_list")!
    private static let locale = Locale(identifier: "en_US")

    private static let mari = DirectoryEmployee(firstName: "Mari", lastName: "Tamm", email: "m@t", position: .pm, projects: ["Tere"])
    /// Mari again in Tartu: another spelling, a phone Tallinn doesn't give, another project.
    private static let mariInTartu = DirectoryEmployee(
        firstName: "MARI", lastName: "tamm ", email: "mari@tartu", phone: "+372 5", position: .ios, projects: ["Ilm", "Tere"])
    private static let jyri = DirectoryEmployee(firstName: "Jüri", lastName: "Õun", email: "j@t", position: .android)
    private static let anna = DirectoryEmployee(firstName: "Anna", lastName: "Kask", email: "a@t", position: .pm)
    private static let liis = DirectoryEmployee(firstName: "Liis", lastName: "Aas", email: "l@t", position: .ios)
    /// Twice in Tartu's own list: the merge makes one of them.
    private static let annaAgain = DirectoryEmployee(firstName: "Anna", lastName: "Kask", email: "a2@t", position: .pm, projects: ["Kiri"])

    private static let cities: [DirectorySnapshot.City] = [
        .init(url: tallinn, employees: [mari, jyri]),
        .init(url: tartu, employees: [liis, mariInTartu, anna, annaAgain]),
    ]

    @Test("After the sort, each city is the same people in its own order, those the merge changed as the listing gave them")
    func outcomeKeepsCities() throws {
        var outcome = DirectoryOutcome(Self.cities.map { DirectoryListing(url: $0.url, result: .success($0.employees)) })
        let merged = try #require(outcome.employees)
        let keys = outcome.nameKeys
        let sorted = outcome.sort(locale: Self.locale)
        let ids = try #require(sorted)
        let order = DirectoryMerge.order(merged, locale: Self.locale)
        #expect(outcome.employees == order.map { merged[$0] })
        #expect(ids == order.map { keys[$0].text })
        #expect(outcome.nameKeys.isEmpty)
        #expect(outcome.cities == Self.cities)
        #expect(outcome.cities.map(\.employees) == Self.cities.map(\.employees))
        #expect(Array(outcome.cities[1].roster) == [Self.liis, Self.mariInTartu, Self.anna, Self.annaAgain])
    }

    @Test("A saved snapshot arranged: the same list as the outcome gives, the same cities, the same save time")
    func snapshotArranged() throws {
        let saved = DirectorySnapshot(cities: Self.cities, savedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let arranged = saved.arranged(locale: Self.locale)
        var outcome = DirectoryOutcome(Self.cities.map { DirectoryListing(url: $0.url, result: .success($0.employees)) })
        let ids = outcome.sort(locale: Self.locale)
        #expect(arranged.employees == outcome.employees)
        #expect(arranged.ids == ids)
        #expect(arranged.snapshot == saved)
        #expect(arranged.snapshot.employees(of: Self.tartu) == Self.cities[1].employees)
    }

    @Test("A format 1 snapshot (the merged list only) is arranged too, and keeps no cities")
    func mergedOnly() {
        let saved = DirectorySnapshot(employees: [Self.jyri, Self.anna, Self.liis], savedAt: Date())
        let arranged = saved.arranged(locale: Self.locale)
        #expect(arranged.employees.map(\.firstName) == ["Jüri", "Liis", "Anna"])
        #expect(arranged.ids == ["jüri õun", "liis aas", "anna kask"])
        #expect(arranged.snapshot.cities.isEmpty)
    }

    @Test("A failed city filled in from the cities held as positions gives what their own arrays give", arguments: [0, 1])
    func fillInAlike(failed: Int) {
        let saved = DirectorySnapshot(cities: Self.cities, savedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let held = saved.arranged(locale: Self.locale).snapshot
        var listings = Self.cities.map { DirectoryListing(url: $0.url, result: .success($0.employees)) }
        listings[failed].result = .failure(.timedOut(listings[failed].url, after: 10))
        let fromOwn = DirectoryOutcome(listings, saved: saved, savedStamp: "12:00")
        let fromPositions = DirectoryOutcome(listings, saved: held, savedStamp: "12:00")
        #expect(fromPositions == fromOwn)
        #expect(fromPositions.savedPeople.isEmpty == false)
    }

    @Test("An answer repeats a snapshot only with every city, in order, with the same people in the same order")
    func repeated() {
        let saved = DirectorySnapshot(cities: Self.cities, savedAt: Date())
        let held = saved.arranged(locale: Self.locale).snapshot
        func listings(_ lists: [[DirectoryEmployee]], urls: [URL] = [Self.tallinn, Self.tartu]) -> [DirectoryListing] {
            zip(urls, lists).map { DirectoryListing(url: $0, result: .success($1)) }
        }
        let same = listings(Self.cities.map(\.employees))
        #expect(saved.isRepeated(by: same))
        #expect(held.isRepeated(by: same))
        #expect(!held.isRepeated(by: listings([[Self.jyri, Self.mari], Self.cities[1].employees])), "another order")
        #expect(!held.isRepeated(by: listings([[Self.mari], Self.cities[1].employees])), "someone gone")
        #expect(!held.isRepeated(by: listings([[Self.mari, Self.jyri, Self.liis], Self.cities[1].employees])), "someone new")
        var changed = Self.jyri
        changed.phone = "+372 1"
        #expect(!held.isRepeated(by: listings([[Self.mari, changed], Self.cities[1].employees])), "someone changed")
        #expect(!held.isRepeated(by: listings(Self.cities.reversed().map(\.employees), urls: [Self.tartu, Self.tallinn])), "cities swapped")
        #expect(!held.isRepeated(by: Array(same.prefix(1))), "a city missing")
        var failed = same
        failed[1].result = .failure(.timedOut(Self.tartu, after: 10))
        #expect(!held.isRepeated(by: failed), "a city failed")
        #expect(!DirectorySnapshot(employees: Self.cities[0].employees, savedAt: Date()).isRepeated(by: same), "format 1 keeps no cities")
    }

    @Test("A repeated answer's outcome: complete, the list given, the saved cities, the records it skipped")
    func repeatedOutcome() {
        let arranged = DirectorySnapshot(cities: Self.cities, savedAt: Date()).arranged(locale: Self.locale)
        let skipped = [SkippedRecord(index: 3, problem: .missing("email"))]
        let outcome = DirectoryOutcome(repeating: arranged.snapshot, listed: arranged.employees, skipped: skipped)
        #expect(outcome.isComplete && outcome.banner == nil && outcome.errors.isEmpty && outcome.savedPeople.isEmpty)
        #expect(outcome.employees == arranged.employees)
        #expect(outcome.cities == Self.cities)
        #expect(outcome.skipped == skipped)
    }

    @Test("A roster as positions reads as the array it was made from; only people that differ are held apart")
    func positionsReadBack() {
        let merged = [Self.jyri, Self.anna, Self.liis]
        let own = [Self.liis, Self.mariInTartu, Self.jyri]
        let roster = DirectoryRoster(own, in: merged, at: [2, 1, 0])
        #expect(Array(roster) == own)
        #expect(roster.employees == own)
        #expect(roster.count == 3)
        #expect(DirectorySnapshot.City(url: Self.tartu, roster: roster) == .init(url: Self.tartu, employees: own))
        #expect(DirectorySnapshot.City(url: Self.tartu, roster: roster) != .init(url: Self.tartu, employees: [Self.liis, Self.anna, Self.jyri]))
    }

    @Test("The saved file is the same whichever way the cities are held")
    func writtenAlike() throws {
        var outcome = DirectoryOutcome(Self.cities.map { DirectoryListing(url: $0.url, result: .success($0.employees)) })
        _ = outcome.sort(locale: Self.locale)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        var own = Data(), positions = Data()
        try DirectorySnapshotWriter.write(version: 2, savedAt: date, cities: Self.cities) { own.append(contentsOf: $0) }
        try DirectorySnapshotWriter.write(version: 2, savedAt: date, cities: outcome.cities) { positions.append(contentsOf: $0) }
        #expect(positions == own)
    }

    @Test("A permutation applied in place puts each element where the order says", arguments: [0, 1, 2, 7, 1000])
    func permute(count: Int) {
        // Multiplying by a prime that doesn't divide the count permutes the indices, in cycles of several lengths.
        let order = (0..<count).map { $0 * 7919 % count }
        var values = (0..<count).map { "value \($0)" }
        let expected = order.map { values[$0] }
        values.permute(into: order)
        #expect(values == expected)
    }
}
