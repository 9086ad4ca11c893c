import Foundation
import Spawn

#if canImport(Glibc)
    import Glibc
#endif

/// A process that outlives this test process and ends what the tests started if it dies.
///
/// The tests end their tmux servers and rolo processes in `close` and `deinit`, which never run
/// when the test process traps or is killed: those would be left running, holding ports, files
/// and the machine's two cores. So the first time a test starts one, this starts
/// `scripts/test-reaper.py` with one end of a socket pair as its standard input; the other end
/// is this process's alone (close-on-exec, so no child inherits it). Each tmux server (by socket)
/// and process (by pid) is listed with the reaper while it runs and struck off once ended. When
/// this process dies, however it dies, the reaper reads end of file and ends what is still
/// listed, then exits. At a normal exit nothing is listed: closing this end lets the reaper exit
/// at once, and this process waits for it, so nothing of the tests' outlives the run.
///
/// `prctl(PR_SET_PDEATHSIG)` is no substitute: a child started with `posix_spawn` can't call it
/// before it runs the program, it fires when the spawning *thread* ends rather than the process,
/// and tmux's server is a daemon, no child of ours.
final class Watchdog: @unchecked Sendable {
    static let shared = Watchdog()

    /// The reaper, next to the tests' other scripts.
    static var script: String { RoloBinary.repository.appendingPathComponent("scripts/test-reaper.py").path }

    private let lock = NSLock()
    private var socket: Int32 = -1
    private var reaper: ChildProcess?
    private var unavailable = false

    private init() {}

    /// Lists a process to be ended if this one dies before ``forget(pid:)``.
    func watch(pid: pid_t) { send("pid \(pid)") }
    /// Strikes a process off once it has been waited for.
    func forget(pid: pid_t) { send("unpid \(pid)", starting: false) }
    /// Lists a tmux server, by its `-L` socket name, to be killed with everything it runs if
    /// this process dies before ``forget(tmuxSocket:)``.
    func watch(tmuxSocket: String) { send("tmux \(tmuxSocket)") }
    /// Strikes a tmux server off once it has been killed.
    func forget(tmuxSocket: String) { send("untmux \(tmuxSocket)", starting: false) }

    /// The reaper's pid, once it runs.
    var reaperPID: pid_t? { lock.withLock { reaper?.pid } }

    private func send(_ line: String, starting: Bool = true) {
        lock.withLock {
            if socket < 0, starting, !unavailable { start() }
            guard socket >= 0 else { return }
            let bytes = Array((line + "\n").utf8)
            var offset = 0
            while offset < bytes.count {
                // MSG_NOSIGNAL: a reaper gone early is no reason for SIGPIPE to end the tests.
                let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent > 0 {
                    offset += sent
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Starts the reaper; on failure, says so once and leaves the tests to their own teardown.
    private func start() {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            unavailable = true
            FileHandle.standardError.write(Data("watchdog: socketpair: \(String(cString: strerror(errno)))\n".utf8))
            return
        }
        defer { close(ends[0]) }
        do {
            reaper = try ChildProcess("/usr/bin/python3", [Self.script], input: ends[0])
            socket = ends[1]
            atexit { Watchdog.shared.finish() }
        } catch {
            close(ends[1])
            unavailable = true
            FileHandle.standardError.write(Data("watchdog: \(error); a crash of the tests may leave tmux or rolo running\n".utf8))
        }
    }

    /// At exit: closes this end, so the reaper ends what is still listed (nothing, after a
    /// normal run) and exits; waits for it, bounded.
    private func finish() {
        lock.withLock {
            guard socket >= 0, let reaper else { return }
            close(socket)
            socket = -1
            let deadline = Date().addingTimeInterval(15)
            while reaper.exited() == nil, Date() < deadline { usleep(1000) }
            if reaper.exited() == nil {
                kill(reaper.pid, SIGKILL)
                reaper.wait()
            }
        }
    }
}
