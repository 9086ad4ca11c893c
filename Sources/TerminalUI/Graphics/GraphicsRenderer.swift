/// Renders a decoded picture for a slot in the terminal's way: half blocks, or encoded for a
/// pixel protocol. Pure and slow enough (a sixel photo takes tens of milliseconds) to be run off
/// the main actor, which the app's image pipeline does.
public enum GraphicsRenderer {
    /// `image` for a `columns × rows` slot in `mode`. Half blocks exactly as `HalfBlockRenderer`
    /// makes them; for a pixel protocol, a cell image the size of the picture's cells carrying
    /// the encoded picture (`id` is its kitty image id, or the sequence placeholders' ids are
    /// made from), with half blocks of the same cells for when it is only partly on the screen
    /// (a detail pane scrolled half past it; placeholders are clipped like text instead).
    public static func render(_ image: PixelImage, columns: Int, rows: Int, mode: GraphicsMode, id: UInt32) -> CellImage {
        guard mode.usesPixels else { return HalfBlockRenderer.render(image, fitting: columns, rows: rows) }
        let slot = PictureSlot(columns: columns, rows: rows, cell: mode.cell)
        let fit = slot.fit(width: image.width, height: image.height)
        guard !fit.isEmpty else { return .empty }
        let payload: [UInt8]
        var imageID = id
        switch mode.picture {
        case .kitty:
            payload = KittyGraphics(tmuxPassthrough: mode.tmuxPassthrough).transmit(image, for: slot, id: id).bytes
        case .kittyPlaceholders:
            imageID = KittyPlaceholder.imageID(sequence: id, colors: mode.placeholderColors)
            let kitty = KittyGraphics(tmuxPassthrough: mode.tmuxPassthrough)
            payload = kitty.transmit(image, for: slot, id: imageID).bytes + kitty.virtualPlacement(id: imageID, fit: fit)
        case .sixel:
            payload = SixelEncoder.encode(fit.scaled(image))
        default:
            guard let png = PNGEncoder.encode(fit.shrunk(image)) else {
                return HalfBlockRenderer.render(image, fitting: columns, rows: rows)
            }
            let sequence = ITermInlineImage.sequence(png: png, fit: fit)
            payload = mode.tmuxPassthrough ? TmuxPassthrough.wrap(sequence) : sequence
        }
        let cells = BoxResampler.resample(image, width: fit.columns, height: fit.rows * 2)
        var result = CellImage(pixels: cells)
        result.graphic = TerminalGraphic(id: id, kind: mode.picture, payload: payload, columns: fit.columns, rows: fit.rows,
                                         imageID: imageID, tmuxPassthrough: mode.tmuxPassthrough)
        return result
    }
}
