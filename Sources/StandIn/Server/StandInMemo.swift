/// Computes each value once and hands the same result to every caller, including callers that
/// ask while the first computation is still running (so two requests for a cold list do not
/// both render every portrait).
actor StandInMemo<Key: Hashable & Sendable, Value: Sendable> {
    private var entries: [Key: Task<Value, Never>] = [:]

    /// The value for `key`, computed by `make` off this actor the first time it is asked for.
    func value(for key: Key, make: @escaping @Sendable () async -> Value) async -> Value {
        if let entry = entries[key] {
            return await entry.value
        }
        // Detached so that heavy work (JPEG encoding) runs on the global pool in parallel
        // instead of serialising every caller on this actor.
        let entry = Task.detached(priority: .medium) { await make() }
        entries[key] = entry
        return await entry.value
    }
}
