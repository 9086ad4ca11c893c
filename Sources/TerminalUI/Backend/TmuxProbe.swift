import Foundation

/// Asks the tmux rolo runs in for its options, because whether a plain OSC 52 is enough or the
/// DCS passthrough is needed, whether pictures can get through, and which terminal is around
/// tmux depend on them, and nothing in the environment says.
public enum TmuxProbe {
    /// The options, or nil when tmux can't be asked (not on PATH, server gone). Blocks for the
    /// few milliseconds tmux takes: call it off the main actor.
    public static func run(environment: [String: String] = ProcessInfo.processInfo.environment) -> TmuxOptions? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "display-message", "-p", TmuxOptions.format]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return TmuxOptions(reply: String(decoding: data, as: UTF8.self))
    }
}
