/// Where a picture goes, in cells, and how many pixels a cell has there: what the pixel
/// protocols size their pictures by.
public struct PictureSlot: Sendable, Equatable {
    /// The slot's width in cells.
    public var columns: Int
    /// The slot's height in cells.
    public var rows: Int
    /// One cell's size in pixels (`TerminalAnswers.cellSize(columns:rows:)`).
    public var cell: Size

    /// A slot of `columns × rows` cells of `cell` pixels each.
    public init(columns: Int, rows: Int, cell: Size) {
        self.columns = columns
        self.rows = rows
        self.cell = cell
    }

    /// How a `width × height` picture is shown in the slot: as large as fits with its aspect
    /// ratio kept, enlarged if need be (a pixel protocol's terminal scales smoothly, unlike half
    /// blocks); nothing for an empty picture or slot.
    public func fit(width: Int, height: Int) -> PictureFit {
        let room = Size(width: columns * cell.width, height: rows * cell.height)
        guard width > 0, height > 0, room.width > 0, room.height > 0 else {
            return PictureFit(pixels: Size(width: 0, height: 0), cell: cell)
        }
        let scale = min(Double(room.width) / Double(width), Double(room.height) / Double(height))
        let pixels = Size(width: min(room.width, max(1, Int((Double(width) * scale).rounded()))),
                          height: min(room.height, max(1, Int((Double(height) * scale).rounded()))))
        return PictureFit(pixels: pixels, cell: cell)
    }
}

/// How a picture is shown in its slot, from the slot's top-left corner: its size on the screen
/// in pixels, and the whole cells that covers.
public struct PictureFit: Sendable, Equatable {
    /// The picture's size on the screen in pixels, its aspect ratio kept.
    public var pixels: Size
    /// One cell's size in pixels.
    public var cell: Size

    /// A picture of `pixels` on cells of `cell` pixels.
    public init(pixels: Size, cell: Size) {
        self.pixels = pixels
        self.cell = cell
    }

    /// The cells the picture covers across (its last one may be partly covered).
    public var columns: Int { cell.width > 0 ? (pixels.width + cell.width - 1) / cell.width : 0 }
    /// The cells the picture covers down.
    public var rows: Int { cell.height > 0 ? (pixels.height + cell.height - 1) / cell.height : 0 }
    /// Whether there is nothing to draw.
    public var isEmpty: Bool { columns == 0 || rows == 0 }

    /// `image` at the picture's size on the screen, for a protocol that draws pixels one to one (sixel).
    func scaled(_ image: PixelImage) -> PixelImage {
        if image.width == pixels.width && image.height == pixels.height { return image }
        return BoxResampler.resample(image, width: pixels.width, height: pixels.height)
    }

    /// `image` shrunk to its size on the screen, or as it is when that would enlarge it: for a
    /// protocol whose terminal scales (kitty, iTerm2), smoothly, where enlarging here would
    /// repeat pixels and send more bytes for no more detail.
    func shrunk(_ image: PixelImage) -> PixelImage {
        image.width >= pixels.width && image.height >= pixels.height ? scaled(image) : image
    }
}
