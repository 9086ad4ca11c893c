import Foundation
import RoloCore
import RoloTestSupport
import Synchronization
import TerminalUI
import Testing
@testable import RoloApp

/// A big list's search shows a term's first matches at once and counts the rest after: the
/// search hears them apart, and the status says the count isn't known yet.
@MainActor
@Suite("First matches while the rest are counted")
struct FirstMatchesTests {
    /// Whole answers, each given once its term is released.
    final class HeldAnswers: Sendable {
        let released = Mutex<Set<String>>([])

        func answer(_ term: String) async throws -> [Int] {
            while !released.withLock({ $0.contains(term) }) {
                try await Task.sleep(for: .milliseconds(1))
            }
            return Array(stride(from: 0, to: 1000, by: 2))
        }
    }

    @Test("heard before the answer, counting until it comes; a new term drops the old answer; a search again shows none apart")
    func heardApart() async {
        let held = HeldAnswers()
        let search = StoredSearch(busy: BusyTracker(), query: { try await held.answer($0) }, first: { $0 == "rare" ? nil : [0, 2, 4] })
        var firsts: [[Int]] = [], answers: [[Int]] = []
        search.onFirstMatches = { firsts.append($0) }
        search.onAnswer = { answers.append((try? $0.get()) ?? [-1]) }

        search.search("a")
        #expect(await settle { firsts == [[0, 2, 4]] })
        #expect(search.isCounting && search.isRunning && answers.isEmpty)
        search.search("ab")
        #expect(await settle { firsts.count == 2 })
        held.released.withLock { $0.formUnion(["a", "ab"]) }
        #expect(await settle { !search.isRunning })
        #expect(answers.count == 1 && answers[0].count == 500, "only the last term's answer")
        #expect(!search.isCounting)

        search.rowsChanged()
        #expect(await settle { answers.count == 2 && !search.isRunning })
        #expect(firsts.count == 2, "the matches shown stay until the rows' answer")

        held.released.withLock { $0.insert("rare") }
        search.search("rare")
        #expect(await settle { answers.count == 3 && !search.isRunning })
        #expect(firsts.count == 2 && !search.isCounting)
    }

    @Test("a count that fails leaves the first matches shown as first matches")
    func countFails() async {
        struct Broken: Error {}
        let search = StoredSearch(busy: BusyTracker(), query: { _ in throw Broken() }, first: { _ in [0, 2, 4] })
        var firsts: [[Int]] = [], failures = 0
        search.onFirstMatches = { firsts.append($0) }
        search.onAnswer = { if case .failure = $0 { failures += 1 } }
        search.search("a")
        #expect(await settle { failures == 1 && !search.isRunning })
        #expect(firsts == [[0, 2, 4]] && search.isCounting, "still only the first matches: \(search.isCounting)")
        search.search(nil)
        #expect(!search.isCounting)
    }

    @Test("the status line says at least this many match while the rest are counted")
    func status() {
        let model = CountingModel()
        let controller = ScreenController(sources: [model], size: Size(width: 80, height: 12), busy: BusyTracker())
        controller.start()
        let counting = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(counting.contains("3+ matching │ 1/3+"), "\(counting)")
        model.isCountingMatches = false
        let counted = controller.render(theme: .monochrome, glyphs: .unicode).text
        #expect(counted.contains("3 matching │ 1/3") && !counted.contains("3+"), "\(counted)")
    }
}

/// Three rows matching "a", the first matches of a search still being counted.
@MainActor
private final class CountingModel: SourceModel {
    let id = SourceID(rawValue: "big")
    let listTitle = "Big"
    let noun = (singular: "record", plural: "records")
    let columns = [ListColumn("Name", .flexible(min: 10))]
    var entries: any ListEntrySource {
        ["1", "2", "3"].map { ListEntry.row(ListRow(id: $0, cells: ["a\($0)"])) }
    }
    let status = SourceStatus(isLoading: false, lastUpdated: nil, items: [], placeholder: nil)
    let searchTerm: String? = "a"
    var isCountingMatches = true
    var onEvent: (SourceEvent) -> Void = { _ in }

    func start() { onEvent(.changed) }
    func refresh() {}
    func detail(for rowID: String) -> [DetailBlock] { [] }
    func setSearch(_ term: String?) {}
}
