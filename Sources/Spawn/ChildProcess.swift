import Foundation

/// A program started with `posix_spawn` in a clean signal state: no signal blocked and every
/// disposition at its default, whatever the spawning thread had.
///
/// Swift's test runner and dispatch threads block most signals, and a spawned child inherits
/// that mask; a tmux server started so ignores SIGTERM and SIGHUP, and so do the shell and rolo
/// it starts, and they outlive the test. Every process a test or a benchmark starts goes
/// through here. A child that is never waited for is killed and reaped when this is released.
public final class ChildProcess {
    /// Where the child's standard output goes.
    public enum Output {
        /// `/dev/null`.
        case discard
        /// A file, created or truncated; unlike a pipe, no daemon the child leaves behind can
        /// hold it open and keep a reader waiting.
        case file(String)
        /// A pipe, read with ``readOutput()``.
        case pipe
    }

    /// Why a program could not be started.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened.
        public let description: String
    }

    /// The child's process id.
    public let pid: pid_t
    private var outputReader: Int32 = -1
    private var status: Int32?

    /// Starts `path` with `arguments` (not including argv[0]); standard input is `input` (a
    /// descriptor of the caller's, which the child gets a copy of) else `/dev/null`, and standard
    /// error is `errors` (`/dev/null` unless told; a pipe is not offered). `environment` replaces
    /// the caller's when given ("NAME=value" entries).
    /// With a `terminal` (a pty's path), the child leads a session of its own with that terminal
    /// as its controlling terminal and its standard input, output and error; `input` and
    /// `output` are unused.
    public init(_ path: String, _ arguments: [String], environment: [String]? = nil, input: Int32? = nil,
                output: Output = .discard, errors: Output = .discard, terminal: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if let terminal {
            // Opened after setsid, without O_NOCTTY: it becomes the controlling terminal.
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, terminal, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDERR_FILENO)
        } else {
            if let input {
                posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
            } else {
                posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            }
            if case .file(let errorPath) = errors {
                posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            } else {
                posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            }
        }
        switch terminal == nil ? output : nil {
        case nil:
            break
        case .discard?:
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        case .file(let outputPath)?:
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .pipe?:
            guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            // Neither end may leak into this or another child; dup2 gives the child its own copy.
            pipeEnds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        }
        defer { if pipeEnds[1] >= 0 { close(pipeEnds[1]) } }
        // Nothing of this process's but those three: a daemon the child leaves (tmux's server)
        // would otherwise hold open whatever this process had without close-on-exec (a test
        // runner's pipe to its parent), and keep that parent waiting for it long after.
        _ = Self.closeFrom?(&actions, 3)

        // POSIX_SPAWN_SETSID (0x80), which Swift's Glibc doesn't import.
        let clean = CleanSpawnAttributes(flags: terminal == nil ? 0 : 0x80)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = envp.map { posix_spawn(&pid, path, &actions, &clean.attributes, argv, $0) }
            ?? posix_spawn(&pid, path, &actions, &clean.attributes, argv, environ)
        guard spawned == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            throw Failure(description: "could not start \(path): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        outputReader = pipeEnds[0]
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module
    /// doesn't declare; nil on a C library without it.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }

    deinit {
        if outputReader >= 0 { close(outputReader) }
        kill()
    }

    /// Everything the child writes to standard output until it closes it (for ``Output/pipe``;
    /// empty otherwise).
    public func readOutput() -> [UInt8] {
        guard outputReader >= 0 else { return [] }
        defer {
            close(outputReader)
            outputReader = -1
        }
        var output = [UInt8](), buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(outputReader, &buffer, buffer.count)
            if count > 0 {
                output += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                return output
            }
        }
    }

    /// What ``readAvailableOutput()`` found.
    public enum Available {
        /// Bytes the child wrote.
        case bytes([UInt8])
        /// The child (and every process sharing the pipe) closed it: no more will come.
        case closed
    }

    /// What the child has written to its ``Output/pipe`` so far, without waiting: nil when
    /// nothing is there yet.
    public func readAvailableOutput() -> Available? {
        guard outputReader >= 0 else { return .closed }
        var ready = pollfd(fd: outputReader, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 0) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(outputReader, &buffer, buffer.count)
        if count > 0 { return .bytes(Array(buffer[0..<count])) }
        if count < 0, errno == EINTR || errno == EAGAIN { return nil }
        close(outputReader)
        outputReader = -1
        return .closed
    }

    /// Waits for the child to exit and returns its wait status (see `exitStatus`).
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            guard errno == EINTR else { break }
        }
        status = raw
        return raw
    }

    /// Ends the child with SIGKILL unless it has exited, and reaps it. Never signals a child
    /// already reaped, whose pid may be another process's by then.
    public func kill() {
        guard exited() == nil else { return }
        _ = Glibc.kill(pid, SIGKILL)
        wait()
    }

    /// The child's wait status if it has exited, without waiting; nil while it runs.
    public func exited() -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
        status = raw
        return raw
    }

    /// The exit code of a child that exited, nil when a signal ended it.
    public var exitStatus: Int32? {
        guard let status, status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
    }

    /// The first executable file named `name` in the directories of `path` (a `PATH`; the
    /// usual directories when nil).
    public static func find(_ name: String, path: String?) -> String? {
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs `path` to completion and returns its exit code (nil when a signal ended it) and its
    /// standard output, read through a file.
    public static func run(_ path: String, _ arguments: [String], environment: [String]? = nil) throws -> (status: Int32?, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("rolo-spawn-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        let child = try ChildProcess(path, arguments, environment: environment, output: .file(outputPath))
        child.wait()
        return (child.exitStatus, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }
}
