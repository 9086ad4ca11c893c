/// A bulk run's results as the overlay shows them: a title with the counts, then the failed
/// records with why, those still running, the done ones, and those a stop left out.
@MainActor
struct BulkResults {
    let run: BulkRun
    var symbols = MarkSymbols(.ascii)

    /// "close: 90 done, 10 failed", or while a pass runs "close 3/10 · 1 failed".
    var title: String {
        run.isRunning ? run.progressText : run.summary
    }

    /// One line a record, under a heading a group.
    var lines: [(text: String, role: OverlayContent.Role)] {
        var lines: [(text: String, role: OverlayContent.Role)] = []
        func group(_ heading: String, _ rows: [(String, OverlayContent.Role)]) {
            guard !rows.isEmpty else { return }
            if !lines.isEmpty { lines.append(("", .text)) }
            lines.append(("\(heading) (\(rows.count))", .heading))
            lines += rows.map { (text: $0.0, role: $0.1) }
        }
        group("Failed", run.failed.map { ("\(symbols.failed) \($0.item.label) — \($0.failure.message)", .text) })
        group("Running", run.items(in: .pending).map { ("\(symbols.pending) \($0.label)", .dim) })
        group("Done", run.items(in: .done).map { ("\(symbols.done) \($0.label)", .text) })
        group("Not run", run.items(in: .notRun).map { ("  \($0.label)", .dim) })
        return lines
    }
}
