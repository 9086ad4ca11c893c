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
        @Test("Closing a tmux session ends its server, the shell and rolo in it, with no SIGKILL needed")
        func sessionTakesEverythingWithIt() async throws {
            try #require(RoloBinary.exists, "build rolo first: \(RoloBinary.path) is missing (make test builds it)")
            let tmux = try await TmuxSession(width: 80, height: 24)
            try tmux.run("\(RoloBinary.path) --demo people")
            try await tmux.waitFor("the demo's list") { $0.contains("24 employees") }
            let rolo = try #require(try tmux.childPID(), "rolo's pid")
            let shell = try #require(ProcessTable.parent(of: rolo), "the shell's pid")
            let server = try #require(ProcessTable.parent(of: shell), "the tmux server's pid")
            #expect(ProcessTable.commandLine(of: server).contains("tmux"))

            #expect(tmux.close().isEmpty, "kill-server should have ended everything by itself")
            for pid in [server, shell, rolo] {
                #expect(!ProcessTable.isRunning(pid), "\(pid) is still running")
            }
        }
    }
}
