/// A small least-recently-used cache: a bounded dictionary that forgets what was used longest ago.
struct LRUCache<Key: Hashable, Value> {
    private var values: [Key: Value] = [:]
    private var order: [Key] = []
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0, "an LRU cache needs room for one entry")
        self.capacity = capacity
    }

    var count: Int { values.count }

    /// The value for a key, marking it as just used.
    mutating func value(for key: Key) -> Value? {
        guard let value = values[key] else { return nil }
        touch(key)
        return value
    }

    /// Stores a value, evicting the least recently used entry when full.
    mutating func set(_ value: Value, for key: Key) {
        if values.updateValue(value, forKey: key) != nil {
            touch(key)
            return
        }
        order.append(key)
        if order.count > capacity {
            values[order.removeFirst()] = nil
        }
    }

    /// Forgets a key.
    mutating func remove(_ key: Key) {
        guard values.removeValue(forKey: key) != nil, let index = order.lastIndex(of: key) else { return }
        order.remove(at: index)
    }

    private mutating func touch(_ key: Key) {
        // Linear, but the caches hold tens to a few hundred entries.
        if let index = order.lastIndex(of: key) { order.remove(at: index) }
        order.append(key)
    }
}
