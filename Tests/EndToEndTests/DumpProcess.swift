import Foundation
import Spawn

/// The real `rolo` binary run to completion with its standard output and error captured: what a
/// script running `rolo dump` sees.
struct DumpProcess {
    /// The exit status, or 128 + the signal that ended it.
    let status: Int32
    let stdout: String
    let stderr: String

    /// Runs `rolo` with `arguments` in a clean environment (`HOME` and the XDG directories under
    /// `home`, plus `environment`), standard input from `input` (default /dev/null); killed after
    /// `timeout`. Standard error goes to `errors` when it is given, which the test may read
    /// while rolo runs, else to a file of its own.
    static func run(_ arguments: [String], home: String, environment: [String: String] = [:], timeout: TimeInterval = 60,
                    input: String = "/dev/null", errors: String? = nil) async throws -> DumpProcess {
        let out = home + "/stdout-\(UUID().uuidString)", err = errors ?? home + "/stderr-\(UUID().uuidString)"
        defer {
            unlink(out)
            if errors == nil { unlink(err) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The test runner blocks most signals and a child inherits the mask: without a clean
        // one, the kill below would not end it.
        let clean = CleanSpawnAttributes()
        let base = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_CONFIG_HOME": home + "/config",
                    "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_STATE_HOME": home + "/state"]
        let env = base.merging(environment) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let argv = ([RoloBinary.path] + arguments).map { strdup($0) } + [nil]
        defer { (env + argv).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, RoloBinary.path, &actions, &clean.attributes, argv, env)
        guard spawned == 0 else { throw TmuxSession.Failure("could not start rolo: error \(spawned)") }
        Watchdog.shared.watch(pid: pid)
        var status: Int32 = 0, reaped = false
        // However this ends (done, too slow, the test cancelled), rolo is reaped before it returns.
        defer {
            if !reaped {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
            Watchdog.shared.forget(pid: pid)
        }
        do {
            // eventually sleeps without blocking: a blocking sleep would hold a thread the in-process
            // stand-in needs.
            try await eventually("rolo to end", within: .seconds(timeout)) { waitpid(pid, &status, WNOHANG) != 0 }
        } catch is WaitTimedOut {
            throw TmuxSession.Failure("rolo \(arguments.joined(separator: " ")) did not end within \(timeout) s")
        }
        reaped = true
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return DumpProcess(
            status: code,
            stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }
}
