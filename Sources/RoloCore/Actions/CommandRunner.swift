import Foundation
import Spawn

/// Runs a command action: its argv filled from the record, started with `posix_spawnp` (no
/// shell), with no signal blocked and every disposition at its default whatever the calling
/// thread had, and its output and exit status captured unless it runs in the terminal.
public enum CommandRunner {
    /// The most output kept: the rest is read and dropped, so the command never blocks on a
    /// full pipe.
    public static let outputLimit = 1 << 20

    /// The program and arguments `command` runs for `values`. A value the record lacks fails;
    /// so does an argument that is one value alone starting with `-` with no `--` before it,
    /// which the program would take for an option (`ssh {hostname}` with `-oProxyCommand=…`).
    public static func argv(_ command: CommandAction, _ values: ActionValues) throws(ActionFailure) -> [String] {
        var argv: [String] = []
        for template in command.argv {
            let text = try values.requiredText(template).get()
            let wholeValue = template.parts.count == 1 && template.paths.count == 1
            if wholeValue, text.hasPrefix("-"), !argv.dropFirst().contains("--") {
                throw ActionFailure(
                    .usage,
                    "{\(template.paths[0])} is '\(text.sanitizedForTerminal)', which \(argv.first ?? "the program") would take for an option — put \"--\" before it in command")
            }
            argv.append(text)
        }
        return argv
    }

    /// Runs `argv` and waits for it to end. `terminal`: it has rolo's standard input, output and
    /// error (the caller leaves the screen first); otherwise standard input is /dev/null and its
    /// output and errors are kept, together, in ``CommandResult/output``.
    public static func run(_ argv: [String], mode: CommandMode) async throws(ActionFailure) -> CommandResult {
        let result: Result<CommandResult, ActionFailure> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Result { () throws(ActionFailure) in try runBlocking(argv, capture: mode != .terminal) })
            }
        }
        return try result.get()
    }

    private static func runBlocking(_ argv: [String], capture: Bool) throws(ActionFailure) -> CommandResult {
        guard let program = argv.first, !program.isEmpty else { throw ActionFailure(.command, "the command is empty") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var ends: [Int32] = [-1, -1]
        if capture {
            guard pipe(&ends) == 0 else { throw ActionFailure(.command, "can't make a pipe: \(String(cString: strerror(errno)))") }
            ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, ends[1], STDERR_FILENO)
        }
        let clean = CleanSpawnAttributes()
        let arguments = argv.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, &clean.attributes, arguments, environ)
        if ends[1] >= 0 { close(ends[1]) }
        guard spawned == 0 else {
            if ends[0] >= 0 { close(ends[0]) }
            throw ActionFailure(.command, "can't run \(program.sanitizedForTerminal): \(String(cString: strerror(spawned)))")
        }
        var output = [UInt8]()
        if ends[0] >= 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(ends[0], &buffer, buffer.count)
                if count > 0 {
                    output += buffer[0..<min(count, max(0, outputLimit - output.count))]
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(ends[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return CommandResult(status: code, output: String(decoding: output, as: UTF8.self))
    }
}
