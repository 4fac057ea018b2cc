/// The statistics the benchmarks report over their samples.
package enum BenchStatistics {
    /// The middle of `values` (the upper one of an even count); NaN when empty.
    package static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.isEmpty ? .nan : s[s.count / 2]
    }

    /// The value below which 99 % of `values` lie (nearest rank); NaN when empty.
    package static func p99(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return .nan }
        return s[min(s.count - 1, Int(saturating: (0.99 * Double(s.count)).rounded(.up)) - 1)]
    }

    /// The mean of `values` (NaN when empty).
    package static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
}
