/// A small seeded random number generator, so that generated data and the fail-rate sequence
/// are the same on every run and every platform (the system generator is neither).
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// Starts an independent sequence for one part of the data (`stream`), so that adding a
    /// draw in one place does not shift the values generated everywhere else.
    init(seed: UInt64, stream: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        state = mixer.next()
    }

    /// The next value of the sequence (Steele, Lea and Flood's SplitMix64 finaliser).
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<1` with 53 bits of precision.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
