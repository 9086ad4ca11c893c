/// Repeated measurements of one operation, in milliseconds.
public struct Timings {
    public init() {}

    public private(set) var samples: [Double] = []

    /// Records the time elapsed since `start` (taken with `ContinuousClock.now`).
    public mutating func record(since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    }

    /// The median sample.
    public var median: Double { percentile(50) }
    /// The sample 90% of the others are at or below.
    public var p90: Double { percentile(90) }

    /// The nearest-rank percentile.
    private func percentile(_ p: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
