/// The blocks of a list read from the database that are kept: the last ``capacity`` used, the
/// least recently used dropped first.
struct BlockCache<Block> {
    let capacity: Int
    private var blocks: [Int: Block] = [:]
    /// Block numbers, least recently used first.
    private var recency: [Int] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Every block kept, by number.
    var all: [Int: Block] { blocks }

    /// Block `number`, marked used; nil when it isn't kept.
    mutating func use(_ number: Int) -> Block? {
        guard let block = blocks[number] else { return nil }
        if recency.last != number {
            recency.removeAll { $0 == number }
            recency.append(number)
        }
        return block
    }

    /// Keeps `block` as block `number`, dropping the least recently used beyond ``capacity``.
    mutating func keep(_ block: Block, as number: Int) {
        blocks[number] = block
        recency.removeAll { $0 == number }
        recency.append(number)
        while blocks.count > capacity, let oldest = recency.first { drop(oldest) }
    }

    mutating func drop(_ number: Int) {
        blocks[number] = nil
        recency.removeAll { $0 == number }
    }

    mutating func removeAll() {
        blocks.removeAll()
        recency.removeAll()
    }
}
