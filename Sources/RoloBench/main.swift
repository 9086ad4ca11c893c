import BenchSupport
import Foundation
import RoloCore
import TerminalUI

// rolo-bench: rolo's decode + half-block render of one 800×800 photo against chafa's, for speed
// and for fidelity (PSNR against the same box-downscaled reference). One run, printed as a table.

let photoSize = 800, columns = 40, rows = 20, quality = 85, roloRuns = 400

let photo = try ImageEncoder.jpeg(rgb: BenchPhoto.pixels(size: photoSize), width: photoSize, height: photoSize,
                                  quality: quality)
let file = FileManager.default.temporaryDirectory.appendingPathComponent("rolo-bench-\(getpid()).jpg")
try photo.write(to: file)
// The reference every renderer is measured against: the whole photo at full size.
let fullSize = try ImageDecoder.decode(photo, fitting: nil)
let source = PixelImage(width: fullSize.width, height: fullSize.height, pixels: fullSize.pixels)

// rolo, in-process: warm up (page cache, allocator, palette-free path), then measure.
var roloTotal = Timings(), roloDecode = Timings(), warmUp = Timings()
for _ in 0..<10 { _ = try RoloPipeline.draw(file: file, columns: columns, rows: rows, decoding: &warmUp) }
var drawn: (cells: CellImage, canvas: Canvas)?
for _ in 0..<roloRuns {
    let start = ContinuousClock.now
    drawn = try RoloPipeline.draw(file: file, columns: columns, rows: rows, decoding: &roloDecode)
    roloTotal.record(since: start)
}
guard let drawn, drawn.canvas.lines.joined().contains("▀") else { fatalError("rolo drew nothing") }
let cells = drawn.cells
let decodedSize = try ImageDecoder.decode(photo, fitting: (columns, rows * 2))
let roloPSNR = Fidelity.psnr(of: cells.pixels, against: source)

let table = ReportTable()
print("rolo-bench: \(photoSize)×\(photoSize) photo-like JPEG (\(photo.count / 1024) KB, quality \(quality)) "
      + "into a \(columns)×\(rows)-cell slot")
print("rolo decodes it DCT-scaled to \(decodedSize.width)×\(decodedSize.height), then box-downscales to "
      + "\(cells.columns)×\(cells.rows * 2) pixels")
print("")
table.header()
table.row("rolo read+decode+render+draw", roloTotal, psnr: roloPSNR, grid: "\(cells.columns)×\(cells.rows)")
table.row("  of which read+decode", roloDecode)
var unscaledTotal = Timings(), unscaledDecode = Timings()
var unscaled: CellImage?
for _ in 0..<roloRuns / 4 {
    let start = ContinuousClock.now
    unscaled = try RoloPipeline.draw(file: file, columns: columns, rows: rows, scaled: false,
                                     decoding: &unscaledDecode).cells
    unscaledTotal.record(since: start)
}
if let unscaled {
    // Its PSNR is the reference itself (infinite): the reference is this very box filter.
    table.row("rolo full-size decode (reference)", unscaledTotal, psnr: Fidelity.psnr(of: unscaled.pixels, against: source),
              grid: "\(unscaled.columns)×\(unscaled.rows)")
}

if let chafa = ChafaRunner.find() {
    let comparison = ChafaComparison(chafa: chafa, file: file, columns: columns, rows: rows, source: source)
    try comparison.run(table: table, rolo: roloTotal, roloPSNR: roloPSNR)
} else {
    print("\nchafa is not installed (apt-get install chafa): no comparison")
}
try SixelComparison(file: file, photo: photo, columns: columns, rows: rows).run(chafa: ChafaRunner.find())
try? FileManager.default.removeItem(at: file)

// Only this process: a spawned child shares the parent's pages until it execs, so the kernel's
// figure for children would be this process's own.
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
print(String(format: "peak RSS of rolo-bench: %.1f MB (Swift runtime, Foundation, the full-size reference decode)",
             Double(usage.ru_maxrss) / 1024))
