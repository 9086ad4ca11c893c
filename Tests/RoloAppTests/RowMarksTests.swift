@testable import RoloApp
import TerminalUI
import Testing

@Suite("Marks: Space, V ranges, Esc, and ids that outlive a refresh")
struct RowMarksTests {
    /// Rows 1…8 under two headers: "A" over 1–4, "B" over 5–8.
    private let entries: [ListEntry] = [.header("A")] + (1...4).map { row($0) } + [.header("B")] + (5...8).map { row($0) }

    private static func row(_ n: Int) -> ListEntry { .row(ListRow(id: "\(n)", cells: ["Person \(n)"])) }
    private func row(_ n: Int) -> ListEntry { Self.row(n) }

    @Test("Space marks, and again unmarks; the count follows")
    func toggle() {
        var marks = RowMarks()
        marks.toggle("2")
        marks.toggle("5")
        #expect(marks.count == 2 && marks.contains("2") && marks.contains("5"))
        marks.toggle("2")
        #expect(marks.count == 1 && !marks.contains("2") && marks.anchor == "2")
    }

    @Test("V marks from the anchor to the selection, either way, across a header; without an anchor just the selection")
    func ranges() {
        var marks = RowMarks()
        marks.markRange(to: "3", in: entries)
        #expect(marks.ids == ["3"], "no anchor: the selected row alone")
        marks.markRange(to: "6", in: entries)
        #expect(marks.ids == ["3", "4", "5", "6"], "the header between is skipped")
        var upward = RowMarks()
        upward.toggle("7")
        upward.markRange(to: "2", in: entries)
        #expect(upward.ids == Set((2...7).map(String.init)))
        #expect(upward.anchor == "2", "the next range starts where this one ended")
        upward.markRange(to: "1", in: entries)
        #expect(upward.ids == Set((1...7).map(String.init)))
    }

    @Test("Esc clears every mark and the anchor")
    func clear() {
        var marks = RowMarks()
        marks.toggle("1")
        marks.markRange(to: "4", in: entries)
        marks.removeAll()
        #expect(marks.isEmpty && marks.anchor == nil)
        marks.markRange(to: "6", in: entries)
        #expect(marks.ids == ["6"], "no anchor is left over")
    }

    @Test("Marks are ids: after a refresh that reorders and drops rows, those still listed stay marked, in the new order")
    func refresh() {
        var marks = RowMarks()
        for id in ["2", "5", "7"] { marks.toggle(id) }
        let refreshed: [ListEntry] = [Self.row(7), Self.row(1), Self.row(2), Self.row(9)]
        let kept = marks.pruned { refreshed.index(ofRowID: $0) != nil }
        #expect(kept.ids == ["2", "7"])
        #expect(kept.anchor == "7")
        #expect(kept.ordered(in: refreshed) == ["7", "2"])
        let gone = marks.pruned { $0 == "2" }
        #expect(gone.anchor == nil, "an anchor whose row is gone is dropped")
    }

    @Test("A run's order: list order, then rows not listed now (a search hides them) by id")
    func order() {
        var marks = RowMarks()
        for id in ["8", "x", "1", "a"] { marks.toggle(id) }
        #expect(marks.ordered(in: entries) == ["1", "8", "a", "x"])
    }
}
