import Foundation
import Spawn

/// Opens a record's link on the user's desktop, or says why it can't: the decision is made
/// from an environment the caller gives, so tests decide it, and never opens a browser on a box
/// the user reached over ssh.
public struct LinkOpener: Sendable {
    /// The process environment the decision is made from.
    public var environment: [String: String]
    /// The path of an executable named so on `PATH`; nil when there is none.
    public var findProgram: @Sendable (_ name: String, _ environment: [String: String]) -> String?
    /// Starts a program with arguments, detached (output to /dev/null, not waited for here);
    /// throws when it can't be started.
    public var launch: @Sendable (_ program: String, _ arguments: [String]) throws -> Void

    /// An opener over `environment` that looks on its `PATH` and starts programs for real.
    public init(environment: [String: String],
                findProgram: @escaping @Sendable (String, [String: String]) -> String? = LinkOpener.searchPath,
                launch: @escaping @Sendable (String, [String]) throws -> Void = LinkOpener.startDetached) {
        self.environment = environment
        self.findProgram = findProgram
        self.launch = launch
    }

    /// An opener that never opens: no display, so `o` copies. What a screen has until the app
    /// gives it the real one.
    public static let copyOnly = LinkOpener(environment: [:], findProgram: { _, _ in nil }, launch: { _, _ in })

    /// Where a link goes: over ssh (`SSH_CONNECTION`, `SSH_CLIENT` or `SSH_TTY` set) or without
    /// a display (`DISPLAY`, `WAYLAND_DISPLAY`) it is copied; else opened with `xdg-open`, or
    /// copied when that isn't installed.
    public func route() -> LinkRoute {
        func has(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if has("SSH_CONNECTION") || has("SSH_CLIENT") || has("SSH_TTY") { return .copy(.overSSH) }
        guard has("DISPLAY") || has("WAYLAND_DISPLAY") else { return .copy(.noDisplay) }
        guard let program = findProgram("xdg-open", environment) else { return .copy(.noOpener) }
        return .open(program: program)
    }

    /// The first executable file named `name` in `environment`'s `PATH`.
    public static func searchPath(_ name: String, _ environment: [String: String]) -> String? {
        ChildProcess.find(name, path: environment["PATH"])
    }

    /// Starts `program` with its output discarded and reaps it on a thread of its own when it
    /// ends, so no zombie is left and the screen never waits for it.
    public static func startDetached(_ program: String, _ arguments: [String]) throws {
        let child = Reaped(try ChildProcess(program, arguments))
        let thread = Thread { child.process.wait() }
        thread.name = "rolo-open-link"
        thread.start()
    }

    /// A started child handed to the thread that waits for it; only that thread touches it.
    private final class Reaped: @unchecked Sendable {
        let process: ChildProcess
        init(_ process: ChildProcess) { self.process = process }
    }
}
