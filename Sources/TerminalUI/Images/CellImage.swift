/// A picture fitted to terminal cells: each cell is an upper half block `▀` whose foreground is
/// the top pixel and whose background is the bottom pixel.
public struct CellImage: Sendable, Equatable {
    /// Width in cells.
    public let columns: Int
    /// Height in cells.
    public let rows: Int
    /// The pixel grid behind the cells: `columns × (rows × 2)` RGB pixels, two pixel rows a cell.
    public let pixels: PixelImage
    /// The same picture encoded for the terminal's pixel protocol, when it has one: drawn
    /// instead of the half blocks wherever the whole picture is on the screen.
    public var graphic: TerminalGraphic?

    /// The cells over a pixel grid whose height is even (two pixels a cell).
    public init(pixels: PixelImage) {
        precondition(pixels.height % 2 == 0, "a cell image needs two pixel rows a cell")
        self.columns = pixels.width
        self.rows = pixels.height / 2
        self.pixels = pixels
    }

    /// The picture of no cells, for an empty slot or an empty image.
    public static let empty = CellImage(pixels: PixelImage(width: 0, height: 0, pixels: []))

    /// The two colours of the cell at (column, row): half block foreground and background.
    public subscript(column: Int, row: Int) -> (top: RGB, bottom: RGB) {
        (pixels[column, row * 2], pixels[column, row * 2 + 1])
    }
}
