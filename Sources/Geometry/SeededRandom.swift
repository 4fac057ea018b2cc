/// SplitMix64: a small, fast, seedable generator, the same on every run and every machine: the
/// city pictures are drawn from it, a fuzzing seed replays exactly, and the seeded tests replay a
/// failing seed.
package struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A generator starting from `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in 0 ..< 1.
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A uniform number in `a` ..< `b`.
    package mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

    /// A uniform integer in 0 ..< `n`.
    package mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// True with probability `p`.
    package mutating func chance(_ p: Double) -> Bool { unit() < p }
}
