/// A bordered box drawn over the screen, e.g. help or a contact card.
public struct Overlay {
    public var title: String
    public var lines: [(text: String, style: Style)]
    public var scroll: Int
    public var footer: String
    public var theme: Theme
    public var glyphs: Glyphs

    public init(title: String, lines: [(text: String, style: Style)], scroll: Int = 0, footer: String, theme: Theme, glyphs: Glyphs) {
        self.title = title
        self.lines = lines
        self.scroll = scroll
        self.footer = footer
        self.theme = theme
        self.glyphs = glyphs
    }

    /// The box's rectangle for a screen: wide enough for the longest line, within the screen.
    public func frame(in screen: Rect) -> Rect {
        let contentWidth = max(title.displayWidth + 4, footer.displayWidth + 4, lines.map { $0.text.displayWidth }.max() ?? 0)
        return screen.inset(top: 1, left: 2, bottom: 1, right: 2).centered(width: contentWidth + 4, height: lines.count + 2)
    }

    /// Draws the box centred in `screen`.
    public func render(into canvas: inout Canvas, screen: Rect) {
        let box = frame(in: screen)
        guard box.width >= 4, box.height >= 3 else { return }
        canvas.fill(box, style: theme.text)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        let horizontal = String(repeating: glyphs.horizontal, count: box.width - 2)
        canvas.write(glyphs.topLeft + horizontal + glyphs.topRight, x: box.x, y: box.y, style: theme.border)
        canvas.write(glyphs.bottomLeft + horizontal + glyphs.bottomRight, x: box.x, y: box.maxY - 1, style: theme.border)
        for y in (box.y + 1)..<(box.maxY - 1) {
            canvas.write(glyphs.vertical, x: box.x, y: y, style: theme.border)
            canvas.write(glyphs.vertical, x: box.maxX - 1, y: y, style: theme.border)
        }
        canvas.write(" \(title) ", x: box.x + 2, y: box.y, style: theme.title, clip: box.inset(left: 1, right: 1))
        let maxScroll = max(0, lines.count - inner.height)
        let start = min(max(0, scroll), maxScroll)
        for (row, line) in lines.dropFirst(start).prefix(inner.height).enumerated() {
            canvas.write(line.text, x: inner.x, y: inner.y + row, style: line.style, clip: inner)
        }
        var bottom = footer
        if maxScroll > 0 { bottom += "  \(start + 1)–\(min(lines.count, start + inner.height))/\(lines.count)" }
        let footerText = " \(bottom) "
        canvas.write(footerText, x: box.maxX - 2 - footerText.displayWidth, y: box.maxY - 1, style: theme.dim, clip: box.inset(left: 1, right: 1))
    }
}
