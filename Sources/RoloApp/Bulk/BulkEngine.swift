/// Runs one piece of work for each of many items, a few at a time: the concurrency of a bulk
/// action. Pure scheduling, no I/O of its own, so it is tested with a fake piece of work.
enum BulkEngine {
    /// How many records a bulk action sends at once: enough to finish 100 in a few seconds, few
    /// enough that no API's rate limit sees a flood.
    static let defaultLimit = 4

    /// Does `work` for each of `items`, at most `limit` at a time, starting them in order, and
    /// calls `finished` with each item's index and result as it ends (in the order they end).
    /// Returns the results by index; nil for an item that never started because `stop` said
    /// so. Stopping is not cancelling: those already started run to their end, since a request
    /// sent is answered and its answer belongs in the list. `finished` and `stop` run on the
    /// caller's actor, one call at a time.
    static func run<Item: Sendable, Output: Sendable>(
        _ items: [Item], limit: Int = defaultLimit,
        work: @escaping @Sendable (Item) async -> Output,
        finished: (Int, Output) async -> Void = { _, _ in },
        stop: () -> Bool = { false },
        isolation: isolated (any Actor)? = #isolation
    ) async -> [Output?] {
        var results = [Output?](repeating: nil, count: items.count)
        let width = max(1, limit)
        await withTaskGroup(of: (Int, Output).self) { group in
            var next = 0
            func startNext() {
                guard next < items.count, !stop() else { return }
                let index = next, item = items[index]
                next += 1
                group.addTask { (index, await work(item)) }
            }
            for _ in 0..<min(width, items.count) { startNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                await finished(index, result)
                startNext()
            }
        }
        return results
    }
}
