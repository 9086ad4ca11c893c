import Testing
@testable import TerminalUI

@Suite("The list's mark gutter")
struct ListMarksTests {
    private let entries: [ListEntry] = ["a", "b", "c"].map { .row(ListRow(id: $0, cells: ["Row \($0)", "x"], marker: $0 == "b" ? "@" : nil)) }
    private let columns = [ListColumn("Name", .flexible(min: 6)), ListColumn("Col", .fixed(3))]

    private func draw(rowMark: ((String) -> String?)?) -> [String] {
        var canvas = Canvas(size: Size(width: 24, height: 4))
        ListView(entries: entries, columns: columns, cursor: ListCursor(selected: 0), markerWidth: 2, rowMark: rowMark,
                 theme: .monochrome, glyphs: .ascii)
            .render(into: &canvas, area: Rect(x: 0, y: 0, width: 24, height: 4))
        return canvas.lines
    }

    @Test("With marks, each row's mark comes first and everything else moves right by the gutter")
    func gutter() {
        let marked = draw { $0 == "c" ? nil : ($0 == "a" ? "*" : "!") }
        #expect(marked[0].hasPrefix("    Name"))
        #expect(marked[1].hasPrefix("*   Row a"))
        #expect(marked[2].hasPrefix("! @ Row b"))
        #expect(marked[3].hasPrefix("    Row c"))
        let plain = draw(rowMark: nil)
        #expect(plain[0].hasPrefix("  Name") && plain[1].hasPrefix("  Row a") && plain[2].hasPrefix("@ Row b"), "no gutter without marks")
    }
}
