import Testing
@testable import TerminalUI

@Suite("Canvas draws cell images")
struct CanvasImageTests {
    private let red = RGB(255, 0, 0), blue = RGB(0, 0, 255), green = RGB(0, 255, 0)

    private func image() -> CellImage {
        // Two cells: red over blue, then green over red.
        let pixels: [RGB] = [red, green, blue, red]
        return CellImage(pixels: PixelImage(width: 2, height: 2, pixels: pixels.flatMap { [$0.r, $0.g, $0.b] }))
    }

    @Test("Each cell is an upper half block: top pixel foreground, bottom pixel background")
    func halfBlocks() {
        var canvas = Canvas(width: 4, height: 2)
        canvas.draw(image(), x: 1, y: 1, clip: canvas.bounds)
        #expect(canvas.lines == ["", " ▀▀"])
        #expect(canvas[1, 1].style == Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
        #expect(canvas[2, 1].style == Style(foreground: .rgb(0, 255, 0), background: .rgb(255, 0, 0)))
        #expect(canvas[0, 1] == .blank && canvas[3, 1] == .blank)
    }

    @Test("Drawing stops at the clip rectangle and the canvas edge")
    func clipped() {
        var canvas = Canvas(width: 3, height: 1)
        canvas.draw(image(), x: 0, y: 0, clip: Rect(x: 1, y: 0, width: 5, height: 1))
        #expect(canvas.lines == [" ▀"])
        canvas.draw(image(), x: 2, y: 0, clip: canvas.bounds)
        #expect(canvas.lines == [" ▀▀"])
        #expect(canvas[2, 0].style.foreground == .rgb(255, 0, 0))
    }
}

@Suite("Detail pictures")
struct DetailPictureTests {
    @Test("A wide photo is centred vertically and a tall one horizontally in its slot")
    func centred() {
        let wide = CellImage(pixels: PixelImage(width: 4, height: 2, pixels: Array(repeating: 200, count: 4 * 2 * 3)))
        let tall = CellImage(pixels: PixelImage(width: 2, height: 8, pixels: Array(repeating: 200, count: 2 * 8 * 3)))
        for (image, expected) in [(wide, ["", "", " ▀▀▀▀", "", ""]), (tall, ["  ▀▀", "  ▀▀", "  ▀▀", "  ▀▀", ""])] {
            let picture = Picture(initials: "A", colorSeed: 0, image: image, slot: Size(width: 4 + 2, height: 5))
            var canvas = Canvas(width: 8, height: 5)
            DetailView(blocks: [.picture(picture)], theme: .monochrome, glyphs: .unicode).render(into: &canvas, area: canvas.bounds)
            #expect(canvas.lines == expected)
        }
    }
}
