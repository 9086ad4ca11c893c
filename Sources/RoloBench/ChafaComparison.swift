import BenchSupport
import Foundation
import TerminalUI

/// chafa's side of the benchmark: its timings and fidelity on the same file and slot.
struct ChafaComparison {
    let chafa: ChafaRunner
    let file: URL
    let columns: Int
    let rows: Int
    /// The full-size picture both renderers' grids are compared with.
    let source: PixelImage
    /// Runs a process this many times: enough for a stable median at ~10 ms a run.
    let runs = 30

    /// Times chafa (also single-threaded, and its bare start-up), adds the rows to `table` and
    /// prints the speed ratio and the fidelity verdict.
    func run(table: ReportTable, rolo: Timings, roloPSNR: Double) throws {
        let arguments = ["--size", "\(columns)x\(rows)", "--symbols", "vhalf", "-f", "symbols", "-c", "full", file.path]
        let (timings, psnr, grid) = try measure(arguments)
        table.row("chafa (a process)", timings, psnr: psnr, grid: grid)
        var singleThreaded: Timings?
        if chafa.supports("--threads") {
            let (single, singlePSNR, _) = try measure(["--threads", "1"] + arguments)
            table.row("chafa --threads 1 (a process)", single, psnr: singlePSNR, grid: grid)
            singleThreaded = single
        }
        let startup = try time(["--version"]).timings
        table.row("chafa --version (start-up only)", startup)

        print("")
        var speed = String(format: "speed: rolo is %.1f× faster than chafa (median against median)",
                           timings.median / rolo.median)
        if let singleThreaded {
            speed += String(format: ", %.1f× against chafa --threads 1", singleThreaded.median / rolo.median)
        }
        print(speed)
        print(String(format: "       %.1f× against chafa's time net of its start-up (%.3f − %.3f ms)",
                     (timings.median - startup.median) / rolo.median, timings.median, startup.median))
        let verdict = roloPSNR >= psnr ? "rolo equal or better" : "chafa better"
        print(String(format: "fidelity: rolo %.2f dB, chafa %.2f dB: ", roloPSNR, psnr) + verdict)
    }

    /// Timings, PSNR and cell grid of chafa with `arguments`.
    private func measure(_ arguments: [String]) throws -> (Timings, Double, String) {
        let (timings, output) = try time(arguments)
        let pixels = try ChafaOutputParser.pixels(of: output)
        return (timings, Fidelity.psnr(of: pixels, against: source), "\(pixels.width)×\(pixels.height / 2)")
    }

    /// chafa timed over `runs` runs after two warm-ups, with its last output.
    private func time(_ arguments: [String]) throws -> (timings: Timings, output: String) {
        var timings = Timings(), output = ""
        for _ in 0..<2 { _ = try chafa.run(arguments) }
        for _ in 0..<runs {
            let start = ContinuousClock.now
            output = try chafa.run(arguments)
            timings.record(since: start)
        }
        return (timings, output)
    }
}
