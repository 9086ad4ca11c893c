import Dispatch
import Foundation
import Logging
import RoloCore
import TerminalUI

/// The run loop: terminal events in, actions through the controller, frames out.
///
/// Everything runs on the main actor. A frame is drawn only when something changed, and at most
/// once per turn of the main queue however many events arrived; a timer runs only while a
/// spinner turns or a banner waits to expire, so an idle rolo uses no CPU.
@MainActor
public final class App {
    private let terminal: Terminal
    private let controller: ScreenController
    private let logger = Logger(label: "rolo.app")
    private var renderScheduled = false
    private var ticker: Task<Void, Never>?
    private var frames = 0
    /// The pictures the terminal draws itself on the last frame, for the debug log.
    private var placedGraphics: [GraphicPlacement] = []
    /// Where to report "idle" after each frame, for tests and benchmarks that drive the real binary.
    private let idleFile: String?
    /// When the last terminal event reached the main actor (CLOCK_MONOTONIC, ns): the idle file
    /// names it beside the frame's own time, so a benchmark times a keystroke to its frame
    /// without polling's granularity.
    private var lastEventAt: UInt64 = 0
    /// The shown list's row count on the last frame drawn, and on the last one before the last
    /// event; and when the first frame after that event showing another count was drawn (0:
    /// none yet): when a keystroke's matches first came on screen, the first of several when a
    /// search shows its first matches before counting the rest.
    private var drawnRows = 0, rowsBeforeEvent = 0
    private var rowsChangedAt: UInt64 = 0
    /// Called once the first frame is out: work that could wait for it begins.
    public var afterFirstFrame: (() -> Void)?
    /// Whether the first frame with data (or with nothing left to load) is out, after which
    /// every ``WaitsForFirstFrame`` source was told.
    private var startupOver = false

    public init(terminal: Terminal, controller: ScreenController, idleFile: String? = nil) {
        self.terminal = terminal
        self.controller = controller
        self.idleFile = idleFile
    }

    /// Runs until the user quits or the terminal goes away; always restores the terminal.
    public func run() async {
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            controller.onNeedsRender = { [weak self] in self?.scheduleRender() }
            controller.onRepaint = { [weak self] in
                self?.terminal.invalidate()
                self?.scheduleRender()
            }
            controller.onRunInTerminal = { [terminal] argv in
                await terminal.runOutside { await ActionSession.spawn(argv, .terminal) }
            }
            var resumed = false
            controller.onQuit = {
                guard !resumed else { return }
                resumed = true
                finished.resume()
            }
            controller.start()
            render()
            // The input thread starts once the first frame is out, so that its set-up doesn't
            // take the main thread's core before then; keys typed meanwhile wait in the
            // terminal's buffer, and signals in the signal pipe, and are read now.
            terminal.start { [weak self] event in
                guard let self else { return }
                if self.idleFile != nil {
                    self.lastEventAt = Self.monotonicNanoseconds()
                    (self.rowsBeforeEvent, self.rowsChangedAt) = (self.drawnRows, 0)
                }
                if case .hangup = event {
                    // The terminal is gone: nothing more can be drawn; just restore and leave.
                    self.logger.info("terminal hung up")
                }
                self.controller.handle(event)
            }
        }
        ticker?.cancel()
        terminal.shutdown()
    }

    private func scheduleRender() {
        guard !renderScheduled else { return }
        renderScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated { self.render() }
        }
    }

    private func render() {
        renderScheduled = false
        guard !controller.quitRequested else { return }
        let canvas = controller.render(theme: terminal.theme, glyphs: terminal.glyphs)
        terminal.present(canvas)
        frames += 1
        if canvas.graphics != placedGraphics {
            placedGraphics = canvas.graphics
            // Where each picture is, in cells: what `make check-terminals` finds in a screenshot.
            logger.debug("pictures: \(canvas.graphics.map { "\($0.graphic.kind.rawValue) \($0.graphic.id) at \($0.x),\($0.y) size \($0.graphic.columns)x\($0.graphic.rows)" }.joined(separator: "; "))")
        }
        traceStartup()
        if frames == 1, let afterFirstFrame {
            self.afterFirstFrame = nil
            afterFirstFrame()
        }
        if !startupOver, showsDataOrNothingLoading {
            startupOver = true
            for case let source as any WaitsForFirstFrame in controller.sources { source.firstFrameDrawn() }
        }
        updateTicker()
        reportIdle()
    }

    private func updateTicker() {
        if controller.needsTicks {
            guard ticker == nil else { return }
            ticker = Task { [weak self] in
                while !Task.isCancelled {
                    // Five frames a second: the spinner still turns, and a wait on a slow
                    // server costs under 1 % of a core (10 a second costs 1.4 %).
                    try? await Task.sleep(for: .milliseconds(200))
                    guard let self, !Task.isCancelled else { return }
                    guard self.controller.needsTicks else {
                        self.ticker = nil
                        self.scheduleRender()
                        return
                    }
                    self.controller.tick()
                }
            }
        }
    }

    /// Marks the first frame, and ends the start-up trace at the first frame with rows (or,
    /// for a source with nothing to show, at the first frame with nothing left to load).
    private func traceStartup() {
        guard StartupTrace.isEnabled else { return }
        if frames == 1 { StartupTrace.mark("first frame") }
        if controller.source.entries.entryCount > 0 {
            StartupTrace.finish("first frame with data")
        } else if showsDataOrNothingLoading {
            StartupTrace.finish("first idle frame")
        }
    }

    /// Whether the frame just drawn shows the shown source's rows, or nothing is left loading:
    /// the end of the start.
    private var showsDataOrNothingLoading: Bool {
        controller.source.entries.entryCount > 0 || (controller.busy.isIdle && !controller.sources.contains { $0.status.isLoading })
    }

    /// CLOCK_MONOTONIC now, in nanoseconds.
    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Writes "idle <frame> <when drawn> <last event> <when the rows first changed after it>"
    /// once nothing is in flight, or "busy …" otherwise; the times are CLOCK_MONOTONIC
    /// nanoseconds, as Python's `time.monotonic_ns()` (the last one 0 while the row count is
    /// what it was before the event).
    private func reportIdle() {
        guard let idleFile else { return }
        let now = Self.monotonicNanoseconds()
        let rows = controller.source.entries.rowCount
        if rowsChangedAt == 0, rows != rowsBeforeEvent { rowsChangedAt = now }
        drawnRows = rows
        let idle = controller.busy.isIdle && !controller.sources.contains { $0.status.isLoading }
        let bytes = Array("\(idle ? "idle" : "busy") \(frames) \(now) \(lastEventAt) \(rowsChangedAt)\n".utf8)
        // Whole or not at all for the reader, through a rename; no fsync (Foundation's atomic
        // write syncs), which would cost every frame of a test half a millisecond of the main actor.
        let temporary = idleFile + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written == bytes.count { rename(temporary, idleFile) }
    }
}
