import Testing
@testable import TerminalUI

@Suite("GraphicsOutput: what the backend writes for pictures around each frame")
struct GraphicsOutputTests {
    private func graphic(_ id: UInt32, _ kind: PictureProtocol, columns: Int = 4, rows: Int = 2) -> TerminalGraphic {
        TerminalGraphic(id: id, kind: kind, payload: Array("<\(kind.rawValue) \(id)>".utf8), columns: columns, rows: rows)
    }

    private func at(_ graphic: TerminalGraphic, _ x: Int, _ y: Int) -> GraphicPlacement {
        GraphicPlacement(graphic: graphic, x: x, y: y)
    }

    private func text(_ plan: GraphicsOutput.Plan) -> String {
        String(decoding: plan.bytes, as: UTF8.self)
    }


    @Test("kitty: uploaded once, placed at its cell, its placement (not the image) deleted when it goes, placed again by id")
    func kittyOnceThenByID() {
        var output = GraphicsOutput()
        let photo = graphic(1000, .kitty)
        let first = text(output.plan([at(photo, 3, 2)], repaintsAll: true, written: { _, _ in false }))
        #expect(first == "<kitty 1000>\u{1b}7\u{1b}[3;4H\u{1b}_Ga=p,i=1000,p=\(2 * 4096 + 4),c=4,r=2,C=1,q=1\u{1b}\\\u{1b}8")
        // The same frame again: nothing to write, even with every line around it changing.
        #expect(text(output.plan([at(photo, 3, 2)], repaintsAll: false, written: { _, _ in true })).isEmpty)
        let gone = output.plan([], repaintsAll: false, written: { _, _ in false })
        #expect(text(gone) == "\u{1b}_Ga=d,d=i,i=1000,p=\(2 * 4096 + 4),q=2\u{1b}\\")
        #expect(gone.redrawnAreas.isEmpty, "kitty's pictures float above the cells: nothing to redraw")
        let back = text(output.plan([at(photo, 3, 2)], repaintsAll: false, written: { _, _ in false }))
        #expect(!back.contains("<kitty 1000>") && back.contains("a=p,i=1000"), "a return visit is a placement by id: \(back)")
        #expect(output.farewell == KittyGraphics().deleteAll)
    }

    @Test("kitty: a repaint of every cell places the pictures again, without uploading them")
    func kittyRepaint() {
        var output = GraphicsOutput()
        let photo = graphic(1000, .kitty)
        _ = output.plan([at(photo, 0, 0)], repaintsAll: true, written: { _, _ in false })
        let again = text(output.plan([at(photo, 0, 0)], repaintsAll: true, written: { _, _ in false }))
        #expect(again.contains("a=p,i=1000") && !again.contains("<kitty"))
    }

    @Test("sixel: written where it appears, again only when ncurses may have written over it, and its cells redrawn when it goes")
    func sixelLivesInCells() {
        var output = GraphicsOutput()
        let photo = graphic(1000, .sixel)
        let shown = text(output.plan([at(photo, 5, 1)], repaintsAll: false, written: { _, _ in false }))
        #expect(shown == "\u{1b}7\u{1b}[2;6H<sixel 1000>\u{1b}8")
        #expect(text(output.plan([at(photo, 5, 1)], repaintsAll: false, written: { _, _ in false })).isEmpty,
                "lines written elsewhere leave it be")
        #expect(text(output.plan([at(photo, 5, 1)], repaintsAll: false, written: { $1 == 2 })) == shown)
        #expect(text(output.plan([at(photo, 5, 1)], repaintsAll: true, written: { _, _ in false })) == shown)
        let gone = output.plan([], repaintsAll: false, written: { _, _ in false })
        #expect(gone.bytes.isEmpty)
        #expect(gone.redrawnAreas == [Rect(x: 5, y: 1, width: 4, height: 2)])
        #expect(output.farewell.isEmpty, "no kitty image to delete")
    }

    @Test("sixel: the cells a picture leaves are redrawn, and a picture beside them on the same lines stays as it is")
    func sixelNeighbourLeaves() {
        var output = GraphicsOutput()
        let a = graphic(1000, .sixel), b = graphic(1001, .sixel), c = graphic(1002, .sixel)
        _ = output.plan([at(a, 0, 0), at(b, 10, 1), at(c, 2, 1)], repaintsAll: false, written: { _, _ in false })
        let plan = output.plan([at(b, 10, 1), at(c, 2, 1)], repaintsAll: false, written: { _, _ in false })
        #expect(plan.redrawnAreas == [Rect(x: 0, y: 0, width: 4, height: 2)])
        #expect(!text(plan).contains("<sixel 1001>"), "b shares lines with a, not cells: \(text(plan))")
        #expect(text(plan).contains("<sixel 1002>"), "c's cells overlap a's and are redrawn under it")
    }

    @Test("kitty: an image the terminal dropped is uploaded and placed again by the next frame; an unknown id changes nothing")
    func kittyForgotten() {
        var output = GraphicsOutput()
        let photo = graphic(1000, .kitty)
        _ = output.plan([at(photo, 3, 2)], repaintsAll: false, written: { _, _ in false })
        let unknown = output.forget(999)
        #expect(!unknown, "not one of rolo's")
        #expect(text(output.plan([at(photo, 3, 2)], repaintsAll: false, written: { _, _ in false })).isEmpty)
        let known = output.forget(1000)
        #expect(known)
        let again = text(output.plan([at(photo, 3, 2)], repaintsAll: false, written: { _, _ in false }))
        #expect(again.hasPrefix("<kitty 1000>") && again.contains("a=p,i=1000"), "uploaded and placed: \(again)")
    }

    @Test("A picture moved is a new placement: kitty's old one deleted, the new one placed")
    func moved() {
        var output = GraphicsOutput()
        let photo = graphic(1000, .kitty)
        _ = output.plan([at(photo, 0, 0)], repaintsAll: false, written: { _, _ in false })
        let moved = text(output.plan([at(photo, 0, 3)], repaintsAll: false, written: { _, _ in false }))
        #expect(moved.hasPrefix("\u{1b}_Ga=d,d=i,i=1000,p=1,q=2"))
        #expect(moved.contains("\u{1b}[4;1H\u{1b}_Ga=p,i=1000,p=\(3 * 4096 + 1)"))
    }
}

@Suite("Terminal.mayWrite: which changed lines can write over a picture that lives in cells")
struct MayWriteTests {
    private func check(_ text: String, changedAt columns: [Int]) -> Bool {
        var canvas = Canvas(width: 20, height: 1)
        canvas.write(text, x: 0, y: 0)
        var changed = [Bool](repeating: false, count: 20)
        for x in columns { changed[x] = true }
        let placement = GraphicPlacement(graphic: TerminalGraphic(id: 1, kind: .sixel, payload: [], columns: 4, rows: 1), x: 8, y: 0)
        return Terminal.mayWrite(over: placement, line: 0, of: canvas, changed: changed)
    }

    @Test("A change among its cells writes over it")
    func inside() { #expect(check("list    ", changedAt: [9])) }

    @Test("A change left of it, with text right of it, leaves it be; so does one right of it")
    func besideWithText() {
        #expect(!check("list            name", changedAt: [2]))
        #expect(!check("list            name", changedAt: [17]))
    }

    @Test("With no text right of it, a change after the line's last text may clear through it")
    func clearToEnd() {
        #expect(check("list", changedAt: [5]))
        #expect(check("list", changedAt: [15]))
        #expect(!check("list", changedAt: [2]), "a change inside the text comes before the clear's start")
    }
}

@Suite("Canvas: pictures the terminal draws itself")
struct CanvasGraphicsTests {
    private func image(kind: PictureProtocol = .kitty) -> CellImage {
        var image = CellImage(pixels: PixelImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 48)))
        image.graphic = TerminalGraphic(id: 1000, kind: kind, payload: [], columns: 4, rows: 2)
        return image
    }

    @Test("Wholly inside its clip: blank cells keeping their background, and one placement")
    func placed() {
        var canvas = Canvas(width: 10, height: 4)
        let selected = Style(foreground: .white, background: .blue)
        canvas.fill(Rect(x: 0, y: 1, width: 10, height: 1), style: selected)
        canvas.draw(image(), x: 2, y: 1, clip: canvas.bounds)
        #expect(canvas.graphics.map { [$0.x, $0.y] } == [[2, 1]])
        #expect(canvas[3, 1] == Cell(text: " ", width: 1, style: selected))
        #expect(canvas[3, 2] == Cell.blank)
    }

    @Test("Partly clipped (a detail scrolled half past it): half blocks, as without a protocol")
    func clipped() {
        var canvas = Canvas(width: 10, height: 4)
        canvas.draw(image(), x: 2, y: 1, clip: Rect(x: 0, y: 2, width: 10, height: 2))
        #expect(canvas.graphics.isEmpty)
        #expect(canvas[3, 2].text == "▀" && canvas[3, 1] == Cell.blank)
    }

    @Test("Anything drawn over it later (an overlay) takes the picture off")
    func covered() {
        var canvas = Canvas(width: 10, height: 4)
        canvas.draw(image(), x: 2, y: 1, clip: canvas.bounds)
        canvas.write("help", x: 4, y: 2)
        #expect(canvas.graphics.isEmpty)
    }

    @Test("Without a graphic the half blocks are exactly as before")
    func halfBlocksUnchanged() {
        var plain = image()
        plain.graphic = nil
        var canvas = Canvas(width: 10, height: 4)
        canvas.draw(plain, x: 2, y: 1, clip: canvas.bounds)
        #expect(canvas.graphics.isEmpty)
        #expect(canvas[2, 1].text == "▀" && canvas[5, 2].text == "▀" && canvas[6, 2] == Cell.blank)
    }
}
