import Geometry

/// A CSS `linear()` easing: progress at a list of stops, joined by straight lines (CSS Easing
/// Functions Level 2). Browsers cannot run a spring as a timing function, but a `linear()` with
/// enough stops follows one as closely as wanted; values above 1 (overshoot) are allowed.
///
/// Stops are chosen adaptively: each straight piece is as long as it can be while every sample of
/// the curve under it stays within ``fitTolerance`` of it, so a slow tail costs few stops and a
/// quick oscillation many. With the rounding of the printed numbers and the curve between
/// samples, the emitted easing stays within ``tolerance`` of the curve everywhere.
public struct LinearEasing: Sendable, Hashable {
    /// One stop: `position` is the fraction of the duration (0…1), `value` the progress there.
    public struct Stop: Sendable, Hashable {
        /// Fraction of the duration, 0…1 (printed as a percentage).
        public var position: Double
        /// Progress at `position` (may overshoot 1 or dip below 0).
        public var value: Double
        /// A stop at `position` (fraction of the duration) with progress `value`.
        public init(position: Double, value: Double) { self.position = position; self.value = value }
    }

    /// The stops, from position 0 to position 1, positions increasing.
    public let stops: [Stop]

    /// The promised bound: the printed easing is within 0.005 of the curve at every time.
    public static let tolerance = 0.005
    /// The bound each straight piece is fitted to at the samples (0.004), leaving room for the
    /// curve between samples (< 2·10⁻⁴ with the sample spacing chosen) and for printing values
    /// to 4 decimals (5·10⁻⁵); positions print exactly.
    public static let fitTolerance = 0.004
    /// Decimal places of the printed values (4: an error of at most 5·10⁻⁵).
    static let valuePlaces = 4
    /// Decimal places of the printed percentages (4: exact for sample counts dividing 10⁶).
    static let percentPlaces = 4

    /// Stops given directly (positions 0…1, increasing).
    public init(stops: [Stop]) { self.stops = stops }

    /// The easing of `spring` over its settling duration (the animation's duration), sampled
    /// finely enough to follow it within ``tolerance``. The sample spacing h keeps the curve
    /// within 2·10⁻⁴ of the chord between two samples (h²·max|x″|/8): energy only decays, so
    /// |x| ≤ 1 + |v|/ω₀ and |x′| ≤ ω₀ + |v|, hence |x″| ≤ (2ζ + 1)·ω₀·(ω₀ + |v|). The sample count
    /// divides 10⁶, so every sample's percentage has at most 4 decimals and prints exactly.
    ///
    /// Nil when that would take more than ``maximumSamples`` samples: a spring that oscillates
    /// hundreds of thousands of radians before it settles (ζ below about 10⁻³), whose easing would
    /// be megabytes long.
    public init?(spring: SpringTimingParameters) {
        let omega = spring.angularFrequency, zeta = spring.dampingRatio, v = abs(spring.initialVelocity.dx)
        let curvature = (2 * zeta + 1) * omega * (omega + v)
        let spacing = (8 * 2e-4 / curvature).squareRoot()
        let needed = (spring.settlingDuration / spacing).rounded(.up)
        guard needed.isFinite, needed <= Double(Self.maximumSamples) else { return nil }
        let count = Self.sampleCounts.first { Double($0) >= needed } ?? Self.maximumSamples
        let samples = (0...count).map { i -> Double in spring.progress(at: Double(i) / Double(count)) }
        self.init(samples: samples, tolerance: Self.fitTolerance)
    }

    /// The most samples a spring's easing is fitted to (10⁶).
    public static let maximumSamples = 1_000_000

    /// Sample counts from 1000 up that divide 10⁶ (2ᵃ·5ᵇ), ascending: with n of them, the
    /// percentage 100·i/n has at most 4 decimals.
    static let sampleCounts: [Int] = {
        var counts: [Int] = []
        for a in 0...6 {
            for b in 0...6 {
                let n = (0..<a).reduce(1) { r, _ in r * 2 } * (0..<b).reduce(1) { r, _ in r * 5 }
                if n >= 1000 { counts.append(n) }
            }
        }
        return counts.sorted()
    }()

    /// The stops that follow `samples` — progress at evenly spaced fractions 0, 1/n, …, 1 — within
    /// `tolerance` at every sample, greedily: each piece runs from the last stop to the farthest
    /// sample whose chord stays within `tolerance` of every sample in between.
    ///
    /// The chord from stop a to sample j has slope s_j; it passes within `tolerance` of sample k
    /// (a < k < j) exactly when s_j lies between (p_k − tol − p_a)/(t_k − t_a) and
    /// (p_k + tol − p_a)/(t_k − t_a). Keeping the running intersection of those intervals makes the
    /// check for each j constant time.
    public init(samples: [Double], tolerance: Double) {
        precondition(samples.count >= 2, "LinearEasing: at least two samples")
        let n = samples.count - 1
        func t(_ i: Int) -> Double { Double(i) / Double(n) }
        var stops = [Stop(position: 0, value: samples[0])]
        var a = 0
        while a < n {
            var lower = -Double.infinity, upper = Double.infinity
            var end = a + 1
            var j = a + 1
            while j <= n {
                let dt = t(j) - t(a)
                let slope = (samples[j] - samples[a]) / dt
                if slope >= lower && slope <= upper { end = j }
                lower = Swift.max(lower, (samples[j] - tolerance - samples[a]) / dt)
                upper = Swift.min(upper, (samples[j] + tolerance - samples[a]) / dt)
                if lower > upper { break }
                j += 1
            }
            stops.append(Stop(position: t(end), value: samples[end]))
            a = end
        }
        self.stops = stops
    }

    /// Progress at `fraction` of the duration, by straight lines between the stops (clamped to
    /// the first and last stop outside 0…1).
    public func value(at fraction: Double) -> Double {
        guard let first = stops.first, let last = stops.last else { return fraction }
        if fraction <= first.position { return first.value }
        if fraction >= last.position { return last.value }
        // Binary search for the piece holding `fraction`.
        var lo = 0, hi = stops.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if stops[mid].position <= fraction { lo = mid } else { hi = mid }
        }
        let a = stops[lo], b = stops[hi]
        let u = (fraction - a.position) / (b.position - a.position)
        return a.value + (b.value - a.value) * u
    }

    /// The CSS function, e.g. `linear(0, 0.1648 4.1667%, …, 1)`: values to 4 decimals, positions
    /// as percentages to 4 decimals; the first and last stop carry no percentage (CSS puts them
    /// at 0 % and 100 %).
    public var css: String {
        let parts = stops.enumerated().map { i, stop -> String in
            let value = ExportNumber.decimals(stop.value, places: Self.valuePlaces)
            if i == 0 || i == stops.count - 1 { return value }
            return value + " " + ExportNumber.decimals(stop.position * 100, places: Self.percentPlaces) + "%"
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }
}
