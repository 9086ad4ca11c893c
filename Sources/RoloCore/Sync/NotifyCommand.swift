import Foundation
import Spawn

/// A source's `notify_command` run once for a notification: found on `PATH` (or given as a
/// path), its output discarded, and stopped when it runs past a time limit, so a program that
/// hangs holds up nothing. Its environment is rolo's own, which a desktop notifier needs
/// (`DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`).
public enum NotifyCommand {
    /// How long a command may run.
    public static let timeLimit: Duration = .seconds(10)

    /// How a run ended.
    public enum Outcome: Sendable, Equatable {
        case ran
        /// Exited with this status, or was ended by a signal (nil).
        case failed(Int32?)
        /// Still running at its time limit, this long; killed.
        case stopped(Duration)
        /// Couldn't be started: why.
        case notStarted(String)

        /// Nil when it ran; else a sentence about `program`.
        public func sentence(_ program: String) -> String? {
            switch self {
            case .ran: nil
            case .failed(let status?): "\(program) exited with status \(status)"
            case .failed(nil): "\(program) was ended by a signal"
            case .stopped(let limit):
                "\(program) was still running after \(String(format: "%g", Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18)) s and was stopped"
            case .notStarted(let why): why
            }
        }
    }

    /// Runs `arguments` (the program first) and waits for it, at most `limit`.
    public static func run(_ arguments: [String], environment: [String: String], limit: Duration = timeLimit) async -> Outcome {
        guard let program = arguments.first, !program.isEmpty else { return .notStarted("the notify_command is empty") }
        guard let path = program.contains("/") ? program : ChildProcess.find(program, path: environment["PATH"]) else {
            return .notStarted("\(program) isn't on PATH")
        }
        let child: ChildProcess
        do {
            child = try ChildProcess(path, Array(arguments.dropFirst()))
        } catch {
            return .notStarted("\(error)")
        }
        let deadline = ContinuousClock.now + limit
        // Polled: a notifier exits within milliseconds, and this waits off the screen's actor.
        while child.exited() == nil {
            guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(10))) != nil else {
                child.kill()
                return .stopped(limit)
            }
        }
        return child.exitStatus == 0 ? .ran : .failed(child.exitStatus)
    }
}
