import Foundation
import Spawn
import Testing

/// Every test that drives the real binary: one at a time, so no two rolo processes and stand-ins
/// compete for a 2-core machine's time while tests wait on what they draw.
@Suite(.serialized) struct EndToEnd {}

/// A detached tmux session with a plain shell, for driving the real `rolo` binary the way a
/// person would: keys in with `send-keys`, the screen out with `capture-pane`.
///
/// Each session has its own tmux server socket, so tests never touch the user's tmux. When the
/// session is released (the test ends, passed or failed) its server is killed and waited for,
/// with the shell and everything running in it.
final class TmuxSession {
    let name: String
    private let socket: String
    let idleFile: String
    private let home: String
    /// Holds `home` and `idleFile`; let go once the server and what it ran are gone.
    private var scratch: TemporaryDirectory?
    /// The tmux server, a daemon: not our child, so it is watched in /proc rather than waited for.
    private var serverPID: pid_t?
    private var isClosed = false

    /// Starts `bash` in a `width`×`height` window with a `$ ` prompt.
    init(width: Int, height: Int, term: String = "screen", environment: [String: String] = [:]) async throws {
        let id = UUID().uuidString.prefix(8).lowercased()
        name = "rolo-e2e-\(id)"
        socket = "rolo-e2e-\(id)"
        let scratch = try TemporaryDirectory("rolo-e2e-\(id)")
        self.scratch = scratch
        idleFile = scratch.path + "/idle"
        home = scratch.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        Watchdog.shared.watch(tmuxSocket: socket)
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", name, "-c", home, "-x", "\(width)", "-y", "\(height)",
                  "env", "-i", "PATH=/usr/bin:/bin", "HOME=\(home)", "TERM=\(term)", "LANG=C.UTF-8",
                  "PS1=$ ", "ROLO_IDLE_FILE=\(idleFile)"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                 + ["bash", "--norc", "--noprofile"])
        serverPID = pid_t(try tmux(["display-message", "-p", "-t", name, "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
        _ = try await waitFor("the shell prompt") { $0.contains("$") }
    }

    deinit {
        close()
    }

    /// Kills the tmux server and waits until it, the shell and whatever runs in the shell (rolo)
    /// are gone. Returns what was still running 10 s later and had to be killed with SIGKILL
    /// (also recorded as an issue of the running test): nothing, when teardown works.
    @discardableResult
    func close() -> [pid_t] {
        guard !isClosed else { return [] }
        isClosed = true
        defer { scratch = nil }
        return Self.killServer(socket: socket, serverPID: serverPID)
    }

    /// Kills the tmux server on `socket` and waits until it (`serverPID`) and everything it ran
    /// are gone, then strikes it off the watchdog's list. What is still running 10 s later is
    /// killed with SIGKILL, recorded as an issue of the running test, and returned: nothing,
    /// when teardown works.
    @discardableResult
    static func killServer(socket: String, serverPID: pid_t?) -> [pid_t] {
        let tree = serverPID.map { [$0] + ProcessTable.descendants(of: $0) } ?? []
        _ = try? execute("/usr/bin/tmux", ["-L", socket, "kill-server"])
        let survivors = ProcessTable.waitUntilGone(tree, timeout: 10)
        defer { Watchdog.shared.forget(tmuxSocket: socket) }
        guard !survivors.isEmpty else { return [] }
        let described = survivors.map { "\($0) \(ProcessTable.commandLine(of: $0))" }.joined(separator: "; ")
        survivors.forEach { kill($0, SIGKILL) }
        _ = ProcessTable.waitUntilGone(survivors, timeout: 10)
        Issue.record("tmux's kill-server left these running, killed with SIGKILL: \(described)")
        return survivors
    }

    /// Types a line into the shell and presses Enter.
    func run(_ command: String) throws {
        try tmux(["send-keys", "-t", name, "-l", command])
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    /// Sends keys by tmux name ("Down", "Enter", "Escape", "C-c", "q").
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// The visible screen as text.
    func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// The visible screen with its colours as SGR sequences.
    func captureWithColors() throws -> String {
        try tmux(["capture-pane", "-e", "-p", "-t", name])
    }

    /// Runs a tmux command against this session's server (`set -g …`, `show-buffer`) and
    /// returns its output.
    @discardableResult
    func command(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    /// Resizes the window, as a person dragging the terminal's corner.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pid of the program running in the shell (rolo), if any.
    func childPID() throws -> Int32? {
        let shell = try tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        return pid_t(shell).flatMap { ProcessTable.descendants(of: $0).first }
    }

    /// The frame counter rolo last reported, and whether it was idle then.
    func idleState() -> (idle: Bool, frame: Int) {
        guard let text = try? String(contentsOfFile: idleFile, encoding: .utf8) else { return (false, 0) }
        let parts = text.split(separator: " ")
        return (parts.first == "idle", parts.count > 1 ? Int(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 : 0)
    }

    /// Waits until rolo has drawn a frame after `frame` with nothing in flight.
    func waitIdle(after frame: Int, timeout: TimeInterval = 60) async throws {
        do {
            try await eventually("rolo idle after frame \(frame)", within: .seconds(timeout), { idleState() },
                                 until: { $0.idle && $0.frame > frame })
        } catch is WaitTimedOut {
            throw Failure("rolo did not become idle after frame \(frame) within \(timeout) s; last state \(idleState())\n\((try? capture()) ?? "")")
        }
    }

    /// Polls the screen until `condition` holds, returning the screen; fails with the last screen.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 60, _ condition: (String) -> Bool) async throws -> String {
        var screen = ""
        do {
            return try await eventually(what, within: .seconds(timeout), {
                screen = try capture()
                return screen
            }, until: condition)
        } catch is WaitTimedOut {
            throw Failure("timed out after \(timeout) s waiting for \(what); the screen was:\n\(screen)")
        }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Self.execute("/usr/bin/tmux", ["-L", socket] + arguments)
    }

    /// Runs a program to completion and returns its standard output.
    ///
    /// Through ``ChildProcess`` rather than Foundation's Process: Process.waitUntilExit hangs
    /// here when the program leaves a daemon behind (tmux's server), and a child must start with
    /// no signal blocked, or tmux and everything it runs ignore SIGTERM and SIGHUP.
    @discardableResult
    static func execute(_ path: String, _ arguments: [String]) throws -> String {
        try ChildProcess.run(path, arguments).output
    }

    /// A failed wait, carrying what was on screen.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// Where the built `rolo` binary is (make test builds it before the tests run).
enum RoloBinary {
    /// The repository's top folder.
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var path: String {
        if let override = ProcessInfo.processInfo.environment["ROLO_BINARY"] { return override }
        return repository.appendingPathComponent(".build/debug/rolo").path
    }

    static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }
}
