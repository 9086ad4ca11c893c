import CNcursesw
import CTerminal
import Foundation

extension Terminal {
    /// Asks the terminal what it can draw (`TerminalQueries.startup`) and calls `answered` once,
    /// on the main actor, with what it said: as soon as DA1's reply is in (asked last, answered
    /// by every terminal), else after `patience` with whatever came (nothing, from a terminal
    /// that answers nothing). Call it after the first frame, which it never holds up. Replies
    /// that come later are read and dropped with the keys' input, never taken for keys.
    /// `throughTmux` asks the terminal around tmux, through its passthrough.
    public func askAboutGraphics(throughTmux: Bool = false, patience: Duration = TerminalQueries.patience,
                                 answered: @escaping (TerminalAnswers) -> Void) {
        guard !isShutDown, onAnswers == nil else {
            answered(answers)
            return
        }
        onAnswers = answered
        let questions = throughTmux ? TerminalQueries.startupThroughTmux : TerminalQueries.startup
        guard Self.writeAll(questions, to: STDOUT_FILENO) else {
            finishAsking()
            return
        }
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: patience)
            self?.finishAsking()
        }
    }

    /// Takes in replies the input thread found; once the answers are complete, hands them on.
    func receive(_ replies: [TerminalReply]) {
        guard onAnswers != nil, !replies.isEmpty else { return }
        for reply in replies { answers.record(reply) }
        if answers.isComplete { finishAsking() }
    }

    private func finishAsking() {
        guard let answered = onAnswers else { return }
        onAnswers = nil
        answered(answers)
    }

    /// The text area's size in pixels as the kernel has it (`TIOCGWINSZ`), where the terminal
    /// told it (XTerm does; many leave it 0): nil when it didn't.
    public var windowPixelSize: Size? {
        var width: Int32 = 0, height: Int32 = 0
        guard rolo_window_pixels(STDOUT_FILENO, &width, &height) == 0, width > 0, height > 0 else { return nil }
        return Size(width: Int(width), height: Int(height))
    }

    /// Works out this frame's picture escapes before ncurses updates the screen, and tells
    /// ncurses which lines to redraw where a picture that lived in its cells went away; the
    /// escapes are for after the update.
    func planGraphics(_ canvas: Canvas, repaintsAll: Bool, dirty: some Sequence<Int>) -> [UInt8] {
        guard !canvas.graphics.isEmpty || !graphicsOutput.shown.isEmpty || !canvas.placeholderImages.isEmpty else { return [] }
        var changed = [Bool](repeating: false, count: canvas.cells.count)
        for index in dirty { changed[index] = true }
        if canvas.graphics.contains(where: \.graphic.livesInCells) {
            // Inserting or deleting characters would shift a picture that lives in the cells
            // along with the text; plain writes leave it where it is.
            idcok(rolo_stdscr(), false)
        }
        let plan = graphicsOutput.plan(canvas.graphics, placeholders: canvas.placeholderImages, repaintsAll: repaintsAll) { placement, y in
            Self.mayWrite(over: placement, line: y, of: canvas, changed: changed)
        }
        for lines in plan.redrawnLines {
            let first = max(0, lines.y), last = min(canvas.height, lines.y + lines.count)
            if last > first { wredrawln(rolo_stdscr(), Int32(first), Int32(last - first)) }
        }
        return plan.bytes
    }

    /// Whether ncurses' update of line `y` may write over a picture's (blank) cells: it writes a
    /// changed cell among them, or clears to the end of the line from after the line's last
    /// text, which passes through the picture when no text stands right of it. Changes left of
    /// the picture, or right of it with text beyond, leave it alone.
    nonisolated static func mayWrite(over placement: GraphicPlacement, line y: Int, of canvas: Canvas, changed: [Bool]) -> Bool {
        guard y >= 0, y < canvas.height else { return false }
        let row = y * canvas.width
        var lastText = -1
        for x in stride(from: canvas.width - 1, through: 0, by: -1) where canvas.cells[row + x].text != " " {
            lastText = x
            break
        }
        let range = lastText < placement.x
            ? (lastText + 1)..<canvas.width
            : max(0, placement.x)..<min(canvas.width, placement.x + placement.graphic.columns)
        return range.contains { changed[row + $0] }
    }
}
