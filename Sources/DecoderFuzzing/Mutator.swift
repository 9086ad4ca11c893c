/// Makes fuzz inputs from seeds: one to four mutations stacked on a seed, JSON-aware ones where
/// the seed is JSON, byte-level ones everywhere.
public struct Mutator: Sendable {
    private let seeds: [[UInt8]]
    private let documents: [JSONValue?]

    /// A mutator over `seeds` (at least one).
    public init(seeds: [[UInt8]]) {
        precondition(!seeds.isEmpty, "a mutator needs a seed")
        self.seeds = seeds
        documents = seeds.map(JSONValue.parse)
    }

    /// Input `index` of the run started with `seed`: the same bytes every time.
    public func input(seed: UInt64, index: UInt64) -> [UInt8] {
        var random = FuzzRandom(seed: seed, index: index)
        let chosen = random.below(seeds.count)
        var bytes = seeds[chosen]
        var document = documents[chosen]
        for _ in 0..<1 + random.below(4) {
            if let current = document, !random.oneIn(3) {
                document = random.pick(JSONMutation.allCases).apply(to: current, using: &random)
                bytes = Array(document!.text.utf8)
            } else {
                bytes = random.pick(ByteMutation.allCases).apply(to: bytes, other: random.pick(seeds), using: &random)
                document = nil
            }
        }
        return bytes
    }
}
