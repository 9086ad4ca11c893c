import BenchSupport
import Foundation

/// Prints the benchmark's rows in aligned columns.
struct ReportTable {
    /// The column titles.
    func header() {
        print(line("", "runs", "median ms", "p90 ms", "PSNR dB", "cells"))
    }

    /// One measured row; PSNR and grid are blank where they don't apply.
    func row(_ name: String, _ timings: Timings, psnr: Double? = nil, grid: String = "") {
        print(line(name, "\(timings.samples.count)", String(format: "%.3f", timings.median),
                   String(format: "%.3f", timings.p90), psnr.map { String(format: "%.2f", $0) } ?? "", grid))
    }

    private func line(_ name: String, _ fields: String...) -> String {
        let widths = [6, 11, 9, 9, 7]
        return name.padding(toLength: 34, withPad: " ", startingAt: 0)
            + zip(fields, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined()
    }
}
