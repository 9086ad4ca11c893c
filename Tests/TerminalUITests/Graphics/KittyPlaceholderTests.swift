import Testing
@testable import TerminalUI

@Suite("KittyPlaceholder: pictures as text cells that name their image, row and column")
struct KittyPlaceholderTests {
    @Test("The diacritics are kitty's rowcolumn-diacritics.txt: 297 of them, U+0305, U+030D, U+030E first")
    func table() {
        let table = KittyPlaceholder.diacritics
        #expect(table.count == 297)
        #expect(Array(table.prefix(5)) == [0x0305, 0x030D, 0x030E, 0x0310, 0x0312])
        #expect(Array(table.suffix(3)) == [0x1D242, 0x1D243, 0x1D244])
        #expect(Set(table).count == table.count && table == table.sorted(), "each once, in code point order")
        // Every one combines (zero width): a placeholder cell is one grapheme, one column wide.
        #expect(table.indices.allSatisfy { KittyPlaceholder.cell(row: 0, column: $0, imageID: 7).count == 1 })
    }

    @Test("A cell is U+10EEEE, the row's diacritic, the column's; a third only when the id has a top byte")
    func cell() {
        #expect(Array(KittyPlaceholder.cell(row: 0, column: 0, imageID: 42).unicodeScalars.map(\.value)) == [0x10EEEE, 0x0305, 0x0305])
        #expect(Array(KittyPlaceholder.cell(row: 2, column: 1, imageID: 42).unicodeScalars.map(\.value)) == [0x10EEEE, 0x030E, 0x030D])
        #expect(Array(KittyPlaceholder.cell(row: 0, column: 3, imageID: 0x0300_0001).unicodeScalars.map(\.value))
                == [0x10EEEE, 0x0305, 0x0310, 0x0310])
        #expect(DisplayWidth.cells(of: Character(KittyPlaceholder.cell(row: 5, column: 9, imageID: 0x0100_0009))).map(\.width) == [1])
    }

    @Test("Every cell of a picture says its row and column back", arguments: [(1, 1), (4, 3), (36, 18), (297, 2)])
    func roundTrip(_ columns: Int, _ rows: Int) {
        for row in 0..<rows {
            for column in 0..<columns {
                let parsed = KittyPlaceholder.parse(KittyPlaceholder.cell(row: row, column: column, imageID: 0x0200_0011))
                #expect(parsed?.row == row && parsed?.column == column && parsed?.high == 2, "\(row),\(column)")
            }
        }
        #expect(KittyPlaceholder.parse("▀") == nil && KittyPlaceholder.parse("\u{10EEEE}") == nil)
    }

    @Test("The foreground names the image: 38;5;N is id N, 38;2;R;G;B is 0xRRGGBB, the third diacritic the top byte")
    func colorsAndIDs() {
        #expect(KittyPlaceholder.color(imageID: 0x0000_00C8) == .indexed(200))
        #expect(KittyPlaceholder.color(imageID: 0x0500_0003) == .indexed(3))
        #expect(KittyPlaceholder.imageID(foreground: .indexed(200), high: 0) == 200)
        #expect(KittyPlaceholder.imageID(foreground: .indexed(3), high: 5) == 0x0500_0003)
        #expect(KittyPlaceholder.imageID(foreground: .rgb(0x12, 0x34, 0x56), high: 0) == 0x12_3456)
        #expect(KittyPlaceholder.imageID(foreground: .rgb(0x12, 0x34, 0x56), high: 1) == 0x0112_3456)
        #expect(KittyPlaceholder.imageID(foreground: .default, high: 0) == nil)
        for id: UInt32 in [1, 7, 200, 255, 0x0100_0001, 0xFF00_00FF] {
            let cell = KittyPlaceholder.parse(KittyPlaceholder.cell(row: 0, column: 0, imageID: id))
            #expect(KittyPlaceholder.imageID(foreground: KittyPlaceholder.color(imageID: id), high: cell?.high ?? -1) == id)
        }
    }

    @Test("Ids from a rendering's sequence: distinct for colours × 256 renderings, every one nameable by a colour sent as is",
          arguments: [255, 7])
    func idsFromSequence(_ colors: Int) {
        let ids = (UInt32(1000)..<UInt32(1000 + colors * 256)).map { KittyPlaceholder.imageID(sequence: $0, colors: colors) }
        #expect(Set(ids).count == ids.count)
        #expect(ids.prefix(colors) == ids.filter { $0 >> 24 == 0 }[...], "the first renderings' ids need no third diacritic")
        #expect(ids.allSatisfy { ($0 & 0xFF) >= 1 && ($0 & 0xFF) <= UInt32(colors) && $0 & 0x00FF_FF00 == 0 })
    }

    @Test("The id's colour reaches the terminal as that palette entry: 256 colours, a direct-colour entry, 8 colours")
    func colorsSentAsIs() {
        let spaces = [ColorSpace(depth: .palette256), ColorSpace(depth: .truecolor, numbering: .direct(reserved: 8)),
                      ColorSpace(depth: .ansi8)]
        #expect(spaces.map(\.exactPaletteEntries) == [255, 7, 7])
        #expect(ColorSpace(depth: .none).exactPaletteEntries == 0)
        for space in spaces {
            for sequence in UInt32(1000)..<1600 {
                let id = KittyPlaceholder.imageID(sequence: sequence, colors: space.exactPaletteEntries)
                #expect(ColorMapping.cursesColor(KittyPlaceholder.color(imageID: id), in: space) == Int32(id & 0xFF), "\(space)")
            }
        }
    }
}
