/// Counts the async jobs in flight, so tests and benchmarks wait for "idle" instead of sleeping,
/// and the status line knows when to spin.
@MainActor
public final class BusyTracker {
    public private(set) var count = 0
    /// Called whenever the count changes.
    public var onChange: () -> Void = {}

    public init() {}

    public var isIdle: Bool { count == 0 }

    /// Runs `work`, counted as busy while it runs.
    public func track<T>(_ work: () async throws -> T) async rethrows -> T {
        count += 1
        onChange()
        defer {
            count -= 1
            onChange()
        }
        return try await work()
    }
}
