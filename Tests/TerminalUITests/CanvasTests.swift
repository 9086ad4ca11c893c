import Testing
@testable import TerminalUI

@Suite("Canvas")
struct CanvasTests {
    @Test("Text is clipped to the canvas and returns the next column")
    func writeClips() {
        var canvas = Canvas(width: 5, height: 1)
        let end = canvas.write("abcdefg", x: 1, y: 0)
        #expect(canvas.lines == [" abcd"])
        #expect(end == 5)
    }

    @Test("A wide grapheme takes its cell and a continuation")
    func wideCells() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.write("王a", x: 0, y: 0)
        #expect(canvas[0, 0].width == 2)
        #expect(canvas[1, 0].isContinuation)
        #expect(canvas[2, 0].text == "a")
        #expect(canvas.lines == ["王a"])
    }

    @Test("A wide grapheme with one column left becomes a blank")
    func wideAtEdge() {
        var canvas = Canvas(width: 3, height: 1)
        canvas.write("ab王", x: 0, y: 0)
        #expect(canvas.lines == ["ab"])
        #expect(canvas[2, 0].width == 1)
    }

    @Test("Overwriting half of a wide grapheme blanks the other half")
    func overwriteHalf() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.write("王王", x: 0, y: 0)
        canvas.write("x", x: 1, y: 0)
        #expect(canvas.lines == [" x王"])
        canvas.write("y", x: 2, y: 0)
        #expect(canvas.lines == [" xy"])
    }

    @Test("Escape characters never reach a cell")
    func noControls() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.write("a\u{1B}\u{07}b", x: 0, y: 0)
        #expect(canvas.lines == ["ab"])
        #expect(!canvas.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test("Clip rectangles bound writes on both sides")
    func clipRect() {
        var canvas = Canvas(width: 10, height: 2)
        canvas.write("hello", x: 0, y: 1, clip: Rect(x: 2, y: 1, width: 2, height: 1))
        #expect(canvas.lines == ["", "  ll"])
    }
}

@Suite("Rect")
struct RectTests {
    @Test("Splits and insets never go negative")
    func geometry() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 4)
        let (left, right) = rect.splitColumns(at: 3)
        #expect(left.width == 3 && right.x == 3 && right.width == 7)
        #expect(rect.inset(left: 20).width == 0)
        #expect(rect.centered(width: 4, height: 2) == Rect(x: 3, y: 1, width: 4, height: 2))
    }
}
