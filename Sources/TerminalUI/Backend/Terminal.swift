import CNcursesw
import CTerminal
import Dispatch
import Foundation

/// The one owner of the terminal: only this type calls ncurses, always on the main actor.
///
/// A background thread waits (in `poll`) for standard input or a signal. It reads the raw
/// input itself and takes the terminal's answers out of it (`TerminalReplyParser`), so a reply
/// can never reach the key handling: only the key bytes go on, through a pipe that ncurses reads
/// as its input, where the main actor decodes them. An idle rolo makes no system calls.
///
/// The input thread's loop is in Terminal+Input.swift, the questions and pictures in
/// Terminal+Graphics.swift.
@MainActor
public final class Terminal {
    public internal(set) var size: Size
    /// Colours the terminal has (0 when drawing without colour; 2^24 on a direct-colour entry).
    public let colors: Int
    /// The colours drawn with, from the environment, the options and terminfo.
    public var colorDepth: ColorDepth { profile.colorDepth }
    /// Whether photos can be drawn (truecolor or 256 colours, images not off); where not, show
    /// initials badges instead.
    public var canShowImages: Bool { profile.canShowImages }
    /// How the colours were decided.
    public let profile: TerminalProfile
    public let theme: Theme
    public let glyphs: Glyphs
    /// Whether symbols beyond ASCII can be shown (a UTF-8 locale and no `--ascii`): flags, hearts.
    public let isUnicode: Bool
    /// The terminal type, from TERM.
    public let name: String
    /// The terminfo entry ncurses drives: TERM's own, or a direct-colour entry for truecolor.
    public let terminfoName: String
    /// How `copyToClipboard` reaches the clipboard; inside tmux, `probeTmux()` refines it.
    public internal(set) var clipboardPlan: ClipboardPlan
    /// What the clipboard plan is decided from, kept for the tmux probe's second decision.
    let clipboardInputs: (environment: [String: String], hasOSC52Capability: Bool, enabled: Bool)
    /// The question to tmux about its options, once asked (`probeTmux()`).
    var tmuxProbe: Task<TmuxOptions?, Never>?
    /// Whether linked cells are sent as OSC 8 hyperlinks (``HyperlinkSupport``); where not they
    /// are only drawn as the view styled them. Turning it on repaints every cell.
    public var drawsHyperlinks = false {
        didSet { if drawsHyperlinks != oldValue { invalidate() } }
    }

    private let screen: OpaquePointer
    private let signalFD: Int32
    /// The pipe the input thread writes key bytes into and ncurses reads them from.
    private let keyPipe: (read: Int32, write: Int32)
    /// Pictures the terminal draws itself: which are on the screen, which kitty holds.
    var graphicsOutput = GraphicsOutput()
    /// What the terminal has answered so far, while `askAboutGraphics` waits.
    var answers = TerminalAnswers()
    /// Called once with the answers, when DA1's reply is in or the patience ran out.
    var onAnswers: ((TerminalAnswers) -> Void)?
    private var previous: Canvas?
    private var needsFullRepaint = true
    private var pairs: ColorPairAllocator
    private(set) var onEvent: (TerminalEvent) -> Void = { _ in }
    private(set) var isShutDown = false
    /// Whether another program has the terminal (``runOutside(_:)``): nothing is drawn meanwhile.
    public internal(set) var isOutside = false
    /// Whether focus reporting is on (``reportFocus(_:)``).
    private(set) var reportsFocus = false
    private let inputDrained = DispatchSemaphore(value: 0)
    /// Closed while another program has the terminal (``runOutside(_:)``).
    let inputGate = TerminalInputGate()

    /// Puts the terminal in full-screen mode. Call `shutdown()` on every way out.
    ///
    /// `environment` is the process's, read once by the caller (TERM, COLORTERM, TMUX, …).
    public init(options: TerminalOptions, environment variables: [String: String] = ProcessInfo.processInfo.environment) throws {
        // Only the character type, which is what ncurses, wcwidth and the codeset ask for: the
        // other categories (numbers, dates, collation, messages) are Foundation's business or
        // unused, and loading all of C.UTF-8's costs the launch 0.34 ms, this one 0.11 ms.
        // (Library messages such as strerror's then stay in English, as rolo's own words are.)
        setlocale(LC_CTYPE, "")
        var utf8 = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        if !utf8, setlocale(LC_CTYPE, "C.UTF-8") != nil {
            utf8 = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
        let environment = TerminalEnvironment(variables)
        let term = environment.term
        let entry = TerminalProfile.terminfoName(for: environment, options: options, lookUp: Self.terminfoColors)
        if let refusal = TerminalRequirement.refusal(term: term, entry: entry, canMoveCursor: Self.canMoveCursor) {
            throw refusal
        }
        rolo_terminal_save(STDIN_FILENO)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TerminalError.notATerminal }
        // Neither end may leak into a child (a clipboard probe's tmux).
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        keyPipe = (ends[0], ends[1])
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(keyPipe.read, "r") else {
            close(ends[0])
            close(ends[1])
            throw TerminalError.notATerminal
        }
        signalFD = rolo_signals_install()
        rolo_crash_handlers_install()
        var opened = entry
        var screen = newterm(entry, output, input)
        if screen == nil, entry != term {
            opened = term
            screen = newterm(term, output, input)
        }
        guard let screen else {
            rolo_signals_uninstall()
            throw TerminalError.unknownTerminal(term)
        }
        self.screen = screen
        set_term(screen)
        rolo_crash_set_active(1)
        name = term
        terminfoName = opened
        cbreak()
        noecho()
        nonl()
        intrflush(rolo_stdscr(), false)
        keypad(rolo_stdscr(), true)
        // Home and End arrive in several forms (tmux and screen send ESC[1~/ESC[4~, rxvt ESC[7~/ESC[8~,
        // xterm ESC[H/ESC[F or ESC OH/ESC OF), and TERM's entry lists only one: teach ncurses all.
        for (sequence, key) in [("\u{1b}[1~", KEY_HOME), ("\u{1b}[7~", KEY_HOME), ("\u{1b}[H", KEY_HOME), ("\u{1b}OH", KEY_HOME),
                                ("\u{1b}[4~", KEY_END), ("\u{1b}[8~", KEY_END), ("\u{1b}[F", KEY_END), ("\u{1b}OF", KEY_END)] {
            define_key(sequence, key)
        }
        nodelay(rolo_stdscr(), true)
        leaveok(rolo_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
        let paletteColors = rolo_tigetnum("CO")
        let terminfo = TerminfoColors(colors: has_colors() ? Int(rolo_tigetnum("colors")) : 0,
                                      hasRGB: rolo_tigetflag("RGB") == 1,
                                      paletteColors: paletteColors > 0 ? Int(paletteColors) : nil)
        profile = TerminalProfile(environment: environment, options: options, terminfo: terminfo)
        if profile.colorDepth != .none {
            start_color()
            use_default_colors()
            colors = Int(rolo_colors())
            pairs = ColorPairAllocator(limit: Int(rolo_color_pairs()) - 1)
            theme = .color
        } else {
            colors = 0
            pairs = ColorPairAllocator(limit: 0)
            theme = .monochrome
        }
        glyphs = !utf8 || options.ascii ? .ascii : (term.hasPrefix("linux") ? .linuxConsole : .unicode)
        isUnicode = utf8 && !options.ascii
        if options.mouse {
            mousemask(rolo_button1_pressed() | rolo_button1_released() | rolo_button1_clicked()
                      | rolo_button1_double_clicked() | rolo_wheel_up() | rolo_wheel_down(), nil)
            mouseinterval(0)
        }
        var rows: Int32 = 0, cols: Int32 = 0
        rolo_getmaxyx(rolo_stdscr(), &rows, &cols)
        size = Size(width: Int(cols), height: Int(rows))
        clipboardInputs = (variables, rolo_has_string_cap("Ms") != 0, options.clipboard)
        clipboardPlan = ClipboardPlan.decide(environment: clipboardInputs.environment,
                                             hasOSC52Capability: clipboardInputs.hasOSC52Capability,
                                             enabled: clipboardInputs.enabled)
    }

    /// What terminfo entry `name` says about colour, read without opening a screen; nil when
    /// there is no such entry.
    private static func terminfoColors(_ name: String) -> TerminfoColors? {
        var colors: Int32 = 0, rgb: Int32 = 0, reserved: Int32 = 0
        guard rolo_terminfo_colors(name, STDOUT_FILENO, &colors, &rgb, &reserved) != 0 else { return nil }
        return TerminfoColors(colors: Int(max(colors, 0)), hasRGB: rgb != 0, paletteColors: reserved > 0 ? Int(reserved) : nil)
    }

    /// Whether terminfo entry `name` can move the cursor; nil when there is no such entry.
    private static func canMoveCursor(_ name: String) -> Bool? {
        let answer = rolo_terminfo_can_move_cursor(name, STDOUT_FILENO)
        return answer < 0 ? nil : answer == 1
    }

    /// Starts delivering events to `handler` on the main actor.
    public func start(_ handler: @escaping (TerminalEvent) -> Void) {
        onEvent = handler
        Terminal.current = self
        let signalFD = self.signalFD
        let keys = keyPipe.write
        let drained = inputDrained
        let gate = inputGate
        // Keys typed before the thread started wait in the terminal's buffer, and are its first read.
        let thread = Thread {
            Terminal.waitForInput(signalFD: signalFD, keyPipe: keys, drained: drained, gate: gate)
        }
        thread.name = "rolo-input"
        thread.start()
    }

    /// Draws a canvas, sending the terminal only the cells that changed since the last one.
    ///
    /// Nothing is allocated per cell: a full 120×40 frame is 4,800 of them, and the first frame
    /// is always full.
    public func present(_ canvas: Canvas) {
        guard !isShutDown, !isOutside else { return }
        let full = needsFullRepaint || previous?.size != canvas.size
        var (dirty, keys) = changedCells(of: canvas, all: full)
        if pairs.makeRoom(for: keys) {
            // Every pair number is about to be redefined: no cell may keep an old one.
            needsFullRepaint = true
            (dirty, _) = changedCells(of: canvas, all: true)
        }
        let window = rolo_stdscr()
        var cell = cchar_t()
        var text: [wchar_t] = []
        text.reserveCapacity(8)
        // Runs of cells share a pair: the last one's number is kept rather than looked up again.
        var lastPair: (key: ColorPairKey, number: Int32)?
        for item in dirty {
            let current = canvas.cells[item.index]
            text.removeAll(keepingCapacity: true)
            for scalar in current.text.unicodeScalars { text.append(wchar_t(bitPattern: scalar.value)) }
            if text.isEmpty { text.append(32) }
            text.append(0)
            let number: Int32
            if let lastPair, lastPair.key == item.pair {
                number = lastPair.number
            } else {
                number = pairNumber(for: item.pair)
                lastPair = (item.pair, number)
            }
            rolo_setcchar(&cell, text, attributes(of: current.style), number)
            mvwadd_wch(window, Int32(item.index / canvas.width), Int32(item.index % canvas.width), &cell)
        }
        if needsFullRepaint { clearok(rolo_curscr(), true) }
        let graphics = planGraphics(canvas, repaintsAll: full || needsFullRepaint, dirty: dirty.lazy.map(\.index))
        let links = hyperlinkBytes(canvas, repaintsAll: full || needsFullRepaint, dirty: dirty.lazy.map(\.index))
        needsFullRepaint = false
        wnoutrefresh(window)
        doupdate()
        if !graphics.isEmpty { _ = Self.writeAll(graphics, to: STDOUT_FILENO) }
        if !links.isEmpty { _ = Self.writeAll(links, to: STDOUT_FILENO) }
        previous = canvas
    }

    /// The OSC 8 hyperlinks over this frame's linked cells, where the terminal draws them.
    private func hyperlinkBytes(_ canvas: Canvas, repaintsAll: Bool, dirty: some Sequence<Int>) -> [UInt8] {
        guard drawsHyperlinks, !canvas.links.isEmpty || previous.map({ !$0.links.isEmpty }) == true else { return [] }
        var changed: [Bool]?
        if !repaintsAll {
            var marks = [Bool](repeating: false, count: canvas.cells.count)
            for index in dirty { marks[index] = true }
            changed = marks
        }
        return HyperlinkOutput.bytes(for: canvas, previous: previous, changed: changed, space: profile.colorSpace)
    }

    /// Turns the terminal's focus reporting (`CSI ? 1004 h`) on or off: while it is on, the
    /// window's gaining and losing the focus arrive as ``TerminalEvent/focus(_:)``. It is
    /// turned off around a program run outside and when rolo leaves.
    public func reportFocus(_ on: Bool) {
        guard on != reportsFocus, !isShutDown else { return }
        reportsFocus = on
        if !isOutside { _ = Self.writeAll(Self.focusReporting(on), to: STDOUT_FILENO) }
    }

    /// The bytes that turn focus reporting on or off.
    nonisolated static func focusReporting(_ on: Bool) -> [UInt8] {
        Array("\u{1B}[?1004\(on ? "h" : "l")".utf8)
    }

    /// Makes the next `present` repaint every cell (Ctrl-L, after a resize or a resume).
    public func invalidate() {
        needsFullRepaint = true
    }

    /// Leaves full-screen mode and puts the terminal back as it was. Safe to call more than once.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        let farewell = graphicsOutput.farewell
        if !farewell.isEmpty { _ = Self.writeAll(farewell, to: STDOUT_FILENO) }
        if reportsFocus { _ = Self.writeAll(Self.focusReporting(false), to: STDOUT_FILENO) }
        mousemask(0, nil)
        endwin()
        rolo_crash_set_active(0)
        rolo_signals_uninstall()
        rolo_signals_wake()
        inputGate.open()
        inputDrained.signal()
    }

    // MARK: - Input

    /// The live terminal, for the input thread's hand-offs (there is only ever one).
    static weak var current: Terminal?

    func drainInput() {
        defer { inputDrained.signal() }
        guard !isShutDown else { return }
        var events: [TerminalEvent] = []
        var character: wint_t = 0
        while true {
            let result = wget_wch(rolo_stdscr(), &character)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if let event = specialKeyEvent(Int32(bitPattern: character)) { events.append(event) }
            } else if let key = Self.key(forCharacter: UInt32(character)) {
                events.append(.key(key))
            }
        }
        for event in events { onEvent(event) }
    }

    func handleSignals(_ signals: [UInt8]) {
        for signal in signals {
            switch Int32(signal) {
            case SIGINT, SIGTERM:
                onEvent(.interrupt)
            case SIGHUP:
                onEvent(.hangup)
            case SIGWINCH:
                var rows: Int32 = 0, cols: Int32 = 0
                if rolo_window_size(STDOUT_FILENO, &rows, &cols) == 0, rows > 0, cols > 0 {
                    resizeterm(rows, cols)
                    size = Size(width: Int(cols), height: Int(rows))
                }
                invalidate()
                onEvent(.resize(size))
            case SIGCONT:
                invalidate()
                onEvent(.resumed)
            default:
                break
            }
        }
    }

    private func specialKeyEvent(_ code: Int32) -> TerminalEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BTAB: return .key(.backTab)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_F0 + 1...KEY_F0 + 12: return .key(.function(Int(code - KEY_F0)))
        case KEY_RESIZE:
            var rows: Int32 = 0, cols: Int32 = 0
            rolo_getmaxyx(rolo_stdscr(), &rows, &cols)
            let newSize = Size(width: Int(cols), height: Int(rows))
            guard newSize != size else { return nil }
            size = newSize
            invalidate()
            return .resize(size)
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            let state = event.bstate
            let kind: MouseEvent.Kind
            if state & rolo_wheel_up() != 0 {
                kind = .wheelUp
            } else if rolo_wheel_down() != 0 && state & rolo_wheel_down() != 0 {
                kind = .wheelDown
            } else if state & rolo_button1_double_clicked() != 0 {
                kind = .doubleClick
            } else if state & rolo_button1_clicked() != 0 {
                kind = .click
            } else if state & rolo_button1_pressed() != 0 {
                kind = .press
            } else if state & rolo_button1_released() != 0 {
                kind = .release
            } else {
                return nil
            }
            return .mouse(MouseEvent(kind: kind, x: Int(event.x), y: Int(event.y)))
        default:
            return nil
        }
    }

    // MARK: - Drawing helpers

    private func attributes(of style: Style) -> attr_t {
        var result = rolo_a_normal()
        let attributes = style.attributes
        if attributes.contains(.bold) { result |= rolo_a_bold() }
        if attributes.contains(.dim) { result |= rolo_a_dim() }
        if attributes.contains(.reverse) { result |= rolo_a_reverse() }
        if attributes.contains(.underline) { result |= rolo_a_underline() }
        if attributes.contains(.italic) { result |= rolo_a_italic() }
        return result
    }

    /// A cell to draw: its index in the canvas and the colour pair its style needs.
    private struct DirtyCell {
        let index: Int
        let pair: ColorPairKey
    }

    /// The cells of `canvas` to draw: every one, or those that differ from the last frame (a wide
    /// grapheme also when the cell it covers changed); and the colour pairs they use.
    private func changedCells(of canvas: Canvas, all: Bool) -> (cells: [DirtyCell], pairs: Set<ColorPairKey>) {
        var result: [DirtyCell] = []
        if all { result.reserveCapacity(canvas.cells.count) }
        var keys: Set<ColorPairKey> = []
        // Neighbouring cells mostly share a style: its pair is worked out once a run.
        var last: (style: Style, key: ColorPairKey)?
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let current = canvas[x, y]
                if current.isContinuation { continue }
                if !all, let previous, previous[x, y] == current,
                   current.width == 1 || (x + 1 < canvas.width && previous[x + 1, y] == canvas[x + 1, y]) {
                    continue
                }
                let key: ColorPairKey
                if let last, last.style == current.style {
                    key = last.key
                } else {
                    key = pairKey(for: current.style)
                    last = (current.style, key)
                    keys.insert(key)
                }
                result.append(DirtyCell(index: y * canvas.width + x, pair: key))
            }
        }
        return (result, keys)
    }

    private func pairKey(for style: Style) -> ColorPairKey {
        let space = profile.colorSpace
        return ColorPairKey(foreground: ColorMapping.cursesColor(style.foreground, in: space),
                            background: ColorMapping.cursesColor(style.background, in: space))
    }

    private func pairNumber(for key: ColorPairKey) -> Int32 {
        let pair = pairs.pair(for: key)
        if pair.isNew, init_extended_pair(pair.number, key.foreground, key.background) == ERR { return 0 }
        return pair.number
    }
}
