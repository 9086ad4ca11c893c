import Foundation
import Logging
import RoloCore
import Testing
import TerminalUI
@testable import RoloApp

@Suite("Rows made on demand from records")
struct RecordRowsTests {
    private let ids = ["a", "b", "c", "d", "e"]

    private func rows(_ layout: RowLayout) -> RecordRows<String> {
        RecordRows(records: ids, layout: layout) { ListRow(id: $0, cells: [$0.uppercased()]) }
    }

    @Test("A flat list: every record in order, numbered, found by id")
    func flat() {
        let list = rows(RowLayout(ids: ids))
        #expect(list.entryCount == 5)
        #expect(list.rowCount == 5)
        #expect(list.entry(at: 3) == .row(ListRow(id: "d", cells: ["D"])))
        #expect(list.rowNumber(atEntry: 3) == 4)
        #expect(list.index(ofRowID: "e") == 4)
        #expect(list.index(ofRowID: "z") == nil)
    }

    @Test("Sections: headers between rows, rows numbered without them, ids found at their entry")
    func sections() {
        let list = rows(RowLayout(ids: ids, sections: [("One", [4, 0]), ("Two", [2])]))
        #expect(list.entryCount == 5)
        #expect(list.rowCount == 3)
        #expect((0..<5).map { list.entry(at: $0).row?.id ?? "#" } == ["#", "e", "a", "#", "c"])
        #expect((0..<5).map { list.rowNumber(atEntry: $0) } == [nil, 1, 2, nil, 3])
        #expect(list.index(ofRowID: "c") == 4)
        #expect(list.index(ofRowID: "b") == nil, "a record not in the list has no entry")
    }

    @Test("Filtering keeps a header only over its remaining rows; showing picks rows in order")
    func filtering() {
        let layout = RowLayout(ids: ids, sections: [("One", [4, 0]), ("Two", [2, 3])])
        let filtered = rows(layout.filtered(keeping: [3]))
        #expect((0..<filtered.entryCount).map { filtered.entry(at: $0).row?.id ?? "#" } == ["#", "d"])
        #expect(filtered.index(ofRowID: "d") == 1)
        #expect(filtered.index(ofRowID: "e") == nil)
        let headless = rows(RowLayout(ids: ids, sections: [(nil, [1]), ("Two", [2, 3])]).filtered(keeping: [3, 1]))
        #expect((0..<headless.entryCount).map { headless.entry(at: $0).row?.id ?? "#" } == ["b", "#", "d"])
        #expect((0..<3).map { headless.rowNumber(atEntry: $0) } == [1, nil, 2])
        // Kept in the layout's order, whatever the order asked; positions it hasn't are left out.
        let plain = RowLayout(count: 10).filtered(keeping: [9, 3, -1, 12])
        #expect((0..<plain.entryCount).map { plain.slot(at: $0) } == [.record(3), .record(9)])
        #expect(plain.entry(ofPosition: 9) == 1)
        let narrowed = RowLayout(count: 10).showing([2, 5, 7]).filtered(keeping: [7, 8, 5])
        #expect((0..<narrowed.entryCount).map { narrowed.slot(at: $0) } == [.record(5), .record(7)])
        let twice = RowLayout(ids: ids, sections: [("One", [4, 0])]).filtered(keeping: [0, 0])
        #expect(twice.entryCount == 2 && twice.rowCount == 1, "a position asked twice is one row")
        let none = RowLayout(ids: ids, sections: [("One", [4, 0])]).filtered(keeping: [])
        #expect(none.entryCount == 0 && none.rowCount == 0, "no header over no rows")
        let shown = rows(RowLayout(ids: ids).showing([3, 1]))
        #expect((0..<shown.entryCount).map { shown.entry(at: $0).row?.id ?? "#" } == ["d", "b"])
        #expect(shown.index(ofRowID: "b") == 1)
        #expect(shown.rowNumber(atEntry: 1) == 2)
    }

    @Test("A search's matches in ascending order: each found at its entry by halving, one not shown isn't")
    func showingAscending() {
        let layout = RowLayout(count: 1_000).showing([2, 40, 41, 700, 999])
        #expect(layout.entryCount == 5 && layout.rowCount == 5)
        #expect((0..<5).map { layout.slot(at: $0) } == [.record(2), .record(40), .record(41), .record(700), .record(999)])
        #expect([2, 40, 41, 700, 999].map { layout.entry(ofPosition: $0) } == [0, 1, 2, 3, 4])
        #expect([0, 3, 42, 998, 1_000, -1].map { layout.entry(ofPosition: $0) } == [nil, nil, nil, nil, nil, nil])
        #expect(layout.rowNumber(atEntry: 3) == 4)
        #expect(RowLayout(count: 10).showing([]).entry(ofPosition: 0) == nil, "nothing matched")
        let unordered = RowLayout(count: 10).showing([7, 3])
        #expect(unordered.entry(ofPosition: 3) == 1 && unordered.entry(ofPosition: 7) == 0 && unordered.entry(ofPosition: 5) == nil)
        // Matches among records stored after the layout was made wait for the next one.
        let grown = RowLayout(count: 10).showing([3, 9, 10, 12])
        #expect(grown.rowCount == 2 && grown.entry(ofPosition: 9) == 1)
        let grownUnordered = RowLayout(count: 10).showing([12, 9, 3])
        #expect(grownUnordered.rowCount == 2 && grownUnordered.entry(ofPosition: 3) == 1)
    }

    @Test("Only the rows asked for are built")
    func builtOnDemand() {
        var built: [String] = []
        let list = RecordRows(records: ids, layout: RowLayout(ids: ids)) { (id: String) -> ListRow in
            built.append(id)
            return ListRow(id: id, cells: [id])
        }
        _ = list.entry(at: 2)
        #expect(list.rowCount == 5)
        #expect(list.index(ofRowID: "e") == 4)
        #expect(built == ["c"])
    }

    @Test("The window: a new layout takes the records read for the one before, only what it lacks is read, a change forgets them")
    func windowCarriesRecordsRead() async throws {
        let store = RecordStore(database: try RoloDatabase.inMemory(), source: try CrewSamples.source(CrewSamples.toml()))
        let records = try (1...300).map { n in
            JSONRecord(id: String(n), value: try JSONValue.parse(Data(CrewSamples.person(n, tag: "", full: false).utf8)))
        }
        try await store.append(RecordPage(records: records, next: nil))
        var read: [String] = []
        let window = RecordWindow<String>(store: store, logger: Logger(label: "test")) { record in
            read.append(record.id)
            return record.id
        }
        window.reloadCount()
        window.show(RowLayout(count: window.count), inOrder: true)
        #expect(window.item(atEntry: 2) == "3")
        #expect(read.count == RecordWindow<String>.blockSize, "a block read at once")

        // A search's matches: two among the rows read, one past them.
        read = []
        window.show(RowLayout(count: window.count).showing([1, 5, 200]), inOrder: false)
        #expect((0..<3).map { window.item(atEntry: $0) } == ["2", "6", "201"])
        #expect(read == ["201"], "only the record not read before")

        // The stored records changed: what was read is read again.
        read = []
        window.forget()
        #expect(window.item(atEntry: 0) == "2")
        #expect(read == ["2", "6", "201"])
    }
}
