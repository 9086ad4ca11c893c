extension Canvas {
    /// Draws a cell image with its top-left cell at (x, y), only inside `clip`: each cell an
    /// upper half block, top pixel as foreground, bottom pixel as background; for a picture
    /// the terminal draws itself that is wholly inside `clip`, blank cells it is placed over;
    /// for kitty placeholders, the placeholder text of the cells inside `clip`.
    public mutating func draw(_ image: CellImage, x: Int, y: Int, clip: Rect) {
        let whole = Rect(x: x, y: y, width: image.columns, height: image.rows)
        let area = clip.intersection(bounds).intersection(whole)
        guard !area.isEmpty else { return }
        if let graphic = image.graphic, graphic.kind == .kittyPlaceholders {
            drawPlaceholders(graphic, x: x, y: y, area: area)
            return
        }
        if let graphic = image.graphic, area == whole {
            place(graphic, x: x, y: y)
            return
        }
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                let colours = image[column - x, row - y]
                let style = Style(foreground: colours.top.color, background: colours.bottom.color)
                set(Cell(text: "▀", width: 1, style: style), x: column, y: row)
            }
        }
    }

    /// The cells of `area` as kitty placeholders of `graphic` placed at (x, y): each names its
    /// row and column in the picture, so a clipped picture shows just its part there. Each keeps
    /// its background (a selected row's), which shows through the picture's transparent margins.
    private mutating func drawPlaceholders(_ graphic: TerminalGraphic, x: Int, y: Int, area: Rect) {
        let color = KittyPlaceholder.color(imageID: graphic.imageID)
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                let text = KittyPlaceholder.cell(row: row - y, column: column - x, imageID: graphic.imageID)
                let style = Style(foreground: color, background: self[column, row].style.background)
                set(Cell(text: text, width: 1, style: style), x: column, y: row)
            }
        }
        holdPlaceholderImage(graphic)
    }
}
