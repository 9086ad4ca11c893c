import Foundation
import Logging

/// How long each step of the start took, up to the first frame and the first frame with data:
/// one log line when `ROLO_TRACE_STARTUP=1`, nothing (not even a clock read) otherwise.
///
/// Steps are marked before the log exists (the settings say where it goes), so they are kept
/// and written together once the start is over.
public enum StartupTrace {
    /// Whether the environment asks for the trace; read once, with `getenv`: Foundation's
    /// `environment` copies every variable into a dictionary, which costs the traced launch
    /// half a millisecond before its first mark.
    public static let isEnabled = getenv("ROLO_TRACE_STARTUP").map { String(cString: $0) == "1" } ?? false

    private struct Marks {
        var origin: UInt64?
        var steps: [(name: String, at: UInt64)] = []
        var written = false
    }

    private static let marks = LockedValue(Marks())

    /// Notes that the step `name` has just finished; the first mark is the origin.
    public static func mark(_ name: String) {
        guard isEnabled else { return }
        marks.withLock { marks in
            guard !marks.written else { return }
            // Read under the lock: two threads marking at once (the directory's cities answer
            // side by side) would append their steps in the other order than their clock reads.
            let now = DispatchTime.now().uptimeNanoseconds
            if marks.origin == nil { marks.origin = now }
            marks.steps.append((name, now))
        }
    }

    /// Marks the last step and writes the line, once: "startup: main +0.0, settings +1.2 …
    /// = 9.4 ms from main".
    public static func finish(_ name: String) {
        guard isEnabled else { return }
        mark(name)
        let line: String? = marks.withLock { marks in
            guard !marks.written, let origin = marks.origin else { return nil }
            marks.written = true
            return describe(marks.steps, origin: origin)
        }
        if let line { Logger(label: "rolo.startup").info("\(line)") }
    }

    /// The steps as one line, each with the milliseconds it took since the one before; a step
    /// stamped before the one before it gets +0.0, where subtracting the unsigned stamps would trap.
    static func describe(_ steps: [(name: String, at: UInt64)], origin: UInt64) -> String {
        var previous = origin
        var parts: [String] = []
        for step in steps {
            parts.append("\(step.name) +\(milliseconds(step.at > previous ? step.at - previous : 0))")
            previous = max(previous, step.at)
        }
        return "startup: " + parts.joined(separator: ", ") + " = \(milliseconds(previous - origin)) ms from main"
    }

    private static func milliseconds(_ nanoseconds: UInt64) -> String {
        String(format: "%.1f", Double(nanoseconds) / 1_000_000)
    }
}
