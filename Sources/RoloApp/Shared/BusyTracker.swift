/// Counts the async jobs in flight, so tests and benchmarks wait for "idle" instead of sleeping,
/// and the status line knows when to spin.
@MainActor
public final class BusyTracker {
    public private(set) var count = 0
    /// Called whenever the count changes.
    public var onChange: () -> Void = {}

    public init() {}

    public var isIdle: Bool { count == 0 }

    /// Starts `work` in a task, counted as busy from this moment (not from when the task first
    /// runs, which would leave a gap where a test could see "idle" before anything started).
    @discardableResult
    public func task(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        count += 1
        onChange()
        return Task { @MainActor in
            await work()
            self.count -= 1
            self.onChange()
        }
    }
}
