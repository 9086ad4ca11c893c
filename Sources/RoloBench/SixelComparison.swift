import BenchSupport
import Foundation
import RoloCore
import Spawn
import TerminalUI

/// The sixel encoder beside chafa's: the same file at the same size in pixels, each side from
/// the file to the sixel bytes (rolo's decode in-process, chafa's a process with its start-up),
/// then both sixels decoded by libsixel's sixel2png and compared with the source.
struct SixelComparison {
    let file: URL
    let photo: Data
    let columns: Int
    let rows: Int
    /// The slot's pixels at a cell of 10×20, as XTerm's default font has.
    var pixels: (width: Int, height: Int) { (columns * 10, rows * 20) }

    /// Why the comparison could not go on.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func run(chafa: ChafaRunner?, runs: Int = 40) throws {
        var rolo = Timings(), encodeOnly = Timings()
        var sixel: [UInt8] = [], encoded: PixelImage?
        for index in 0..<(runs + 3) {
            let start = ContinuousClock.now
            let decoded = try ImageDecoder.decode(photo, fitting: pixels)
            let image = PixelImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
            let encodeStart = ContinuousClock.now
            sixel = SixelEncoder.encode(image)
            if index >= 3 {
                encodeOnly.record(since: encodeStart)
                rolo.record(since: start)
            }
            encoded = image
        }
        print("")
        print("sixel, \(columns)×\(rows) cells (\(pixels.width)×\(pixels.height) pixels at a 10×20 cell), median of \(runs):")
        print(String(format: "  rolo decode + encode %.2f ms (encode alone %.2f ms)", rolo.median, encodeOnly.median))
        let sixel2png = ChafaRunner.executable("sixel2png")
        // The reference both decoded sixels are compared with: the whole photo at full size.
        let full = try ImageDecoder.decode(photo, fitting: nil)
        let source = PixelImage(width: full.width, height: full.height, pixels: full.pixels)
        if let encoded {
            print("  rolo:  " + (try describe(sixel, sixel2png: sixel2png, source: source, input: encoded)))
        }
        guard let chafa else { return print("  chafa is not installed: no comparison") }
        // Without a terminal to ask, chafa takes a cell as 8×8 pixels and the font as 1:2, which
        // would squash the picture into fewer pixels than rolo's: give it the same pixels as
        // cells of 8×8 with a font ratio of 1.
        let arguments = ["-f", "sixels", "--size", "\(pixels.width / 8)x\(pixels.height / 8)", "--font-ratio", "1",
                         "--animate", "off", file.path]
        var theirs = Timings(), output = ""
        for index in 0..<(runs + 2) {
            let start = ContinuousClock.now
            output = try chafa.run(arguments)
            if index >= 2 { theirs.record(since: start) }
        }
        print(String(format: "  chafa -f sixels (a process) %.2f ms: rolo %.2f× its time", theirs.median, rolo.median / theirs.median))
        print("  chafa: " + (try describe(Array(output.utf8), sixel2png: sixel2png, source: source, input: nil)))
    }

    /// A sixel's size in pixels and bytes and, when sixel2png is installed, its PSNR against the
    /// source scaled to its size (and against the encoder's `input`, its quantisation alone).
    private func describe(_ sixel: [UInt8], sixel2png: String?, source: PixelImage, input: PixelImage?) throws -> String {
        var text = "\(sixel.count) bytes"
        guard let sixel2png else { return text + " (sixel2png is not installed: apt-get install libsixel-bin)" }
        let decoded = try decode(sixel, with: sixel2png)
        let area = decoded.width * decoded.height
        text = "\(decoded.width)×\(decoded.height) pixels, " + text
            + String(format: " (%.3f a pixel), PSNR %.2f dB against the source", Double(sixel.count) / Double(max(1, area)),
                     Fidelity.psnr(of: decoded, against: source))
        if let input, input.width == decoded.width, input.height == decoded.height {
            text += String(format: ", %.2f dB against the encoder's input", Fidelity.psnr(of: decoded, against: input))
        }
        return text
    }

    /// `sixel` decoded by libsixel's sixel2png, through files.
    private func decode(_ sixel: [UInt8], with sixel2png: String) throws -> PixelImage {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("rolo-bench-sixel-\(getpid())")
        let input = base.appendingPathExtension("six"), output = base.appendingPathExtension("png")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        try Data(sixel).write(to: input)
        let child = try ChildProcess(sixel2png, ["-i", input.path, "-o", output.path])
        child.wait()
        guard child.exitStatus == 0 else { throw Failure(description: "sixel2png could not decode a sixel") }
        let decoded = try ImageDecoder.decode(try Data(contentsOf: output), fitting: nil)
        return PixelImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
    }
}
