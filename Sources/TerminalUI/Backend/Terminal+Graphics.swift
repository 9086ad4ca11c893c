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

    /// Takes in replies the input thread found: a kitty image the terminal no longer has is
    /// sent again with the next frame; the start-up answers, once complete, are handed on.
    func receive(_ replies: [TerminalReply]) {
        var lost = false
        for case .kittyGraphics(let id, let message) in replies where id != TerminalQueries.kittyQueryID && message.hasPrefix("ENOENT") {
            lost = graphicsOutput.forget(UInt32(clamping: id)) || lost
        }
        if lost { onEvent(.picturesLost) }
        for case .focus(let focused) in replies { onEvent(.focus(focused)) }
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
    /// ncurses which cells to redraw where a picture that lived in them went away; the escapes
    /// are for after the update.
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
        let screen = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        for area in plan.redrawnAreas where area.overlaps(screen) {
            let area = area.intersection(screen)
            rolo_redraw_area(Int32(area.y), Int32(area.x), Int32(area.height), Int32(area.width))
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
