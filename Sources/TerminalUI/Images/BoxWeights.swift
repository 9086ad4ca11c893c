/// For one axis of a box resize: which source pixels each output pixel covers, and how much.
struct BoxWeights {
    /// The first source pixel each output pixel covers.
    private let first: [Int]
    /// Output pixel `i`'s weights are `weights[bounds[i]..<bounds[i + 1]]`, for consecutive
    /// source pixels from `first[i]`.
    private let bounds: [Int]
    /// The covered fraction of each source pixel over the output pixel's span; they sum to 1.
    private let weights: [Float]

    init(source: Int, target: Int) {
        var first = [Int](), bounds = [0], weights = [Float]()
        first.reserveCapacity(target)
        bounds.reserveCapacity(target + 1)
        // Exact span ends in units of 1/target source pixels keep the weights free of drift.
        for i in 0..<target {
            let start = i * source, end = (i + 1) * source
            let firstPixel = start / target
            first.append(firstPixel)
            var pixel = firstPixel
            while pixel * target < end {
                let covered = min(end, (pixel + 1) * target) - max(start, pixel * target)
                weights.append(Float(covered) / Float(source))
                pixel += 1
            }
            bounds.append(weights.count)
        }
        self.first = first
        self.bounds = bounds
        self.weights = weights
    }

    /// Runs `body` with the three tables as unchecked buffers, for the resampler's inner loops.
    func withSpans<Result>(
        _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> Result
    ) -> Result {
        first.withUnsafeBufferPointer { first in
            bounds.withUnsafeBufferPointer { bounds in
                weights.withUnsafeBufferPointer { weights in body(first, bounds, weights) }
            }
        }
    }
}
