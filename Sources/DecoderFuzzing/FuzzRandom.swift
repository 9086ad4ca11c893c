/// The fuzzer's random numbers: SplitMix64, so a seed gives the same cases on every run and
/// every machine (the system generator does neither).
public struct FuzzRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// The sequence for case `index` of a run started with `seed`: every case can be made again
    /// on its own from the two numbers.
    public init(seed: UInt64, index: UInt64 = 0) {
        state = seed ^ (index &* 0xD1B5_4A32_D192_ED03)
        state = next()
    }

    /// The next value (Steele, Lea and Flood's finaliser).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// One of `choices`, which must not be empty.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// True one time in `n`.
    mutating func oneIn(_ n: Int) -> Bool {
        below(n) == 0
    }
}
