import Testing
@testable import RoloApp

/// The ledger's rules on their own, for any value a write changes: foods' like is a `Bool`, a
/// declared action's field may be text.
@Suite("Optimistic ledger")
struct OptimisticLedgerTests {
    /// A record as a list holds it: an id and the value the write changes.
    private struct Row: Equatable {
        var id: String
        var status: String
        var name = ""
    }

    @Test("A press shows the intent at once and sends it; success confirms it, then a reload")
    func pressThenSuccess() {
        var ledger = OptimisticLedger<Bool>()
        #expect(ledger.isAtRest)
        #expect(ledger.press("1", wanting: true) == true)
        #expect(ledger.shown("1", confirmed: false) == true)
        #expect(ledger.sending == ["1": true])
        #expect(!ledger.isAtRest)
        #expect(ledger.finished("1", succeeded: true, confirmed: true) == .reload)
        #expect(ledger.isAtRest)
        #expect(ledger.shown("1", confirmed: true) == true)
    }

    @Test("A failure drops the intent: the confirmed value shows, nothing more is sent")
    func failureDropsIntent() {
        var ledger = OptimisticLedger<String>()
        #expect(ledger.press("7", wanting: "closed") == "closed")
        #expect(ledger.press("7", wanting: "open") == nil, "one request per record in flight")
        #expect(ledger.finished("7", succeeded: false, confirmed: "open") == .reload)
        #expect(ledger.shown("7", confirmed: "open") == "open")
        #expect(ledger.isAtRest)
    }

    @Test("Presses while one is in flight: last intent wins, one more request only when it differs",
          arguments: [(2, false, OptimisticLedger<Bool>.Next.send(false)), (3, true, .reload), (4, false, .send(false))])
    func lastIntentWins(presses: Int, finalIntent: Bool, next: OptimisticLedger<Bool>.Next) {
        var ledger = OptimisticLedger<Bool>()
        var sent: [Bool] = []
        var shown = false
        for _ in 0..<presses {
            shown = !ledger.shown("1", confirmed: false)
            if let value = ledger.press("1", wanting: shown) { sent.append(value) }
        }
        #expect(sent == [true], "the first press sends; the others wait for it")
        #expect(ledger.shown("1", confirmed: false) == finalIntent)
        #expect(ledger.finished("1", succeeded: true, confirmed: true) == next)
        if case .send(let value) = next {
            #expect(ledger.sending == ["1": value])
            #expect(ledger.finished("1", succeeded: true, confirmed: value) == .reload)
        }
        #expect(ledger.isAtRest)
    }

    @Test("Records are independent: each has its own request in flight")
    func independentRecords() {
        var ledger = OptimisticLedger<Bool>()
        #expect(ledger.press("1", wanting: true) == true)
        #expect(ledger.press("2", wanting: false) == false)
        #expect(ledger.sending == ["1": true, "2": false])
        #expect(ledger.finished("2", succeeded: true, confirmed: false) == .reload)
        #expect(ledger.shown("1", confirmed: false) == true, "the other record's intent stays")
    }

    @Test("A list answer is believed only when it started after the last write and none is in flight")
    func authority() {
        var ledger = OptimisticLedger<Bool>()
        let before = ledger.reloadStarted()
        _ = ledger.press("1", wanting: true)
        #expect(!ledger.isAuthoritative(for: "1", startedAt: before), "a write is in flight")
        #expect(ledger.isAuthoritative(for: "2", startedAt: before))
        _ = ledger.finished("1", succeeded: true, confirmed: true)
        #expect(!ledger.isAuthoritative(for: "1", startedAt: before), "started before the write completed")
        let after = ledger.reloadStarted()
        #expect(ledger.isAuthoritative(for: "1", startedAt: after))
    }

    @Test("Merge keeps a doubtful record's value, takes its other fields, and leaves the rest as answered")
    func merge() {
        var ledger = OptimisticLedger<String>()
        let token = ledger.reloadStarted()
        _ = ledger.press("1", wanting: "closed")
        let current = [Row(id: "1", status: "open", name: "old"), Row(id: "2", status: "open")]
        let answer = [Row(id: "1", status: "stale", name: "new"), Row(id: "2", status: "closed"), Row(id: "3", status: "new")]
        let merged = ledger.merge(answer, over: current, startedAt: token, id: \.id, value: \.status)
        #expect(merged == [Row(id: "1", status: "open", name: "new"), Row(id: "2", status: "closed"), Row(id: "3", status: "new")])
        #expect(ledger.shown("1", confirmed: merged[0].status) == "closed", "the intent stays on top")
    }

    @Test("With nothing pending an answer is taken whole")
    func mergeAtRest() {
        var ledger = OptimisticLedger<String>()
        let token = ledger.reloadStarted()
        let answer = [Row(id: "1", status: "closed")]
        #expect(ledger.merge(answer, over: [Row(id: "1", status: "open")], startedAt: token, id: \.id, value: \.status) == answer)
    }
}
