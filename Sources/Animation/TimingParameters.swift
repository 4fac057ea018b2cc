import Geometry

/// The timing of a property animator: a cubic curve or a spring (UIKit's `UITimingCurveProvider`
/// as a Swift enum). A HUD can plot ``progress(at:)`` over 0…1 and put a dot at the animator's
/// current position.
public enum TimingParameters: Sendable, Hashable {
    /// A cubic Bézier curve.
    case cubic(CubicTimingParameters)
    /// A damped spring.
    case spring(SpringTimingParameters)

    /// The cubic curve of a named `AnimationCurve`, e.g. `.curve(.easeInOut)`.
    public static func curve(_ curve: AnimationCurve) -> TimingParameters {
        .cubic(CubicTimingParameters(animationCurve: curve))
    }

    /// Progress at a fraction of the animation's duration (0…1). Cubic curves may overshoot and
    /// extrapolate outside 0…1; springs overshoot when under-damped and reach exactly 1 at 1.
    public func progress(at fraction: Double) -> Double {
        switch self {
        case .cubic(let cubic): cubic.progress(at: fraction)
        case .spring(let spring): spring.progress(at: fraction)
        }
    }

    /// The fraction of the duration at which the timing reaches `progress`, nearest `hint`
    /// (or the earliest when `hint` is nil); nil when it is never reached in 0…1.
    /// Springs are inverted numerically (sampled at 1/1024, then bisected).
    public func fraction(forProgress progress: Double, near hint: Double? = nil) -> Double? {
        switch self {
        case .cubic(let cubic):
            return cubic.fraction(forProgress: progress, near: hint)
        case .spring:
            return numericFraction(forProgress: progress, near: hint)
        }
    }

    /// Whether the animator's own `duration` applies (cubic curves, damping-ratio springs) or
    /// the spring's settling duration replaces it (springs with mass, stiffness and damping).
    public var usesAnimatorDuration: Bool {
        switch self {
        case .cubic: true
        case .spring(let spring): spring.usesAnimatorDuration
        }
    }

    /// These parameters as an animator of `duration` seconds runs them: damping-ratio springs
    /// get the stiffness that settles in `duration`, and the effective duration is returned
    /// (the spring's settling duration for springs with physical parameters).
    func resolved(forDuration duration: Double) -> (timing: TimingParameters, duration: Double) {
        switch self {
        case .cubic: return (self, duration)
        case .spring(let spring):
            if spring.usesAnimatorDuration { return (.spring(spring.resolved(forDuration: duration)), duration) }
            return (self, spring.settlingDuration)
        }
    }

    /// Like ``fraction(forProgress:near:)`` but always answers: when `progress` is never reached,
    /// the fraction whose progress comes closest.
    func closestFraction(forProgress progress: Double, near hint: Double?) -> Double {
        if let exact = fraction(forProgress: progress, near: hint) { return exact }
        let samples = 1024
        var best = 0.0, bestError = Double.infinity
        for i in 0...samples {
            let x = Double(i) / Double(samples)
            let error = abs(self.progress(at: x) - progress)
            if error < bestError { bestError = error; best = x }
        }
        return best
    }

    private func numericFraction(forProgress target: Double, near hint: Double?) -> Double? {
        let samples = 1024
        var best: Double? = nil
        var previousX = 0.0, previousError = self.progress(at: 0) - target
        if previousError == 0 { best = 0 }
        for i in 1...samples {
            let x = Double(i) / Double(samples)
            let error = self.progress(at: x) - target
            if error == 0 {
                best = Self.choose(best, x, hint)
            } else if (previousError < 0) != (error < 0), previousError != 0 {
                var lo = previousX, hi = x
                let rising = previousError < 0
                for _ in 0..<60 {
                    let mid = (lo + hi) / 2
                    if (self.progress(at: mid) < target) == rising { lo = mid } else { hi = mid }
                }
                best = Self.choose(best, (lo + hi) / 2, hint)
            }
            previousX = x; previousError = error
        }
        return best
    }

    private static func choose(_ current: Double?, _ candidate: Double, _ hint: Double?) -> Double {
        guard let current else { return candidate }
        if let hint { return abs(candidate - hint) < abs(current - hint) ? candidate : current }
        return min(current, candidate)
    }
}
