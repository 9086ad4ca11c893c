import BenchSupport
import Foundation
import RoloCore
import TerminalUI

/// The sixel encoder beside chafa's: the same file into the same slot of cells, each side from
/// the file to the sixel bytes (rolo's decode in-process, chafa's a process with its start-up).
struct SixelComparison {
    let file: URL
    let photo: Data
    let columns: Int
    let rows: Int
    /// The slot's pixels at a cell of 10×20, as XTerm's default font has.
    var pixels: (width: Int, height: Int) { (columns * 10, rows * 20) }

    func run(chafa: ChafaRunner?, runs: Int = 40) throws {
        var rolo = Timings(), encodeOnly = Timings()
        var bytes = 0
        for index in 0..<(runs + 3) {
            let start = ContinuousClock.now
            let decoded = try ImageDecoder.decode(photo, fitting: pixels)
            let image = PixelImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
            let encodeStart = ContinuousClock.now
            bytes = SixelEncoder.encode(image).count
            if index >= 3 {
                encodeOnly.record(since: encodeStart)
                rolo.record(since: start)
            }
        }
        print("")
        print("sixel, \(columns)×\(rows) cells (\(pixels.width)×\(pixels.height) pixels at a 10×20 cell), median of \(runs):")
        print(String(format: "  rolo decode + encode %.2f ms (encode alone %.2f ms), %d KB", rolo.median, encodeOnly.median, bytes / 1024))
        guard let chafa else { return print("  chafa is not installed: no comparison") }
        let arguments = ["-f", "sixels", "--size", "\(columns)x\(rows)", "--animate", "off", file.path]
        var theirs = Timings(), output = ""
        for index in 0..<(runs + 2) {
            let start = ContinuousClock.now
            output = try chafa.run(arguments)
            if index >= 2 { theirs.record(since: start) }
        }
        print(String(format: "  chafa -f sixels (a process) %.2f ms, %d KB: rolo %.1f× its time", theirs.median, output.utf8.count / 1024,
                     rolo.median / theirs.median))
    }
}
