import Foundation
import Spawn
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// rolo on a pseudo-terminal whose far end this test holds, playing a terminal: it records every
/// byte rolo writes and answers rolo's questions as the terminal it plays would (or not at all).
///
/// The far end is read continuously on a thread of its own, so rolo never blocks writing a
/// picture; waits are on rolo's idle file (`ROLO_IDLE_FILE`) and on bytes seen, each bounded.
final class PtyTerminal: @unchecked Sendable {
    /// How the far end answers rolo's start-up questions.
    enum Persona: Sendable {
        /// kitty 0.26: XTVERSION, the graphics query's OK, the cell size, DA1 without sixel.
        case kitty
        /// XTerm -ti vt340: XTVERSION, DA1 with sixel (4); no cell size (XTerm's window ops are
        /// off by default), so rolo falls back to the kernel's window size in pixels.
        case xtermSixel
        /// WezTerm: XTVERSION, the cell size, DA1; no answer to kitty's query here, so rolo's
        /// choice for WezTerm, iTerm2's inline images, is what is tested.
        case wezterm
        /// A terminal that answers nothing.
        case silent
        /// kitty's answers, but only after `delay`: past rolo's patience, so they must be read
        /// and dropped, never taken for keys.
        case late(Duration)
        /// A kitty with Unicode placeholders (0.35) around tmux: every question answered as it
        /// comes, tmux's own at the client's start and rolo's through the passthrough alike.
        case kittyAroundTmux

        /// The answers, in the order a terminal gives them (DA1 last).
        var replies: [UInt8] {
            switch self {
            case .kitty, .late:
                return Array("\u{1b}P>|kitty(0.26.5)\u{1b}\\\u{1b}_Gi=31;OK\u{1b}\\\u{1b}[6;20;10t\u{1b}[?62;c".utf8)
            case .xtermSixel:
                return Array("\u{1b}P>|XTerm(379)\u{1b}\\\u{1b}[?63;1;2;4;6;9;15;16;22;28c".utf8)
            case .wezterm:
                return Array("\u{1b}P>|WezTerm 20240203-110809-5046fc22\u{1b}\\\u{1b}[6;20;10t\u{1b}[?65;4;6;18;22c".utf8)
            case .silent, .kittyAroundTmux:
                return []
            }
        }

        /// kitty 0.35's answer to each question it is asked, by the question's first bytes; a
        /// graphics query (`ESC _ G … a=q … ESC \`) is answered OK apart from these.
        static let kittyAnswers: [(question: [UInt8], answer: [UInt8])] = [
            ("\u{1b}[>0q", "\u{1b}P>|kitty(0.35.2)\u{1b}\\"), ("\u{1b}[>q", "\u{1b}P>|kitty(0.35.2)\u{1b}\\"),
            ("\u{1b}[>0c", "\u{1b}[>1;4000;35c"), ("\u{1b}[>c", "\u{1b}[>1;4000;35c"),
            ("\u{1b}[0c", "\u{1b}[?62;c"), ("\u{1b}[c", "\u{1b}[?62;c"),
            ("\u{1b}[16t", "\u{1b}[6;20;10t"), ("\u{1b}[14t", "\u{1b}[4;800;1200t"),
        ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

        /// The answers to the questions in `bytes` from `start`, moving `start` past those
        /// answered (and past anything else whole), up to a question not all there yet.
        static func answerEach(_ bytes: [UInt8], from start: inout Int) -> [UInt8] {
            var answers: [UInt8] = []
            while let escape = bytes[start...].firstIndex(of: 0x1b) {
                let rest = bytes[escape...]
                if rest.starts(with: Array("\u{1b}_G".utf8)) || Array("\u{1b}_G".utf8).starts(with: rest) {
                    guard rest.count >= 3, let end = rest.firstRange(of: [0x1b, UInt8(ascii: "\\")]) else { break }
                    let body = String(decoding: rest[(escape + 3)..<end.lowerBound], as: UTF8.self)
                    let keys = body.prefix { $0 != ";" }.split(separator: ",")
                    if keys.contains("a=q"), let id = keys.first(where: { $0.hasPrefix("i=") }) {
                        answers += Array("\u{1b}_G\(id);OK\u{1b}\\".utf8)
                    }
                    start = end.upperBound
                } else if let known = kittyAnswers.first(where: { rest.starts(with: $0.question) }) {
                    answers += known.answer
                    start = escape + known.question.count
                } else if kittyAnswers.contains(where: { $0.question.starts(with: rest) }) {
                    break
                } else {
                    start = escape + 1
                }
            }
            return answers
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What the far end's thread shares with the test: the pty's master side and what was read.
    /// The thread holds only this, so a test that ends early (a failed expectation) still
    /// releases the terminal, which kills rolo and stops the thread.
    private final class FarEnd: Sendable {
        let master: Int32
        let output = Mutex<[UInt8]>([])
        let stopping = Atomic<Bool>(false)
        let answered = Atomic<Bool>(false)
        /// The reader's waits that ended with nothing to read, to know when it has read all
        /// rolo wrote so far.
        let quietPolls = Atomic<Int>(0)

        init(master: Int32) {
            self.master = master
        }

        func write(_ bytes: [UInt8]) {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    let columns: Int, rows: Int
    private var master: Int32 { far.master }
    private let far: FarEnd
    private let child: ChildProcess
    let idleFile: String
    /// rolo's home, holding `idleFile`; removed after rolo has ended (in `deinit`, after `stop`).
    private let home: TemporaryDirectory
    private var reader: Thread?

    /// Starts rolo with `arguments` on a `columns × rows` pty of `cellPixels` pixels a cell; or
    /// `program` (tmux's client, which runs rolo), with TERM `term`.
    init(arguments: [String], persona: Persona, columns: Int = 120, rows: Int = 40,
         cellPixels: (width: Int, height: Int) = (10, 20), program: String = RoloBinary.path, term: String = "xterm-256color") throws {
        self.columns = columns
        self.rows = rows
        home = try TemporaryDirectory("rolo-pty")
        let scratch = home.path
        idleFile = scratch + "/idle"
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        far = FarEnd(master: master)
        var unlock: Int32 = 0, number: Int32 = 0
        // TIOCSPTLCK and TIOCGPTN: what unlockpt and ptsname do, which Swift's Glibc lacks.
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw Failure(description: "no pty")
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * cellPixels.width),
                           ws_ypixel: UInt16(rows * cellPixels.height))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let environment = [
            "TERM=\(term)", "LANG=C.UTF-8", "HOME=\(scratch)", "ROLO_IDLE_FILE=\(idleFile)",
            "XDG_CONFIG_HOME=\(scratch)/config", "XDG_STATE_HOME=\(scratch)/state", "XDG_CACHE_HOME=\(scratch)/cache",
            "XDG_DATA_HOME=\(scratch)/data", "PATH=/usr/bin:/bin",
        ]
        child = try ChildProcess(program, arguments, environment: environment, terminal: "/dev/pts/\(number)")
        Watchdog.shared.watch(pid: child.pid)
        let far = self.far
        let thread = Thread { Self.pump(far, persona) }
        thread.name = "pty-far-end"
        reader = thread
        thread.start()
    }

    deinit {
        stop()
        close(master)
    }

    /// Everything rolo has written so far.
    var bytes: [UInt8] { far.output.withLock { $0 } }

    /// Types `text` as keys.
    func type(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes raw bytes, as the terminal would send them.
    func write(_ bytes: [UInt8]) {
        far.write(bytes)
    }

    /// Waits (bounded) until the far end has written its answers.
    func waitAnswered() async throws {
        try await eventually("rolo to ask the terminal something and the far end to answer") {
            far.answered.load(ordering: .sequentiallyConsistent)
        }
    }

    /// Presses `key`, waits for the frame it causes and for idle; the bytes rolo wrote meanwhile.
    ///
    /// Every key pressed here changes the screen, so a frame that wrote nothing is not the
    /// key's: rolo draws one more when its spinner's timer finds nothing left to turn.
    func press(_ key: String) async throws -> [UInt8] {
        let before = bytes.count
        var frame = idleState().frame
        type(key)
        let deadline = Date().addingTimeInterval(60)
        repeat {
            frame = try await waitIdle(after: frame)
        } while bytes.count == before && Date() < deadline
        return Array(bytes[before...])
    }

    /// Resizes the terminal, as a window dragged bigger or smaller: the kernel signals rolo.
    func resize(columns: Int, rows: Int, cellPixels: (width: Int, height: Int) = (10, 20)) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * cellPixels.width),
                           ws_ypixel: UInt16(rows * cellPixels.height))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// rolo's last report: whether it was idle, and its frame number.
    func idleState() -> (idle: Bool, frame: Int) {
        guard let text = try? String(contentsOfFile: idleFile, encoding: .utf8) else { return (false, 0) }
        let parts = text.split(separator: " ")
        return (parts.first == "idle", parts.count > 1 ? Int(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 : 0)
    }

    /// Waits until rolo has drawn a frame after `frame` with nothing in flight; returns that frame.
    @discardableResult
    func waitIdle(after frame: Int, timeout: TimeInterval = 60) async throws -> Int {
        let state: (idle: Bool, frame: Int)
        do {
            state = try await eventually("rolo idle after frame \(frame)", within: .seconds(timeout), { idleState() },
                                         until: { $0.idle && $0.frame > frame })
        } catch is WaitTimedOut {
            throw Failure(description: "rolo did not become idle after frame \(frame) within \(timeout) s (\(idleState()))")
        }
        try await waitRead()
        return state.frame
    }

    /// Waits until the far end has read everything rolo wrote so far: rolo writes a frame before
    /// it reports it in the idle file, so after an idle report its bytes are on their way through
    /// the pty (the kernel hands them to this side on a work queue, which a loaded machine runs
    /// late); once a whole wait of the reader begun since found nothing, they are in `bytes`.
    private func waitRead() async throws {
        var pending: Int32 = 0
        try await eventually("the pty drained of rolo's bytes") { ioctl(master, UInt(FIONREAD), &pending) != 0 || pending == 0 }
        let quiet = far.quietPolls.load(ordering: .sequentiallyConsistent)
        try await eventually("the far end to read on") { far.quietPolls.load(ordering: .sequentiallyConsistent) >= quiet + 2 }
    }

    /// Presses `q` and waits (bounded) for rolo to exit; kills it if it doesn't. Returns its status.
    @discardableResult
    func quit() async throws -> Int32 {
        type("q")
        defer { stop() }
        guard let status = try await eventually("rolo to exit after q", { child.exited() }, until: { $0 != nil }) else {
            throw Failure(description: "rolo did not exit after q")
        }
        return status
    }

    /// Ends the far end's thread and, if rolo still runs, kills and reaps it.
    private func stop() {
        child.kill()
        Watchdog.shared.forget(pid: child.pid)
        far.stopping.store(true, ordering: .sequentiallyConsistent)
        while reader?.isFinished == false { usleep(1000) }
        reader = nil
    }

    /// The far end: reads rolo's output as it comes, answering the start-up questions once.
    private static func pump(_ far: FarEnd, _ persona: Persona) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var answerAt: ContinuousClock.Instant?
        var asked = 0
        let question = Array("\u{1b}[c".utf8)
        while !far.stopping.load(ordering: .sequentiallyConsistent) {
            var descriptor = pollfd(fd: far.master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 20)
            if ready == 0 { far.quietPolls.add(1, ordering: .sequentiallyConsistent) }
            if ready > 0 {
                let count = read(far.master, &buffer, buffer.count)
                if count > 0 {
                    far.output.withLock { $0 += buffer[0..<count] }
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    // rolo is gone (EIO): nothing more to read.
                    usleep(5000)
                }
            }
            if case .kittyAroundTmux = persona {
                let answers = far.output.withLock { Persona.answerEach($0, from: &asked) }
                if !answers.isEmpty {
                    far.write(answers)
                    far.answered.store(true, ordering: .sequentiallyConsistent)
                }
                continue
            }
            if answerAt == nil, far.output.withLock({ $0.firstRange(of: question) != nil }) {
                if case .late(let delay) = persona {
                    answerAt = .now + delay
                } else {
                    answerAt = .now
                }
            }
            if !far.answered.load(ordering: .sequentiallyConsistent), let at = answerAt, ContinuousClock.now >= at {
                let replies = persona.replies
                // Written in two pieces, so rolo's reads may end inside a reply.
                let half = replies.count / 2
                far.write(Array(replies[..<half]))
                usleep(2000)
                far.write(Array(replies[half...]))
                far.answered.store(true, ordering: .sequentiallyConsistent)
            }
        }
    }
}
