extension Canvas {
    /// Draws a cell image with its top-left cell at (x, y), only inside `clip`: each cell an
    /// upper half block, top pixel as foreground, bottom pixel as background; or, for a picture
    /// the terminal draws itself that is wholly inside `clip`, blank cells it is placed over.
    public mutating func draw(_ image: CellImage, x: Int, y: Int, clip: Rect) {
        let whole = Rect(x: x, y: y, width: image.columns, height: image.rows)
        let area = clip.intersection(bounds).intersection(whole)
        guard !area.isEmpty else { return }
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
}
