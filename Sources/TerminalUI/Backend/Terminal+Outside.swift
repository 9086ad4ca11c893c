import CNcursesw
import CTerminal
import Foundation

extension Terminal {
    /// Leaves the full screen for `body` — a program that wants the terminal — and comes back
    /// as it was: the input thread stops reading the terminal while it runs (the program reads
    /// it), the terminal's modes are put back for it, and the next frame repaints every cell.
    /// A Ctrl-C typed meanwhile was the program's, not rolo's, and is dropped; frames asked for
    /// meanwhile (a spinner's) aren't drawn over the program.
    public func runOutside<T: Sendable>(_ body: @MainActor () async -> T) async -> T {
        guard !isShutDown, !isOutside else { return await body() }
        isOutside = true
        let gate = inputGate
        gate.close()
        rolo_signals_wake()
        await withCheckedContinuation { (parked: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                gate.waitUntilParked()
                parked.resume()
            }
        }
        let farewell = graphicsOutput.farewell
        if !farewell.isEmpty { _ = Self.writeAll(farewell, to: STDOUT_FILENO) }
        if reportsFocus { _ = Self.writeAll(Self.focusReporting(false), to: STDOUT_FILENO) }
        def_prog_mode()
        endwin()
        rolo_crash_set_active(0)
        let result = await body()
        rolo_crash_set_active(1)
        reset_prog_mode()
        if reportsFocus { _ = Self.writeAll(Self.focusReporting(true), to: STDOUT_FILENO) }
        graphicsOutput = GraphicsOutput()
        var rows: Int32 = 0, cols: Int32 = 0
        if rolo_window_size(STDOUT_FILENO, &rows, &cols) == 0, rows > 0, cols > 0, Size(width: Int(cols), height: Int(rows)) != size {
            resizeterm(rows, cols)
            size = Size(width: Int(cols), height: Int(rows))
            onEvent(.resize(size))
        }
        invalidate()
        isOutside = false
        gate.open()
        onEvent(.resumed)
        return result
    }
}
