extension Canvas {
    /// Draws a cell image with its top-left cell at (x, y), only inside `clip`: each cell an
    /// upper half block, top pixel as foreground, bottom pixel as background.
    public mutating func draw(_ image: CellImage, x: Int, y: Int, clip: Rect) {
        let area = clip.intersection(bounds)
            .intersection(Rect(x: x, y: y, width: image.columns, height: image.rows))
        guard !area.isEmpty else { return }
        for row in area.y..<area.maxY {
            for column in area.x..<area.maxX {
                let colours = image[column - x, row - y]
                let style = Style(foreground: colours.top.color, background: colours.bottom.color)
                set(Cell(text: "▀", width: 1, style: style), x: column, y: row)
            }
        }
    }
}
