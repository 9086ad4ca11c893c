/// A bordered box drawn over the screen, e.g. help or a contact card.
public struct Overlay {
    public var title: String
    public var lines: [(text: String, style: Style)]
    public var scroll: Int
    public var footer: String
    /// A picture at the box's left, the lines beside it, as a phone's contact view shows one.
    public var picture: Picture?
    public var theme: Theme
    public var glyphs: Glyphs

    /// Columns of the picture's column, with its caption wrapped under it.
    public static let pictureSize = Size(width: 16, height: 8)

    public init(title: String, lines: [(text: String, style: Style)], scroll: Int = 0, footer: String,
                picture: Picture? = nil, theme: Theme, glyphs: Glyphs) {
        self.title = title
        self.lines = lines
        self.scroll = scroll
        self.footer = footer
        self.picture = picture
        self.theme = theme
        self.glyphs = glyphs
    }

    /// Columns taken at the left by the picture and the gap after it.
    private var pictureColumns: Int { picture == nil ? 0 : Self.pictureSize.width + 2 }

    /// Rows the picture and its caption take.
    private var pictureRows: Int {
        guard let picture else { return 0 }
        return DetailView(blocks: [.picture(picture)], theme: theme, glyphs: glyphs).contentHeight(width: Self.pictureSize.width)
    }

    /// The box's rectangle for a screen: wide enough for the longest line, within the screen.
    public func frame(in screen: Rect) -> Rect {
        let textWidth = max(title.displayWidth + 4, footer.displayWidth + 4, lines.map { $0.text.displayWidth }.max() ?? 0)
        let height = max(lines.count, pictureRows)
        return screen.inset(top: 1, left: 2, bottom: 1, right: 2).centered(width: textWidth + pictureColumns + 4, height: height + 2)
    }

    /// Draws the box centred in `screen`.
    public func render(into canvas: inout Canvas, screen: Rect) {
        let box = frame(in: screen)
        guard box.width >= 4, box.height >= 3 else { return }
        canvas.fill(box, style: theme.text)
        var inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        let horizontal = String(repeating: glyphs.horizontal, count: box.width - 2)
        canvas.write(glyphs.topLeft + horizontal + glyphs.topRight, x: box.x, y: box.y, style: theme.border)
        canvas.write(glyphs.bottomLeft + horizontal + glyphs.bottomRight, x: box.x, y: box.maxY - 1, style: theme.border)
        for y in (box.y + 1)..<(box.maxY - 1) {
            canvas.write(glyphs.vertical, x: box.x, y: y, style: theme.border)
            canvas.write(glyphs.vertical, x: box.maxX - 1, y: y, style: theme.border)
        }
        canvas.write(" \(title) ", x: box.x + 2, y: box.y, style: theme.title, clip: box.inset(left: 1, right: 1))
        // The picture keeps its place while the lines beside it scroll, as a contact view's does;
        // too narrow a box gives the lines the room.
        if let picture, inner.width >= pictureColumns + 20 {
            let slot = Rect(x: inner.x, y: inner.y, width: Self.pictureSize.width, height: inner.height)
            DetailView(blocks: [.picture(picture)], theme: theme, glyphs: glyphs).render(into: &canvas, area: slot)
            inner = inner.inset(left: pictureColumns)
        }
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
