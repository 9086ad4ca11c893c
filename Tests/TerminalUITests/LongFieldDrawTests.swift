import Foundation
import Testing
@testable import TerminalUI

@Suite("Drawing costs the same however long a field is")
struct LongFieldDrawTests {
    private let columns = [ListColumn("Name", .flexible(min: 12)), ListColumn("Gender", .fixed(7))]

    /// The median time of drawing a list whose selected row is named `name`, over many draws, so
    /// a busy machine's pauses don't decide the result.
    private func medianDraw(_ name: String, draws: Int = 101) -> Duration {
        let entries: [ListEntry] = [.row(ListRow(id: "1", cells: [name, "female"]))]
        let view = ListView(entries: entries, columns: columns, cursor: ListCursor(selected: 0), highlight: "a",
                            theme: .color, glyphs: .unicode)
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<draws {
            var canvas = Canvas(width: 100, height: 3)
            times.append(clock.measure { view.render(into: &canvas, area: canvas.bounds) })
        }
        return times.sorted()[draws / 2]
    }

    @Test("A row with a 1,000,000-character name draws in under a millisecond, as fast as a short name")
    func millionCharacterRow() {
        let long = String(repeating: "a", count: 1_000_000)
        let short = "Mari Tamm"
        _ = medianDraw(short, draws: 5)
        let shortTime = medianDraw(short)
        let longTime = medianDraw(long)
        // Against the short name rather than the clock alone: a slow machine slows both.
        #expect(longTime < .milliseconds(1) || longTime < shortTime * 3, "long \(longTime), short \(shortTime)")
        #expect(longTime < shortTime * 3 + .microseconds(200), "long \(longTime), short \(shortTime)")
    }

    @Test("The cut row ends in … and keeps the columns after it in place")
    func cutRow() {
        let entries: [ListEntry] = [.row(ListRow(id: "1", cells: [String(repeating: "ž", count: 100_000), "female"]))]
        let view = ListView(entries: entries, columns: columns, cursor: ListCursor(selected: 0), theme: .monochrome, glyphs: .ascii)
        var canvas = Canvas(width: 40, height: 2)
        view.render(into: &canvas, area: canvas.bounds)
        let line = canvas.lines[1]
        #expect(line.hasPrefix(String(repeating: "ž", count: 30) + "…"), "\(line)")
        #expect(line.contains("…  female"), "\(line)")
    }

    @Test("Truncating reads only what fits; wrapping a word longer than the line takes linear time")
    func truncateAndWrap() {
        let word = String(repeating: "x", count: 200_000)
        #expect(word.truncated(toWidth: 10) == "xxxxxxxxx…")
        let clock = ContinuousClock()
        let small = clock.measure { _ = String(repeating: "x", count: 20_000).wrapped(toWidth: 40) }
        var lines: [String] = []
        let large = clock.measure { lines = word.wrapped(toWidth: 40) }
        #expect(lines.count == 5_000)
        #expect(lines.allSatisfy { $0.count == 40 })
        // Ten times the text: about ten times the time, nowhere near the hundred of a quadratic wrap.
        #expect(large < small * 40, "20,000: \(small), 200,000: \(large)")
    }
}
