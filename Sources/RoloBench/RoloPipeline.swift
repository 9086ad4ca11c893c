import BenchSupport
import Foundation
import RoloCore
import TerminalUI

/// rolo's way from an image file to cells on screen, as the detail pane takes it.
enum RoloPipeline {
    /// Reads and decodes `file` for a `columns × rows` slot, renders it to half blocks and draws
    /// it centred into a canvas of the slot's size.
    /// `scaled: false` decodes at full size instead, to show what DCT scaling saves and costs.
    static func draw(file: URL, columns: Int, rows: Int, scaled: Bool = true,
                     decoding: inout Timings) throws -> (cells: CellImage, canvas: Canvas) {
        let start = ContinuousClock.now
        let decoded = try ImageDecoder.decode(try Data(contentsOf: file), fitting: scaled ? (columns, rows * 2) : nil)
        decoding.record(since: start)
        let image = PixelImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
        let cells = HalfBlockRenderer.render(image, fitting: columns, rows: rows)
        var canvas = Canvas(width: columns, height: rows)
        let slot = canvas.bounds.centered(width: cells.columns, height: cells.rows)
        canvas.draw(cells, x: slot.x, y: slot.y, clip: canvas.bounds)
        return (cells, canvas)
    }
}
