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

    /// A person only Tartu lists, and only in the saved answer.
    private let liis = DirectoryEmployee(firstName: "Liis", lastName: "Aas", email: "l@a", position: .ios)

    /// What was saved before this refresh: nothing, a format 1 merged list (no cities), or
    /// each city's last complete answer.
    enum Saved: String, CaseIterable, CustomTestStringConvertible {
        case none, mergedOnly, byCity
        var testDescription: String { rawValue }
    }

    /// Which cities answered this refresh.
    enum Answer: String, CaseIterable, CustomTestStringConvertible {
        case both, tallinnOnly, tartuOnly, neither
        var testDescription: String { rawValue }
    }

    private func snapshot(_ saved: Saved) -> DirectorySnapshot? {
        let when = Date(timeIntervalSince1970: 1_795_000_000)
        switch saved {
        case .none: return nil
        case .mergedOnly: return DirectorySnapshot(employees: [peeter, mari, liis], savedAt: when)
        case .byCity:
            return DirectorySnapshot(cities: [.init(url: tallinn, employees: [peeter]),
                                              .init(url: tartu, employees: [mari, liis, peeter])], savedAt: when)
        }
    }

    @Test("The directory rule in every combination of answers and saved data", arguments: Saved.allCases, Answer.allCases)
    func rule(saved: Saved, answer: Answer) {
        let tallinnResult: Result<[DirectoryEmployee], FetchError> = [.both, .tallinnOnly].contains(answer) ? .success([peeter]) : failure(tallinn)
        // Tartu's fresh answer has Mari only: Liis left, which a saved answer must not undo.
        let tartuResult: Result<[DirectoryEmployee], FetchError> = [.both, .tartuOnly].contains(answer) ? .success([mari]) : failure(tartu)
        let outcome = DirectoryOutcome([
            DirectoryListing(url: tallinn, result: tallinnResult),
            DirectoryListing(url: tartu, result: tartuResult),
        ], saved: snapshot(saved), savedStamp: "12:04")
        let byCity = saved == .byCity
        #expect(outcome.nameKeys == (outcome.employees ?? []).map(\.nameKey), "the merge's keys, in the people's order")
        switch answer {
        case .both:
            #expect(outcome.employees == [peeter, mari])
            #expect(outcome.savedPeople.isEmpty)
            #expect(outcome.banner == nil)
            #expect(outcome.isComplete)
            #expect(outcome.cities == [.init(url: tallinn, employees: [peeter]), .init(url: tartu, employees: [mari])])
        case .tallinnOnly:
            #expect(outcome.employees == (byCity ? [peeter, mari, liis] : [peeter]))
            #expect(outcome.savedPeople == (byCity ? [mari.nameKey: "Tartu", liis.nameKey: "Tartu"] : [:]),
                    "Peeter is fresh from Tallinn, so only Tartu's others are saved")
            #expect(outcome.banner == (byCity
                ? "Tartu didn't load — showing Tallinn, and Tartu as saved at 12:04; r to retry"
                : "Tartu didn't load — showing Tallinn only; r to retry"))
            #expect(!outcome.isComplete)
        case .tartuOnly:
            #expect(outcome.employees == [mari] + (byCity ? [peeter] : []))
            #expect(outcome.savedPeople == (byCity ? [peeter.nameKey: "Tallinn"] : [:]))
            #expect(outcome.banner == (byCity
                ? "Tallinn didn't load — showing Tartu, and Tallinn as saved at 12:04; r to retry"
                : "Tallinn didn't load — showing Tartu only; r to retry"))
            #expect(!outcome.isComplete)
            #expect(outcome.cities == [.init(url: tartu, employees: [mari])], "only what loaded is an answer")
        case .neither:
            #expect(outcome.employees == nil, "the view-model keeps what it shows")
            #expect(outcome.savedPeople.isEmpty)
            #expect(outcome.banner == DirectoryOutcome.nothingLoaded)
            #expect(!outcome.isComplete)
        }
    }

    @Test("Two failed cities, one saved: the banner names both and which one is saved")
    func oneOfTwoFailedSaved() {
        let narva = URL(string: "https://narva-jobapp.aw.ee/employee_list")!
        let saved = DirectorySnapshot(cities: [.init(url: tartu, employees: [liis])], savedAt: .distantPast)
        let outcome = DirectoryOutcome([
            DirectoryListing(url: tallinn, result: .success([peeter])),
            DirectoryListing(url: narva, result: failure(narva)),
            DirectoryListing(url: tartu, result: failure(tartu)),
        ], saved: saved, savedStamp: "3 Nov 09:15")
        #expect(outcome.banner == "Narva and Tartu didn't load — showing Tallinn, and Tartu as saved at 3 Nov 09:15; r to retry")
        #expect(outcome.employees == [peeter, liis])
    }
}
