import Geometry

/// A timing curve defined by a cubic Bézier from (0, 0) to (1, 1) through two control points
/// (UIKit's `UICubicTimingParameters`): x is the fraction of the duration that has elapsed, y the
/// progress of the animation.
///
/// The curve is evaluated with the standard unit-Bézier solver (WebKit/Chromium `UnitBezier`):
/// a few Newton steps on x(s) = x, then bisection, to a tolerance of 1e-7 (Newton results get
/// one polishing step beyond it). Control-point y may lie
/// outside 0…1, so progress may overshoot; control-point x must lie in 0…1 so that x(s) is
/// monotonic and the curve is a function of time.
public struct CubicTimingParameters: Sendable, Hashable {
    /// The first control point (UIKit's `controlPoint1`).
    public let controlPoint1: Point
    /// The second control point (UIKit's `controlPoint2`).
    public let controlPoint2: Point

    // Polynomial coefficients: x(s) = ((ax·s + bx)·s + cx)·s, likewise y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    // Slopes used to extrapolate inputs outside 0…1 along the end tangents.
    private let startGradient: Double, endGradient: Double
    // When x(s) ≡ y(s) the curve is the identity; answer exactly instead of to the solver's ε.
    private let isIdentity: Bool

    /// Solver tolerance in x (the ε).
    public static let solverEpsilon = 1e-7

    /// Core Animation's default curve, control points (0.25, 0.1) and (0.25, 1)
    /// (UIKit's `UICubicTimingParameters()`).
    public init() {
        self.init(unchecked: Point(x: 0.25, y: 0.1), Point(x: 0.25, y: 1))
    }

    /// The curve of a named `AnimationCurve` (UIKit's `init(animationCurve:)`).
    public init(animationCurve: AnimationCurve) {
        let (p1, p2) = animationCurve.controlPoints
        self.init(unchecked: p1, p2)
    }

    /// A custom curve through `controlPoint1` and `controlPoint2` (unit coordinates).
    ///
    /// - Precondition: both control points have x in 0…1, |y| ≤ ``maximumControlPointY`` and finite
    ///   coordinates; otherwise this
    ///   traps with "CubicTimingParameters: control point N x must lie in 0…1". Use
    ///   ``init(validatingControlPoint1:controlPoint2:)`` to get a thrown error instead.
    public init(controlPoint1: Point, controlPoint2: Point) {
        do {
            try self.init(validatingControlPoint1: controlPoint1, controlPoint2: controlPoint2)
        } catch {
            preconditionFailure("CubicTimingParameters: \(error.message)")
        }
    }

    /// The largest |y| of a control point (10⁶): larger values overflow the curve's arithmetic.
    public static let maximumControlPointY = 1e6

    /// A custom curve, or a thrown ``TimingParametersError`` naming the problem when a control
    /// point has x outside 0…1, |y| over ``maximumControlPointY`` or a coordinate that is not finite.
    public init(validatingControlPoint1 controlPoint1: Point, controlPoint2: Point) throws(TimingParametersError) {
        for (index, p) in [controlPoint1, controlPoint2].enumerated() {
            guard p.x.isFinite, p.y.isFinite else {
                throw TimingParametersError("control point \(index + 1) must be finite (got \(p))")
            }
            guard (0...1).contains(p.x) else {
                throw TimingParametersError("control point \(index + 1) x must lie in 0…1 (got \(p.x))")
            }
            // Finite is not enough: 1e308 overflows the curve's coefficients to infinity, and
            // every progress to NaN. A million times the animation's distance is far past any use.
            guard abs(p.y) <= Self.maximumControlPointY else {
                throw TimingParametersError("control point \(index + 1) y must lie within ±1000000 (got \(p.y))")
            }
        }
        self.init(unchecked: controlPoint1, controlPoint2)
    }

    private init(unchecked p1: Point, _ p2: Point) {
        controlPoint1 = p1
        controlPoint2 = p2
        isIdentity = p1.x == p1.y && p2.x == p2.y
        cx = 3 * p1.x; bx = 3 * (p2.x - p1.x) - cx; ax = 1 - cx - bx
        cy = 3 * p1.y; by = 3 * (p2.y - p1.y) - cy; ay = 1 - cy - by
        // End tangents as Chromium's gfx::CubicBezier computes them.
        if p1.x > 0 { startGradient = p1.y / p1.x }
        else if p1.y == 0 && p2.x > 0 { startGradient = p2.y / p2.x }
        else if p1.y == 0 && p2.y == 0 { startGradient = 1 }
        else { startGradient = 0 }
        if p2.x < 1 { endGradient = (p2.y - 1) / (p2.x - 1) }
        else if p2.y == 1 && p1.x < 1 { endGradient = (p1.y - 1) / (p1.x - 1) }
        else if p2.y == 1 && p1.y == 1 { endGradient = 1 }
        else { endGradient = 0 }
    }

    /// The named curve these control points match exactly, if any.
    public var animationCurve: AnimationCurve? {
        AnimationCurve.allCases.first { $0.controlPoints.0 == controlPoint1 && $0.controlPoints.1 == controlPoint2 }
    }

    // MARK: Evaluation

    @inline(__always) private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inline(__always) private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inline(__always) private func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve parameter s with x(s) = `x`, for x in 0…1: up to 8 Newton steps from s = x,
    /// then bisection on 0…1.
    private func solveCurveX(_ x: Double) -> Double {
        let epsilon = Self.solverEpsilon
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            let slope = sampleDerivativeX(s)
            if abs(error) < epsilon {
                // Converged to ε; one more (quadratically convergent) step costs little and keeps
                // progress(at:) consistent with fraction(forProgress:) to ~1e-12, so resuming
                // after a scrub does not jump.
                return abs(slope) >= 1e-6 ? s - error / slope : s
            }
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let value = sampleX(s)
            if abs(value - x) < epsilon { return s }
            if x > value { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// The progress (y) at a time fraction `x`.
    ///
    /// For x in 0…1 this solves the curve; outside, it extrapolates linearly along the tangent at
    /// the nearer end (as Chromium does), so progress keeps moving at its end speed. The result
    /// may lie outside 0…1 for overshooting curves.
    public func progress(at x: Double) -> Double {
        if x <= 0 { return x == 0 ? 0 : startGradient * x }
        if x >= 1 { return x == 1 ? 1 : 1 + endGradient * (x - 1) }
        if isIdentity { return x }
        return sampleY(solveCurveX(x))
    }

    /// Whether progress never decreases with time (the derivative of y(s) is ≥ 0 on 0…1), so
    /// every progress in 0…1 is reached exactly once.
    public var isMonotonic: Bool {
        let ys = ([0.0] + derivativeRootsY() + [1.0]).map(sampleY)
        return zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 }
    }

    /// The time fraction at which the curve reaches `progress`, the inverse of ``progress(at:)``
    /// (needed to resume without a jump after scrubbing linearly).
    ///
    /// A monotonic curve has one answer. An overshooting curve may reach a progress several times;
    /// then the answer nearest `hint` is returned, or the earliest when `hint` is nil. Returns nil
    /// when the curve never reaches `progress` for x in 0…1.
    public func fraction(forProgress progress: Double, near hint: Double? = nil) -> Double? {
        if isIdentity { return (0...1).contains(progress) ? progress : nil }
        // Split 0…1 at the turning points of y(s); on each monotonic piece, bisect for y(s) = progress.
        let bounds = [0.0] + derivativeRootsY() + [1.0]
        var best: Double? = nil
        for i in 0..<(bounds.count - 1) {
            var lo = bounds[i], hi = bounds[i + 1]
            let ylo = sampleY(lo) - progress, yhi = sampleY(hi) - progress
            if ylo == 0 { best = Self.choose(best, sampleX(lo), hint); continue }
            if yhi == 0 { best = Self.choose(best, sampleX(hi), hint); continue }
            guard (ylo < 0) != (yhi < 0) else { continue }
            let rising = ylo < 0
            for _ in 0..<80 {
                let mid = (lo + hi) / 2
                if (sampleY(mid) < progress) == rising { lo = mid } else { hi = mid }
            }
            best = Self.choose(best, sampleX((lo + hi) / 2), hint)
        }
        return best
    }

    /// The earlier of two candidates, or the one nearer `hint`.
    private static func choose(_ current: Double?, _ candidate: Double, _ hint: Double?) -> Double {
        guard let current else { return candidate }
        if let hint { return abs(candidate - hint) < abs(current - hint) ? candidate : current }
        return min(current, candidate)
    }

    /// Parameters s in (0, 1) where dy/ds = 3·ay·s² + 2·by·s + cy vanishes, sorted.
    private func derivativeRootsY() -> [Double] {
        let a = 3 * ay, b = 2 * by, c = cy
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let r = discriminant.squareRoot()
                roots = [(-b - r) / (2 * a), (-b + r) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }.sorted()
    }
}
