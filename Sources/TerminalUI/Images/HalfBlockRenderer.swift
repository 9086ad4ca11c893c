/// Turns pictures into cells of upper half blocks `▀`, two pixels a cell.
///
/// A terminal cell is about twice as tall as it is wide, so its top and bottom halves are each
/// about square: one cell shows a 1×2 column of square pixels, the top one in the foreground
/// colour and the bottom one in the background colour.
public enum HalfBlockRenderer {
    /// `image` shrunk to fit `columns × rows` cells with its aspect ratio kept (never enlarged:
    /// that would add blocks, not detail). The caller centres the result in its slot.
    public static func render(_ image: PixelImage, fitting columns: Int, rows: Int) -> CellImage {
        let size = fittedSize(width: image.width, height: image.height, columns: columns, rows: rows)
        guard size.columns > 0, size.rows > 0 else { return .empty }
        return CellImage(pixels: BoxResampler.resample(image, width: size.columns, height: size.rows * 2))
    }

    /// The cells a `width × height` pixel picture takes in a `columns × rows` slot: the largest
    /// size that fits with the aspect ratio kept, at most one cell a pixel across and one cell
    /// for two pixels down; zero when the picture or the slot is empty.
    public static func fittedSize(width: Int, height: Int, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, columns > 0, rows > 0 else { return (0, 0) }
        let scale = min(1, Double(columns) / Double(width), Double(rows * 2) / Double(height))
        let fittedColumns = min(columns, max(1, Int((Double(width) * scale).rounded())))
        // Whole cells only: an odd pixel height rounds to the nearer whole number of cells.
        let fittedRows = min(rows, max(1, Int((Double(height) * scale / 2).rounded())))
        return (fittedColumns, fittedRows)
    }
}
