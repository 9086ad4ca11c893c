import Foundation
import Testing
import TerminalUI

/// Compares a canvas, as text, with `Snapshots/<name>.txt`.
///
/// With ROLO_RECORD_SNAPSHOTS=1 (or when the file is missing) the file is written and the test
/// fails, so a new snapshot is always looked at by a person before it counts.
func assertSnapshot(_ canvas: Canvas, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent("\(name).txt")
    // A frame makes trailing blanks and the canvas size visible in the file.
    let border = "+" + String(repeating: "-", count: canvas.width) + "+"
    let body = canvas.lines.map { "|" + $0.padded(toWidth: canvas.width) + "|" }
    let text = ([border] + body + [border]).joined(separator: "\n") + "\n"
    let record = ProcessInfo.processInfo.environment["ROLO_RECORD_SNAPSHOTS"] == "1"
    guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? text.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name).txt — check it by eye, then run the tests again", sourceLocation: sourceLocation)
        return
    }
    #expect(text == expected, "snapshot \(name) differs:\n\(text)", sourceLocation: sourceLocation)
}
