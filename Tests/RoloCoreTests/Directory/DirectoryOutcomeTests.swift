import Foundation
import RoloCore
import Testing

@Suite("DirectoryOutcome: what the list shows when a city fails")
struct DirectoryOutcomeTests {
    private let tallinn = URL(string: "https://tallinn-jobapp.aw.ee/employee_list")!
    private let tartu = URL(string: "https://tartu-jobapp.aw.ee/employee_list")!
    private let peeter = DirectoryEmployee(firstName: "Peeter", lastName: "Termomeeter", email: "p@t", position: .ios)
    private let mari = DirectoryEmployee(firstName: "Mari", lastName: "Tamm", email: "m@t", position: .pm)

    private func failure(_ url: URL) -> Result<[DirectoryEmployee], FetchError> {
        .failure(.timedOut(url, after: 10))
    }

    @Test("Both loaded: the merged list, no banner, complete")
    func bothLoaded() {
        let outcome = DirectoryOutcome([
            DirectoryListing(url: tallinn, result: .success([peeter])),
            DirectoryListing(url: tartu, result: .success([mari, peeter])),
        ])
        #expect(outcome.employees == [peeter, mari])
        #expect(outcome.banner == nil)
        #expect(outcome.isComplete)
    }

    @Test("One failed: what loaded, a banner naming the failed city, not complete")
    func oneFailed() {
        let outcome = DirectoryOutcome([
            DirectoryListing(url: tallinn, result: .success([peeter])),
            DirectoryListing(url: tartu, result: failure(tartu)),
        ])
        #expect(outcome.employees == [peeter])
        #expect(outcome.banner == "Tartu didn't load — showing Tallinn only; r to retry")
        #expect(outcome.failedCities == ["Tartu"])
        #expect(!outcome.isComplete)
        #expect(outcome.errors.map(\.kind) == [.timedOut])
    }

    @Test("Both failed: no list and the generic message")
    func bothFailed() {
        let outcome = DirectoryOutcome([
            DirectoryListing(url: tallinn, result: failure(tallinn)),
            DirectoryListing(url: tartu, result: failure(tartu)),
        ])
        #expect(outcome.employees == nil)
        #expect(outcome.banner == DirectoryOutcome.nothingLoaded)
        #expect(outcome.failedCities == ["Tallinn", "Tartu"])
    }

    @Test("Three cities, two failed: the banner lists them")
    func threeCities() {
        let narva = URL(string: "https://narva-jobapp.aw.ee/employee_list")!
        let outcome = DirectoryOutcome([
            DirectoryListing(url: tallinn, result: failure(tallinn)),
            DirectoryListing(url: narva, result: .success([])),
            DirectoryListing(url: tartu, result: failure(tartu)),
        ])
        #expect(outcome.banner == "Tallinn and Tartu didn't load — showing Narva only; r to retry")
        #expect(outcome.employees == [])
    }
}
