import Testing
@testable import TerminalUI

@Suite("HalfBlockRenderer")
struct HalfBlockRendererTests {
    private let red = RGB(255, 0, 0), blue = RGB(0, 0, 255)

    /// A picture from rows of colours.
    private func picture(_ rows: [[RGB]]) -> PixelImage {
        PixelImage(width: rows[0].count, height: rows.count, pixels: rows.flatMap { $0.flatMap { [$0.r, $0.g, $0.b] } })
    }

    @Test("A 1×2 picture, red over blue, is exactly one cell: red foreground, blue background")
    func oneCell() {
        let cells = HalfBlockRenderer.render(picture([[red], [blue]]), fitting: 10, rows: 10)
        #expect(cells.columns == 1 && cells.rows == 1)
        #expect(cells[0, 0] == (red, blue))
    }

    @Test("A 2×2 picture, top row red, bottom row blue, is one row of two red-over-blue cells")
    func twoByTwo() {
        let cells = HalfBlockRenderer.render(picture([[red, red], [blue, blue]]), fitting: 10, rows: 10)
        #expect(cells.columns == 2 && cells.rows == 1)
        #expect(cells[0, 0] == (red, blue) && cells[1, 0] == (red, blue))
    }

    @Test("A 4×2 picture in a 2-column slot is two cells, each the average of the pixels it covers")
    func fourByTwo() {
        let white = RGB(255, 255, 255), black = RGB(0, 0, 0)
        let cells = HalfBlockRenderer.render(picture([[red, red, white, black], [blue, blue, black, black]]),
                                             fitting: 2, rows: 5)
        #expect(cells.columns == 2 && cells.rows == 1)
        #expect(cells[0, 0] == (red, blue))
        #expect(cells[1, 0] == (RGB(128, 128, 128), black))
    }

    @Test("Wide and tall pictures keep their aspect ratio", arguments: [
        (800, 200, 40, 20, 40, 5), (200, 800, 40, 20, 10, 20), (800, 800, 40, 20, 40, 20),
        (800, 800, 80, 20, 40, 20), (100, 100, 200, 200, 100, 50), (3, 1, 10, 10, 3, 1),
    ])
    func aspect(width: Int, height: Int, columns: Int, rows: Int, fittedColumns: Int, fittedRows: Int) {
        let image = PixelImage(width: width, height: height, pixels: [UInt8](repeating: 90, count: width * height * 3))
        let cells = HalfBlockRenderer.render(image, fitting: columns, rows: rows)
        #expect(cells.columns == fittedColumns && cells.rows == fittedRows)
    }

    @Test("The fitted size centres in the slot")
    func centred() {
        let slot = Rect(x: 2, y: 1, width: 40, height: 20)
        let size = HalfBlockRenderer.fittedSize(width: 800, height: 200, columns: slot.width, rows: slot.height)
        #expect(slot.centered(width: size.columns, height: size.rows) == Rect(x: 2, y: 8, width: 40, height: 5))
    }

    @Test("An empty picture or slot gives no cells")
    func empty() {
        let image = PixelImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 12))
        #expect(HalfBlockRenderer.render(image, fitting: 0, rows: 5) == .empty)
        #expect(HalfBlockRenderer.render(PixelImage(width: 0, height: 0, pixels: []), fitting: 5, rows: 5) == .empty)
    }

    @Test("Downscaling averages areas: a fine checkerboard becomes even grey, not one of its colours")
    func boxNotNearest() {
        let black = RGB(0, 0, 0), white = RGB(255, 255, 255)
        let rows = (0..<8).map { y in (0..<8).map { x in (x + y).isMultiple(of: 2) ? black : white } }
        let small = BoxResampler.resample(picture(rows), width: 3, height: 3)
        for y in 0..<3 {
            for x in 0..<3 { #expect(abs(Int(small[x, y].g) - 128) <= 16) }
        }
    }

    @Test("Resampling to the same size changes nothing")
    func identity() {
        let image = picture([[red, blue, RGB(1, 2, 3)], [RGB(9, 8, 7), red, blue]])
        #expect(BoxResampler.resample(image, width: 3, height: 2) == image)
    }
}
