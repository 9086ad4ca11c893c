import Foundation
import Spawn

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `command` (or `password_command`) run for a secret: argv, no shell, found on `PATH`; the
/// first line of its standard output is the secret, read through a pipe (never a file). One
/// that fails is quoted from its standard error; one that runs past the time limit is killed.
public enum TokenCommand {
    /// How long a command may run: long enough for a password manager's prompt to be answered.
    public static let timeLimit: Duration = .seconds(60)

    /// The first line `arguments` prints, else why not, as a sentence about `setting` of `source`.
    public static func run(_ arguments: [String], setting: String, source: String, environment: [String: String],
                           limit: Duration = timeLimit) async throws(SignInError) -> String {
        guard let program = arguments.first, !program.isEmpty else {
            throw SignInError(.misconfigured, "the \(setting) of source '\(source)' is empty")
        }
        let name = program.sanitizedForTerminal
        guard let path = program.contains("/") ? program : ChildProcess.find(program, path: environment["PATH"]) else {
            throw SignInError(.misconfigured, "the \(setting) of source '\(source)' runs \(name), which isn't on PATH")
        }
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("rolo-auth-\(UUID().uuidString).err").path
        defer { unlink(errors) }
        let child: ChildProcess
        do {
            child = try ChildProcess(path, Array(arguments.dropFirst()), output: .pipe, errors: .file(errors))
        } catch {
            throw SignInError(.misconfigured, "the \(setting) of source '\(source)' couldn't start \(name): \(error)")
        }
        let deadline = ContinuousClock.now + limit
        var output: [UInt8] = []
        var open = true
        // The pipe is read as it fills, so a program printing a lot never blocks on it.
        while open || child.exited() == nil {
            if open {
                switch child.readAvailableOutput() {
                case .bytes(let bytes): output += bytes
                case .closed: open = false
                case .none: break
                }
                if output.count > 1 << 20 { break }
            }
            guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(open ? 5 : 10))) != nil else {
                child.kill()
                throw SignInError(.server, "the \(setting) of source '\(source)' (\(name)) was still running after \(limit.components.seconds) s and was stopped")
            }
        }
        child.kill()
        guard child.exitStatus == 0 else {
            let said = (try? String(contentsOfFile: errors, encoding: .utf8))?.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.last.map { ": \($0.sanitizedForTerminal)" } ?? ""
            let how = child.exitStatus.map { "exited with status \($0)" } ?? "was ended by a signal"
            throw SignInError(.server, "the \(setting) of source '\(source)' (\(name)) \(how)\(said)")
        }
        let line = String(decoding: output, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !line.isEmpty else {
            throw SignInError(.server, "the \(setting) of source '\(source)' (\(name)) printed nothing on its first line")
        }
        return line
    }
}
