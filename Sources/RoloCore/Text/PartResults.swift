import Foundation

/// The results of work split into consecutive parts run side by side
/// (`DispatchQueue.concurrentPerform`), each part's stored once by its own thread and joined
/// in the parts' order.
final class PartResults<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [[Element]]

    init(_ count: Int) {
        parts = Array(repeating: [], count: count)
    }

    func set(_ part: Int, _ results: [Element]) {
        lock.withLock { parts[part] = results }
    }

    /// Every part's results, in the parts' order.
    func joined() -> [Element] {
        lock.withLock {
            var all: [Element] = []
            all.reserveCapacity(parts.reduce(0) { $0 + $1.count })
            for part in parts { all.append(contentsOf: part) }
            return all
        }
    }
}

/// The cores work is split across.
enum Cores {
    /// Asked once: Foundation reads the cgroup's files at every ask.
    static let count = max(1, ProcessInfo.processInfo.activeProcessorCount)
}
