import Testing
@testable import TerminalUI

@Suite("kitty's placeholders drawn: the canvas's cells, the renderer's escapes, the backend's uploads")
struct KittyPlaceholderDrawingTests {
    private let mode = GraphicsMode(picture: .kittyPlaceholders, cell: Size(width: 10, height: 20), tmuxPassthrough: true)

    /// A 4×2-cell picture drawn as placeholders, rendered as the image pipeline does.
    private func picture(sequence: UInt32 = 1000) -> CellImage {
        GraphicsRenderer.render(GraphicsTestSupport.photo(width: 80, height: 80), columns: 4, rows: 2, mode: mode, id: sequence)
    }

    /// The (row, column) each cell of `canvas` names in image `id`'s picture, nil where it names none.
    private func named(_ canvas: Canvas, id: UInt32) -> [[String]] {
        (0..<canvas.height).map { y in
            (0..<canvas.width).map { x in
                let cell = canvas[x, y]
                guard let parsed = KittyPlaceholder.parse(cell.text),
                      KittyPlaceholder.imageID(foreground: cell.style.foreground, high: parsed.high) == id else { return "." }
                return "\(parsed.row)\(parsed.column)"
            }
        }
    }

    @Test("The renderer uploads under an id its colour can name, wrapped for tmux, with a virtual placement of its cells")
    func rendered() throws {
        let image = picture()
        let graphic = try #require(image.graphic)
        #expect(graphic.kind == .kittyPlaceholders && graphic.columns == 4 && graphic.rows == 2 && !graphic.livesInCells)
        #expect(graphic.imageID == KittyPlaceholder.imageID(sequence: 1000, colors: 255) && graphic.imageID != 1000)
        let text = String(decoding: graphic.payload, as: UTF8.self)
        #expect(text.hasPrefix("\u{1b}Ptmux;\u{1b}\u{1b}_Ga=t,f=32,s=40,v=40,i=\(graphic.imageID),"))
        #expect(text.hasSuffix("\u{1b}Ptmux;\u{1b}\u{1b}_Ga=p,U=1,i=\(graphic.imageID),c=4,r=2,q=2\u{1b}\u{1b}\\\u{1b}\\"))
    }

    @Test("On the canvas every cell names its row and column in the image's colour, keeping its background")
    func drawn() throws {
        var canvas = Canvas(width: 8, height: 4)
        canvas.fill(Rect(x: 0, y: 0, width: 8, height: 4), style: Style(background: .indexed(236)))
        let image = picture()
        let id = try #require(image.graphic?.imageID)
        canvas.draw(image, x: 2, y: 1, clip: canvas.bounds)
        #expect(named(canvas, id: id) == [
            [".", ".", ".", ".", ".", ".", ".", "."],
            [".", ".", "00", "01", "02", "03", ".", "."],
            [".", ".", "10", "11", "12", "13", ".", "."],
            [".", ".", ".", ".", ".", ".", ".", "."],
        ])
        #expect(canvas[3, 2].style == Style(foreground: KittyPlaceholder.color(imageID: id), background: .indexed(236)))
        #expect(canvas.graphics.isEmpty, "nothing for the backend to place")
        #expect(canvas.placeholderImages.map(\.id) == [1000], "one image to upload")
    }

    @Test("Clipped, only the visible cells are drawn, still naming their own row and column (a detail scrolled)")
    func clipped() throws {
        var canvas = Canvas(width: 6, height: 3)
        let image = picture()
        let id = try #require(image.graphic?.imageID)
        // Scrolled up a row and cut at the right: the picture's second row shows on the top line.
        canvas.draw(image, x: 3, y: -1, clip: Rect(x: 0, y: 0, width: 5, height: 3))
        #expect(named(canvas, id: id) == [
            [".", ".", ".", "10", "11", "."],
            [".", ".", ".", ".", ".", "."],
            [".", ".", ".", ".", ".", "."],
        ])
    }

    @Test("An overlay drawn over it replaces its cells with its own text, and the image stays listed for upload")
    func overlay() throws {
        var canvas = Canvas(width: 8, height: 3)
        let image = picture()
        let id = try #require(image.graphic?.imageID)
        canvas.draw(image, x: 0, y: 0, clip: canvas.bounds)
        canvas.write("help", x: 1, y: 1)
        #expect(named(canvas, id: id)[1] == ["10", ".", ".", ".", ".", ".", ".", "."])
        #expect(canvas.lines[1].hasSuffix("help"))
        #expect(canvas.placeholderImages.count == 1)
    }

    @Test("The backend uploads a placeholder image once, places nothing, and on the way out deletes it by id, wrapped")
    func output() throws {
        var output = GraphicsOutput()
        let graphic = try #require(picture().graphic)
        let first = output.plan([], placeholders: [graphic], repaintsAll: true, written: { _, _ in false })
        #expect(first.bytes == graphic.payload && first.redrawnAreas.isEmpty)
        #expect(output.plan([], placeholders: [graphic], repaintsAll: true, written: { _, _ in true }).bytes.isEmpty,
                "not again, not even on a repaint: the terminal holds it")
        #expect(output.plan([], repaintsAll: false, written: { _, _ in false }).bytes.isEmpty, "gone from the screen: nothing to delete")
        // Many renderings later the id comes round again for another picture: that one is uploaded.
        let later = try #require(picture(sequence: 1000 + 255 * 256).graphic)
        #expect(later.imageID == graphic.imageID)
        #expect(output.plan([], placeholders: [later], repaintsAll: false, written: { _, _ in false }).bytes == later.payload)
        #expect(output.farewell == KittyGraphics(tmuxPassthrough: true).deleteImage(id: graphic.imageID))
    }
}
