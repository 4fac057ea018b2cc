import Geometry

/// The damped spring whose step response passes closest to samples of one, by least squares: how
/// ``MotionImport`` reads a spring back from a CSS `linear()` easing (``LinearEasing``), whose
/// stops are samples of the spring's progress printed to 4 decimals.
///
/// The model is Kinetic's closed form (``SpringTimingParameters``' oscillator) with mass 1:
/// progress(t) = 1 − x(t) for ω₀, ζ and the initial velocity v. The search:
/// 1. a coarse grid: 40 damping ratios from 0.005 to 50 (log-spaced), each with 7 angular
///    frequencies around the one whose settling time is the samples' last time (the settling
///    time of ω₀ = 1 divided by it), with v = 0 and v = the first sample's slope, on at most
///    ``gridPoints`` of the samples;
/// 2. Nelder–Mead on (ln ω₀, ln ζ) with v = 0, restarted twice from its result, each run until
///    its simplex is under 10⁻⁸ across (ω₀ and ζ to 10⁻⁸ relative), on at most
///    ``maximumFitPoints`` of the samples;
/// 3. only when that misses a sample by more than ``exactTolerance`` (twice the stops' printed
///    precision), Nelder–Mead on (ln ω₀, ln ζ, v): a spring that starts moving.
///
/// Samples of a spring fit with errors at the level of their rounding; ``Result/maximumError``
/// says how far the fitted spring is from the farthest sample, so a caller can refuse an easing
/// that is no spring at all.
struct SpringFit {
    /// The fitted spring and how well it follows the samples.
    struct Result {
        /// Mass 1, the fitted stiffness ω₀², damping 2ζω₀ and initial velocity.
        let spring: SpringConversion
        /// The largest |fitted − sample| progress.
        let maximumError: Double
    }

    /// A fit that misses no sample by more than this (progress) needs no initial velocity: the
    /// stops print to 4 decimals (±5·10⁻⁵), so twice that is a spring at rest.
    static let exactTolerance = 1e-4

    /// The spring through `samples` — (seconds, progress) pairs of a step response from progress 0
    /// at time 0 — or nil with fewer than two samples after time 0.
    static func fit(_ samples: [(time: Double, progress: Double)]) -> Result? {
        let all = samples.filter { $0.time > 0 && $0.time.isFinite && $0.progress.isFinite }
        guard all.count >= 2, let end = all.map(\.time).max() else { return nil }
        // The search runs on at most `maximumFitPoints` of them, evenly spread (the first and last
        // kept); the fitted spring's error is measured on all of them.
        let points = Self.spread(all, count: Self.maximumFitPoints)
        func cost(_ p: [Double]) -> Double { cost(p, over: points) }
        func cost(_ p: [Double], over points: [(time: Double, progress: Double)]) -> Double {
            let omega = exp(p[0]), zeta = exp(p[1]), v = p.count > 2 ? p[2] : 0
            guard omega.isFinite, zeta.isFinite, omega > 0, zeta > 0 else { return .infinity }
            let oscillator = DampedOscillator(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, velocity: v)
            var sum = 0.0
            for point in points {
                let error = 1 - oscillator.displacement(at: point.time) - point.progress
                sum += error * error
            }
            return sum.isFinite ? sum : .infinity
        }
        // 1. The grid, on at most `gridPoints` samples (it only picks where the search starts).
        let coarse = Self.spread(points, count: Self.gridPoints)
        let first = points.min { $0.time < $1.time }!
        let slope = first.progress / first.time
        var best = [0.0, 0.0, 0.0], bestCost = Double.infinity
        for (zeta, unitSettling) in Self.gridRatios {
            for factor in [0.5, 0.7, 0.85, 1, 1.2, 1.4, 2.0] {
                for v in [0, slope] {
                    let p = [log(factor * unitSettling / end), log(zeta), v]
                    let c = cost(p, over: coarse)
                    if c < bestCost { bestCost = c; best = p }
                }
            }
        }
        // 2. At rest.
        var still = Array(best.prefix(2))
        for _ in 0..<3 { still = nelderMead(cost, from: still, steps: [0.1, 0.1]) }
        var result = still + [0]
        // 3. Moving, only when needed.
        if maximumError(points, result) > exactTolerance {
            var moving = still + [best[2]]
            for _ in 0..<3 { moving = nelderMead(cost, from: moving, steps: [0.1, 0.1, 0.5 + 0.1 * abs(moving[2])]) }
            if cost(moving) < cost(result) { result = moving }
        }
        let omega = exp(result[0]), zeta = exp(result[1])
        guard omega.isFinite, zeta.isFinite, omega > 0, result[2].isFinite else { return nil }
        let stiffness = omega * omega, damping = 2 * zeta * omega
        guard stiffness.isFinite, stiffness > 0, damping.isFinite else { return nil }
        return Result(spring: SpringConversion(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: result[2]),
                      maximumError: maximumError(all, result))
    }

    /// The most samples the search evaluates (400): each evaluation of the cost runs the spring at
    /// every one, and a search takes up to ~25 000 evaluations, so this bounds the fit's work
    /// whatever the number of stops; springs sampled by MotionExport fit as well from 400 of them.
    static let maximumFitPoints = 400

    /// The grid's damping ratios, 40 from 0.005 to 50 (log-spaced, 27 % apart), each with the settling time
    /// of the spring with ω₀ = 1 (computed once: it steps through every swing of the barely damped ones).
    static let gridRatios: [(zeta: Double, unitSettling: Double)] = (0..<40).map { z in
        let zeta = exp(log(0.005) + (log(50) - log(0.005)) * Double(z) / 39)
        return (zeta, DampedOscillator(mass: 1, stiffness: 1, damping: 2 * zeta, velocity: 0).settlingTime(tolerance: SpringTimingParameters.settlingTolerance))
    }

    /// The samples the coarse grid evaluates its 560 springs on (24).
    static let gridPoints = 24

    /// `count` of `points` spread evenly by index, the first and last included (all of them when
    /// there are no more than `count`).
    static func spread(_ points: [(time: Double, progress: Double)], count: Int) -> [(time: Double, progress: Double)] {
        guard points.count > count, count >= 2 else { return points }
        return (0..<count).map { k in points[(k * (points.count - 1) + (count - 1) / 2) / (count - 1)] }
    }

    /// The largest |model − sample| for parameters `p` = (ln ω₀, ln ζ, v).
    private static func maximumError(_ points: [(time: Double, progress: Double)], _ p: [Double]) -> Double {
        let omega = exp(p[0]), zeta = exp(p[1])
        let oscillator = DampedOscillator(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, velocity: p[2])
        return points.map { abs(1 - oscillator.displacement(at: $0.time) - $0.progress) }.max() ?? 0
    }

    /// Nelder–Mead (reflection 1, expansion 2, contraction ½, shrink ½) from `start` with an
    /// initial simplex of `steps` along each axis; at most 2000 evaluations or until the simplex
    /// is under 10⁻⁸ across in every coordinate (waiting for its costs to agree to 10⁻²⁰ too ran
    /// all 4000 on the rounded stops of an oscillating spring).
    static func nelderMead(_ f: ([Double]) -> Double, from start: [Double], steps: [Double]) -> [Double] {
        let n = start.count
        var simplex = [start] + (0..<n).map { k in var p = start; p[k] += steps[k]; return p }
        var costs = simplex.map(f)
        var evaluations = n + 1
        while evaluations < 2000 {
            let order = costs.indices.sorted { costs[$0] < costs[$1] }
            simplex = order.map { simplex[$0] }; costs = order.map { costs[$0] }
            let size = (1...n).map { k in zip(simplex[k], simplex[0]).map { abs($0 - $1) }.max() ?? 0 }.max() ?? 0
            if size < 1e-8 { break }
            let centroid = (0..<n).map { k in simplex[0..<n].map { $0[k] }.reduce(0, +) / Double(n) }
            func toward(_ t: Double) -> [Double] { (0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) } }
            let reflected = toward(-1), reflectedCost = f(reflected); evaluations += 1
            if reflectedCost < costs[0] {
                let expanded = toward(-2), expandedCost = f(expanded); evaluations += 1
                if expandedCost < reflectedCost { simplex[n] = expanded; costs[n] = expandedCost }
                else { simplex[n] = reflected; costs[n] = reflectedCost }
            } else if reflectedCost < costs[n - 1] {
                simplex[n] = reflected; costs[n] = reflectedCost
            } else {
                let contracted = reflectedCost < costs[n] ? toward(-0.5) : toward(0.5)
                let contractedCost = f(contracted); evaluations += 1
                if contractedCost < Swift.min(reflectedCost, costs[n]) {
                    simplex[n] = contracted; costs[n] = contractedCost
                } else {
                    for k in 1...n {
                        simplex[k] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[k][$0] - simplex[0][$0]) }
                        costs[k] = f(simplex[k])
                    }
                    evaluations += n
                }
            }
        }
        return simplex[costs.indices.min { costs[$0] < costs[$1] }!]
    }
}
