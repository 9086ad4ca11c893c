import Foundation
import Spawn
import Testing

/// A test leaves no process behind: children start able to receive signals, and a tmux session
/// takes its shell and rolo with it when it ends.
@Suite("Process hygiene")
struct ProcessHygieneTests {
    @Test("A spawned child starts with no signal blocked or ignored, whatever the spawning thread blocks")
    func cleanSignalState() throws {
        var blocked = sigset_t(), previous = sigset_t()
        sigfillset(&blocked)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let ignoredBefore = signal(SIGHUP, SIG_IGN)
        defer { signal(SIGHUP, ignoredBefore) }

        let result = try ChildProcess.run("/bin/grep", ["-E", "^Sig(Blk|Ign):", "/proc/self/status"])
        #expect(result.status == 0)
        let masks = Dictionary(uniqueKeysWithValues: result.output.split(separator: "\n").compactMap { line -> (String, UInt64)? in
            let parts = line.split(separator: "\t")
            return parts.count == 2 ? (String(parts[0]), UInt64(parts[1], radix: 16) ?? .max) : nil
        })
        #expect(masks["SigBlk:"] == 0, "\(result.output)")
        // glibc keeps its two internal real-time signals (32 and 33) out of sigfillset; the
        // 31 standard ones (SIGHUP is bit 0) must all be at their default.
        #expect(masks["SigIgn:"].map { $0 & 0x7FFF_FFFF } == 0, "\(result.output)")
    }

    @Test("A child is killed and reaped when released without a wait")
    func releasedChildIsReaped() throws {
        var child: ChildProcess? = try ChildProcess("/bin/sleep", ["600"])
        let pid = try #require(child?.pid)
        #expect(ProcessTable.isRunning(pid))
        child = nil
        #expect(!ProcessTable.isRunning(pid))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "\(pid) was not reaped")
    }

    @Test("A spawned child holds none of this process's descriptors but its standard input, output and error")
    func noInheritedDescriptors() throws {
        // A descriptor without close-on-exec, as a test runner's pipe to its parent may be.
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor >= 0)
        // The lowest free number from 200 up: other tests open and close descriptors on other
        // threads meanwhile, so a fixed number (dup2) could close one of theirs, or be reused.
        let high = fcntl(descriptor, F_DUPFD, 200)
        close(descriptor)
        try #require(high >= 200)
        defer { close(high) }
        try #require(fcntl(high, F_GETFD) & FD_CLOEXEC == 0)
        let result = try ChildProcess.run("/bin/sh", ["-c", "test -e /proc/$$/fd/\(high) && echo held || echo closed"])
        #expect(result.output == "closed\n")
    }

    @Test("A pipe carries the child's output and its exit code comes back")
    func pipeAndStatus() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "printf 'a\\nb'; exit 3"], output: .pipe)
        #expect(String(decoding: child.readOutput(), as: UTF8.self) == "a\nb")
        child.wait()
        #expect(child.exitStatus == 3)
    }
}

extension EndToEnd {
    @Suite("Tests leave nothing behind", .serialized)
    struct TeardownEndToEndTests {
        /// A tmux session running rolo's demo, and the pids of its server, shell and rolo.
        static func sessionWithRolo() async throws -> (tmux: TmuxSession, server: pid_t, shell: pid_t, rolo: pid_t) {
            let tmux = try await TmuxSession(width: 80, height: 24)
            try tmux.run("\(RoloBinary.path) --demo people")
            try await tmux.waitFor("the demo's list") { $0.contains("24 employees") }
            let rolo = try #require(try tmux.childPID(), "rolo's pid")
            let shell = try #require(ProcessTable.parent(of: rolo), "the shell's pid")
            let server = try #require(ProcessTable.parent(of: shell), "the tmux server's pid")
            #expect(ProcessTable.commandLine(of: server).contains("tmux"))
            return (tmux, server, shell, rolo)
        }

        @Test("Closing a tmux session ends its server, the shell and rolo in it, with no SIGKILL needed")
        func sessionTakesEverythingWithIt() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing (make test builds it)")
            let (tmux, server, shell, rolo) = try await Self.sessionWithRolo()

            #expect(tmux.close().isEmpty, "kill-server should have ended everything by itself")
            for pid in [server, shell, rolo] {
                #expect(!ProcessTable.isRunning(pid), "\(pid) is still running")
            }
        }

        /// Where an exit test's child process writes down pids for the test process `parent`
        /// (an exit test's body captures nothing; the child knows its parent).
        static func record(_ name: String, parent: pid_t) -> String {
            FileManager.default.temporaryDirectory.appendingPathComponent("rolo-watchdog-\(name)-\(parent)").path
        }

        @Test("A test process killed with SIGKILL leaves no tmux server, shell or rolo running: the watchdog ends them")
        func killedTestProcessLeavesNothing() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing (make test builds it)")
            let record = Self.record("killed", parent: getpid())
            defer { unlink(record) }
            // A test process of its own (Swift Testing's exit test: this binary again) starts a tmux
            // session with rolo in it, writes down their pids and the reaper's and the session's
            // directory, and dies as a trap or the OOM killer would end it, with no teardown of its own.
            await #expect(processExitsWith: .signal(SIGKILL)) {
                let (tmux, server, shell, rolo) = try await TeardownEndToEndTests.sessionWithRolo()
                let reaper = try #require(Watchdog.shared.reaperPID, "the watchdog's pid")
                let folder = (tmux.idleFile as NSString).deletingLastPathComponent
                try "\(server) \(shell) \(rolo) \(reaper)\n\(folder)".write(
                    toFile: TeardownEndToEndTests.record("killed", parent: getppid()), atomically: true, encoding: .utf8)
                withExtendedLifetime(tmux) { _ = kill(getpid(), SIGKILL) }
            }
            let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
            let pids = lines.first?.split(separator: " ").compactMap { pid_t($0) } ?? []
            #expect(pids.count == 4, "the tmux server, the shell, rolo and the reaper: \(pids)")
            let left = ProcessTable.waitUntilGone(pids, timeout: 20)
            #expect(left.isEmpty, "still running 20 s after the test process died: \(left.map { "\($0) \(ProcessTable.commandLine(of: $0))" })")
            left.forEach { kill($0, SIGKILL) }
            // The dead process's session directory, which no teardown removed, goes once what used it is gone.
            if let folder = lines.dropFirst().first, (folder as NSString).lastPathComponent.hasPrefix("rolo-e2e-") {
                try? FileManager.default.removeItem(atPath: folder)
            }
        }

        @Test("At a normal exit the watchdog has nothing to end, and is gone when the test process is")
        func watchdogEndsWithTheTests() async throws {
            let record = Self.record("exited", parent: getpid())
            defer { unlink(record) }
            await #expect(processExitsWith: .success) {
                let session = try await TmuxSession(width: 40, height: 10)
                let reaper = try #require(Watchdog.shared.reaperPID, "the watchdog's pid")
                try "\(reaper)".write(toFile: TeardownEndToEndTests.record("exited", parent: getppid()), atomically: true, encoding: .utf8)
                #expect(session.close().isEmpty)
                #expect(ProcessTable.isRunning(reaper), "the watchdog outlives a session; it ends with the process")
            }
            let reaper = try #require(pid_t(try String(contentsOfFile: record, encoding: .utf8)))
            #expect(!ProcessTable.isRunning(reaper) && kill(reaper, 0) == -1, "the watchdog outlived the test process")
        }
    }
}
