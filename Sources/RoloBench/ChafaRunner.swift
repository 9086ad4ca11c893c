import Foundation

/// Runs the chafa command-line tool and captures what it prints.
///
/// It spawns chafa with `posix_spawn` rather than Foundation's `Process`, which on Linux spends
/// tens of milliseconds of its own per launch and would make chafa look slower than it is.
struct ChafaRunner {
    /// The chafa executable.
    let path: String

    /// Why a run failed.
    struct Failure: Error, CustomStringConvertible {
        /// What happened.
        let description: String
    }

    /// chafa from PATH, or nil when it isn't installed.
    static func find() -> ChafaRunner? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { "\($0)/chafa" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
            .map(ChafaRunner.init(path:))
    }

    /// chafa's standard output for `arguments`; throws when it can't start or exits with a failure.
    func run(_ arguments: [String]) throws -> String {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw Failure(description: "pipe: \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else { throw Failure(description: "posix_spawn \(path): \(spawned)") }

        var output = [UInt8](), buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 { output += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw Failure(description: "chafa \(arguments) exited with status \(status)") }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether this chafa accepts `option` (it lists it in `--help`).
    func supports(_ option: String) -> Bool {
        (try? run(["--help"]).contains(option)) ?? false
    }
}
