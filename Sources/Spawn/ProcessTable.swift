import Foundation

/// The processes running on this machine, read from `/proc` (Linux).
public enum ProcessTable {
    /// Whether `pid` is running: it exists and is not a zombie waiting to be reaped.
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = stat(of: pid) else { return false }
        return stat.state != "Z" && stat.state != "X"
    }

    /// The parent of `pid`; nil when it is gone.
    public static func parent(of pid: pid_t) -> pid_t? {
        stat(of: pid)?.parent
    }

    /// Every running descendant of `pid` (children, their children, …), parents first.
    public static func descendants(of pid: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(entry), let stat = stat(of: child), stat.state != "Z" else { continue }
            children[stat.parent, default: []].append(child)
        }
        var result: [pid_t] = [], queue = children[pid] ?? []
        while !queue.isEmpty {
            let next = queue.removeFirst()
            result.append(next)
            queue += children[next] ?? []
        }
        return result
    }

    /// A process's command line, its arguments joined by spaces; empty when it is gone.
    public static func commandLine(of pid: pid_t) -> String {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return "" }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }

    /// Waits until none of `pids` is running, polling every 10 ms; returns those still running
    /// at `timeout`.
    public static func waitUntilGone(_ pids: [pid_t], timeout: TimeInterval) -> [pid_t] {
        let deadline = Date().addingTimeInterval(timeout)
        var running = pids.filter(isRunning)
        while !running.isEmpty, Date() < deadline {
            usleep(10_000)
            running = running.filter(isRunning)
        }
        return running
    }

    /// The state letter and parent of `pid`, from `/proc/PID/stat`; nil when it is gone.
    private static func stat(of pid: pid_t) -> (state: Character, parent: pid_t)? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        // The command name is in parentheses and may itself hold spaces and parentheses.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count >= 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return (state, parent)
    }
}
