import Testing
@testable import TerminalUI

private func rows(_ names: String...) -> [ListEntry] {
    names.map { name in name.hasPrefix("#") ? .header(String(name.dropFirst())) : .row(ListRow(id: name, cells: [name])) }
}

@Suite("List cursor")
struct ListCursorTests {
    @Test("Moving skips section headers and stops at the ends")
    func movement() {
        let entries = rows("#A", "a1", "a2", "#B", "b1")
        var cursor = ListCursor()
        cursor.clamp(in: entries, height: 10)
        #expect(cursor.selected == 1)
        cursor.move(by: 1, in: entries)
        cursor.move(by: 1, in: entries)
        #expect(cursor.selected == 4)
        cursor.move(by: 5, in: entries)
        #expect(cursor.selected == 4)
        cursor.move(by: -10, in: entries)
        #expect(cursor.selected == 1)
    }

    @Test("The selection stays visible and brings its section header along at the top")
    func scrolling() {
        let entries = rows("#A", "a1", "a2", "a3", "#B", "b1", "b2")
        var cursor = ListCursor()
        cursor.clamp(in: entries, height: 3)
        cursor.moveToLast(in: entries)
        cursor.scrollIntoView(height: 3, count: entries.count, entries: entries)
        #expect(cursor.offset == 4)
        cursor.moveToFirst(in: entries)
        cursor.scrollIntoView(height: 3, count: entries.count, entries: entries)
        #expect(cursor.offset == 0)
        #expect(cursor.selected == 1)
    }

    @Test("An empty list has no selection; a shrunk list keeps a valid one")
    func clamping() {
        var cursor = ListCursor(selected: 5, offset: 3)
        cursor.clamp(in: [ListEntry](), height: 5)
        #expect(cursor.selected == nil)
        cursor = ListCursor(selected: 5, offset: 3)
        cursor.clamp(in: rows("a", "b"), height: 5)
        #expect(cursor.selected == 1)
        #expect(cursor.offset == 0)
    }
}

@Suite("List view")
struct ListViewTests {
    @Test("Columns line up across scripts and the selection is highlighted")
    func drawsAlignedColumns() {
        let entries: [ListEntry] = [
            .row(ListRow(id: "1", cells: ["Jüri Õunapuu", "male"])),
            .row(ListRow(id: "2", cells: ["王秀英", "female"])),
            .row(ListRow(id: "3", cells: ["Zoë 🌟", "other"])),
        ]
        let view = ListView(entries: entries, columns: [ListColumn("Name", .flexible(min: 5)), ListColumn("Gender", .fixed(6))],
                            cursor: ListCursor(selected: 1, offset: 0), theme: .monochrome, glyphs: .unicode)
        var canvas = Canvas(width: 24, height: 4)
        view.render(into: &canvas, area: canvas.bounds)
        #expect(canvas.lines == [
            "Name              Gender",
            "Jüri Õunapuu      male",
            "王秀英            female",
            "Zoë 🌟            other",
        ])
        #expect(canvas[0, 2].style == Theme.monochrome.selection)
        #expect(canvas[0, 1].style != Theme.monochrome.selection)
    }

    @Test("Section headers and a scroll bar when the rows overflow")
    func headersAndScrollBar() {
        let entries = rows("#IOS", "a", "b", "#WEB", "c", "d")
        let view = ListView(entries: entries, columns: [ListColumn("", .flexible(min: 1))],
                            cursor: ListCursor(selected: 1, offset: 0), theme: .monochrome, glyphs: .ascii)
        var canvas = Canvas(width: 12, height: 3)
        view.render(into: &canvas, area: canvas.bounds)
        #expect(canvas.lines == [" IOS       #", "a          #", "b          |"])
    }
}
