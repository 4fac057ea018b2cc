import Geometry

/// `CASpringAnimation.settlingDuration` as Core Animation computes it, which is not Kinetic's own
/// ``SpringConversion/settlingDuration`` (the last time the spring is 0.001 from its target):
/// Apple's page (developer.apple.com/documentation/quartzcore/caspringanimation/settlingduration)
/// gives damping 5 (mass 1, stiffness 100) "approximately 2.85 seconds" and damping 15 "just over
/// 1 second", where Kinetic's criterion gives 2.688 s and 0.80 s.
///
/// How Core Animation computes it (QuartzCore of iOS 26.1, decompiled: repository
/// EthanArbuckle/iPhone18-3_26.1_23B85_Restore, file
/// System/Library/Frameworks/QuartzCore.framework/QuartzCore/CASpringAnimation.mm,
/// `-[CASpringAnimation durationForEpsilon:]`; `settlingDuration` is `durationForEpsilon:` with
/// 0.001, as an older decompiled QuartzCore of the same class shows and Apple's own apps call it):
/// - under-damped (ζ < 1), a closed form: the time the envelope (|A| + |B|)·e^(−ζω₀t) of
///   x(t) = e^(−ζω₀t)(A cos ω_d t + B sin ω_d t) falls to ε = 0.001, with A = 1 and
///   B = (ζω₀ − v)/ω_d: t = ln((|A| + |B|)/ε) / (ζω₀), at least 0;
/// - ζ ≥ 1: no closed form; time walks forward in steps of 0.1 s from 0 until |x| has been below ε
///   at every step for more than 1 s, and the answer is the first step of that run (a multiple
///   of 0.1 s). Unless `allowsOverdamping` (iOS 17) is set, Core Animation runs an over-damped
///   spring as the critically damped one with the same ω₀ (SwiftUI's `Spring(…, allowOverDamping:)`
///   documents the same rule: "such cases should instead be treated as critically damped").
/// - no damping: it never settles.
///
/// Checks: damping 5 gives 2.855 s, damping 15 gives 1.022 s (Apple: ≈ 2.85, just over 1).
extension SpringConversion {
    /// Core Animation's settling threshold, unit distances (`settlingDuration` passes 0.001 to
    /// `durationForEpsilon:`).
    static let coreAnimationEpsilon = 0.001

    /// Core Animation's time step for springs at or above critical damping, seconds (0.1).
    static let coreAnimationStep = 0.1

    /// `CASpringAnimation.settlingDuration` of this spring, seconds, as Core Animation computes it
    /// (see the extension's comment): nil when it never settles (no damping) or when the spring is
    /// outside what Kinetic runs (``timingParameters`` is nil). `allowsOverdamping` (default false,
    /// Core Animation's default) keeps ζ > 1 as it is; otherwise the spring is taken as critically damped.
    public func coreAnimationSettlingDuration(allowsOverdamping: Bool = false) -> Double? {
        guard damping > 0, timingParameters != nil else { return nil }
        let omega = angularFrequency, zeta = dampingRatio, v = initialVelocity, epsilon = Self.coreAnimationEpsilon
        if zeta < 1 {
            let dampedOmega = omega * (1 - zeta * zeta).squareRoot()
            let amplitude = 1 + abs((zeta * omega - v) / dampedOmega)
            return Swift.max(0, log(amplitude / epsilon) / (zeta * omega))
        }
        let oscillator = DampedOscillator(mass: 1, stiffness: omega * omega, damping: 2 * (allowsOverdamping ? zeta : 1) * omega, velocity: v)
        return Self.walk(oscillator, epsilon: epsilon)
    }

    /// Core Animation's walk for ζ ≥ 1: the first 0.1 s step of the run of steps with |x| < ε
    /// that lasts more than 1 s. After the last time |x| reaches ε (``DampedOscillator/settlingTime(tolerance:)``)
    /// every step is below, so the walk ends at most 11 steps later; a walk longer than
    /// `maximumSteps` (a spring settling after 10⁵ steps, hours) starts that tail directly.
    static func walk(_ oscillator: DampedOscillator, epsilon: Double, maximumSteps: Int = 100_000) -> Double {
        let step = coreAnimationStep
        let last = oscillator.settlingTime(tolerance: epsilon)
        let tail = (last / step).rounded(.down) + 1
        guard tail.isFinite, tail < Double(maximumSteps) else { return tail * step }
        var runStart: Double?
        var time = 0.0
        // Core Animation adds 0.1 to its time at each step; so does this walk, for the same answers.
        for _ in 0...(Int(tail) + 12) {
            let below = abs(oscillator.displacement(at: time)) < epsilon
            if !below { runStart = nil } else if let start = runStart { if time - start > 1 { return start } } else { runStart = time }
            time += step
        }
        return runStart ?? tail * step
    }
}
