import Geometry

/// framer-motion's (Motion's) springs given by time and bounce instead of stiffness and damping,
/// as motion-dom runs them (motiondivision/motion,
/// packages/motion-dom/src/animation/generators/spring.ts: `springDefaults` lines 21–48,
/// `findSpring` lines 72–162, `getSpringOptions` lines 171–219).
///
/// - `{ type: "spring", duration, bounce }`: damping ratio ζ = 1 − bounce clamped to 0.05…1, the
///   duration (seconds in a transition; motion-value.ts converts it to ms and findSpring back)
///   clamped to 0.01…10 s, and the undamped angular frequency found by 11 Newton steps from
///   5/duration so that the envelope (ζ/√(1 − ζ²))·e^(−ζω₀·duration) falls to 0.001 (for ζ = 1:
///   (1 + ω₀·duration)·e^(−ω₀·duration)); mass 1, stiffness ω₀², damping 2ζ·ω₀. A missing duration
///   is 800 ms, a missing bounce 0.3 (`springDefaults`; the `bounce` doc comment in types.ts says
///   0.25, the code runs 0.3).
/// - `{ type: "spring", visualDuration, bounce }` (with a bounce or a duration present): mass 1,
///   ω₀ = 2π / (1.2·visualDuration), ζ = 1 − bounce clamped to 0.05…1 (a missing bounce is 0).
/// - Both ignore any `velocity` ("Time-defined springs should ignore inherited velocity"), and
///   any stiffness, damping or mass replaces them ("stiffness/damping/mass overrides
///   duration/bounce"); a visualDuration alone is neither form, so the spring is the default
///   stiffness 100, damping 10, mass 1.
public enum FramerMotionSpring {
    /// `springDefaults.duration`: 800 ms, in seconds.
    public static let defaultDuration = 0.8
    /// `springDefaults.bounce`.
    public static let defaultBounce = 0.3
    /// `springDefaults.minDuration…maxDuration`, seconds.
    public static let durationRange = 0.01...10.0
    /// `springDefaults.minDamping…maxDamping`: the damping ratios a bounce gives.
    public static let dampingRatioRange = 0.05...1.0
    /// The default tween's duration, seconds (motion-dom generators/keyframes.ts: `duration = 300` ms),
    /// for an `ease` without a duration.
    public static let defaultTweenDuration = 0.3

    /// ζ = 1 − bounce, clamped to ``dampingRatioRange``.
    static func dampingRatio(bounce: Double) -> Double {
        Swift.min(Swift.max(1 - bounce, dampingRatioRange.lowerBound), dampingRatioRange.upperBound)
    }

    /// The mass-1 spring of `duration` seconds and `bounce` as findSpring resolves it (both
    /// clamped as it clamps them). When the root finding gives no number findSpring falls back to
    /// stiffness 100, damping 10, and so does this.
    public static func spring(duration: Double, bounce: Double) -> SpringConversion {
        let zeta = dampingRatio(bounce: bounce)
        let d = Swift.min(Swift.max(duration, durationRange.lowerBound), durationRange.upperBound)
        let threshold = 0.001   // findSpring's `safeMin`
        let envelope: (Double) -> Double, derivative: (Double) -> Double
        if zeta < 1 {
            let ratio = zeta / (1 - zeta * zeta).squareRoot()
            envelope = { w in threshold - ratio * exp(-zeta * w * d) }
            derivative = { w in ratio * zeta * d * exp(-zeta * w * d) }
        } else {
            envelope = { w in -threshold + exp(-w * d) * (w * d + 1) }
            derivative = { w in -w * d * d * exp(-w * d) }
        }
        var omega = 5 / d
        for _ in 1..<12 { omega -= envelope(omega) / derivative(omega) }   // `rootIterations` 12, from i = 1
        // findSpring's fallback for a root that is not a number (here also for one that is not
        // finite and positive, which the clamped inputs never give: kept so that nothing traps).
        guard omega.isFinite, omega > 0 else { return SpringConversion(mass: 1, stiffness: 100, damping: 10) }
        let stiffness = omega * omega
        return SpringConversion(mass: 1, stiffness: stiffness, damping: zeta * 2 * stiffness.squareRoot())
    }

    /// The visual durations whose spring Kinetic runs, seconds: stiffness (2π / (1.2·visualDuration))²
    /// within ``SpringTimingParameters/parameterRange`` (1e-6…1e6), that is 2π/1200…2π/0.0012.
    public static let visualDurationRange = (2 * Double.pi / 1200)...(2 * Double.pi / 0.0012)

    /// The mass-1 spring of `visualDuration` seconds and `bounce`.
    ///
    /// - Precondition: `visualDuration` lies in ``visualDurationRange``.
    public static func spring(visualDuration: Double, bounce: Double) -> SpringConversion {
        precondition(visualDurationRange.contains(visualDuration), "FramerMotionSpring: visualDuration outside \(visualDurationRange)")
        let root = 2 * Double.pi / (visualDuration * 1.2)
        let stiffness = root * root
        return SpringConversion(mass: 1, stiffness: stiffness, damping: 2 * dampingRatio(bounce: bounce) * stiffness.squareRoot())
    }

    /// The visual duration (seconds) and bounce of `spring`'s motion when framer-motion's
    /// `{ visualDuration, bounce }` gives exactly it: ζ within ``dampingRatioRange`` and no initial
    /// velocity (the form ignores one); nil otherwise.
    public static func visualDurationBounce(of spring: SpringConversion) -> (visualDuration: Double, bounce: Double)? {
        let zeta = spring.dampingRatio
        guard dampingRatioRange.contains(zeta), spring.initialVelocity == 0 else { return nil }
        return (2 * Double.pi / spring.angularFrequency / 1.2, 1 - zeta)
    }
}
