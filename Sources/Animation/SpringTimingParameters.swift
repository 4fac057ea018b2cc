import Geometry

/// Timing that follows a damped spring pulling progress from 0 to 1 (UIKit's
/// `UISpringTimingParameters`).
///
/// The spring obeys m·x″ + c·x′ + k·x = 0 for the remaining distance x = 1 − progress, with
/// x(0) = 1 and x′(0) = −v, and is solved in closed form for the under-damped (ζ < 1), critically
/// damped (ζ = 1) and over-damped (ζ > 1) cases, where ζ = c / (2√(k·m)).
///
/// Duration, as in UIKit:
/// - `init(mass:stiffness:damping:initialVelocity:)` and `init()` use the spring's own
///   ``settlingDuration``; an animator created with them ignores its `duration`.
/// - `init(dampingRatio:initialVelocity:)` uses the animator's duration: the animator picks the
///   stiffness (mass 1) so that the spring settles exactly by that duration.
///
/// Progress is one-dimensional, so the spring uses `initialVelocity.dx` (as UIKit does for
/// non-positional animations); `dy` is kept so that 2-D callers can pass a pointer velocity
/// converted to unit distances per second.
public struct SpringTimingParameters: Sendable, Hashable {
    /// Mass of the simulated object, in arbitrary mass units. Default 3 (`init()`), 1 for
    /// `init(dampingRatio:initialVelocity:)`.
    public let mass: Double
    /// Spring stiffness k, in force per unit distance. Default 1000 (`init()`).
    public let stiffness: Double
    /// Damping coefficient c, in force per unit speed. Default 500 (`init()`).
    public let damping: Double
    /// Initial speed toward the target, in unit distances per second (1 = the whole animation's
    /// distance per second). Progress uses `dx`.
    public let initialVelocity: Vector
    /// Whether an animator stretches this spring over its own duration (true for
    /// `init(dampingRatio:initialVelocity:)`), rather than using ``settlingDuration``.
    public let usesAnimatorDuration: Bool
    /// Seconds until progress stays within ``settlingTolerance`` of 1 for good.
    public let settlingDuration: Double

    /// How close to the target (in unit distance) the spring must stay to count as settled: 0.001.
    public static let settlingTolerance = 0.001

    /// UIKit's system spring: mass 3, stiffness 1000, damping 500, no initial velocity
    /// (over-damped, ζ ≈ 4.56; it settles in about 3.4 s).
    public init() {
        self.init(mass: 3, stiffness: 1000, damping: 500, initialVelocity: .zero)
    }

    /// A spring with damping ratio `dampingRatio` (0 < ζ; below 1 it oscillates) whose duration
    /// is the animator's: the stiffness is chosen when an animator adopts it. On its own (for
    /// example when plotted) it is the spring that settles in 1 s.
    ///
    /// - Precondition: `dampingRatio` is finite and positive (a spring without damping never
    ///   settles); traps with "SpringTimingParameters: dampingRatio must be positive".
    public init(dampingRatio: Double, initialVelocity: Vector = .zero) {
        guard dampingRatio.isFinite, dampingRatio > 0, initialVelocity.isFinite else {
            preconditionFailure("SpringTimingParameters: dampingRatio must be positive and the velocity finite")
        }
        self = Self.fitted(dampingRatio: dampingRatio, initialVelocity: initialVelocity, duration: 1)
    }

    /// A spring with explicit physical parameters; an animator uses its ``settlingDuration``
    /// as the animation duration.
    ///
    /// - Precondition: mass and stiffness are positive, damping is positive, all finite; traps
    ///   with "SpringTimingParameters: …" naming the bad parameter. Use
    ///   ``init(validatingMass:stiffness:damping:initialVelocity:)`` for a thrown error instead.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Vector = .zero) {
        do {
            try self.init(validatingMass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        } catch {
            preconditionFailure("SpringTimingParameters: \(error.message)")
        }
    }

    /// A spring with explicit physical parameters, or a thrown ``TimingParametersError`` naming
    /// the problem (mass, stiffness or damping not positive, or a value that is not finite).
    public init(validatingMass mass: Double, stiffness: Double, damping: Double,
                initialVelocity: Vector = .zero) throws(TimingParametersError) {
        for (name, value) in [("mass", mass), ("stiffness", stiffness), ("damping", damping)] {
            if name == "damping", value == 0 {
                throw TimingParametersError("the spring has no damping (damping ratio 0): it never settles")
            }
            guard value.isFinite, value > 0 else {
                throw TimingParametersError("\(name) must be > 0 (got \(SpringDialect.spell(value)))")
            }
            guard Self.parameterRange.contains(value) else {
                throw TimingParametersError("\(name) must be between 1e-6 and 1e6 (got \(SpringDialect.spell(value)))")
            }
        }
        let velocity = "(\(SpringDialect.spell(initialVelocity.dx)), \(SpringDialect.spell(initialVelocity.dy)))"
        guard initialVelocity.isFinite else {
            throw TimingParametersError("initial velocity must be finite (got \(velocity))")
        }
        guard abs(initialVelocity.dx) <= Self.maximumInitialVelocity, abs(initialVelocity.dy) <= Self.maximumInitialVelocity else {
            throw TimingParametersError("initial velocity must be within ±1e6 (got \(velocity))")
        }
        let oscillator = DampedOscillator(mass: mass, stiffness: stiffness, damping: damping,
                                          velocity: initialVelocity.dx)
        let settling = oscillator.settlingTime(tolerance: Self.settlingTolerance)
        self.init(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity,
                  usesAnimatorDuration: false, settlingDuration: Swift.min(settling, Self.maximumSettlingDuration))
        uncappedSettlingDuration = settling
    }

    /// The mass, stiffness and damping a spring accepts (1e-6…1e6): outside it the closed-form
    /// response overflows or underflows to meaningless numbers.
    public static let parameterRange = 1e-6...1e6
    /// The largest initial velocity a spring accepts, progress per second (1e6).
    public static let maximumInitialVelocity = 1e6

    /// The longest animation a spring with explicit parameters drives, seconds (300). A spring
    /// that would take longer to settle (mass 100, stiffness 0.1, damping 0.01 takes 38 hours) is
    /// cut off there: its animation ends, at its final value, after this long.
    /// (The cards scene's seed spring — mass 1, stiffness 2, damping 0.2 — settles in 69 s: not cut.)
    public static let maximumSettlingDuration = 300.0

    /// How long the spring takes to settle, seconds, before the cap of ``maximumSettlingDuration``.
    public private(set) var uncappedSettlingDuration: Double = 0

    /// Whether ``settlingDuration`` was cut to ``maximumSettlingDuration`` (say so to the user).
    public var isSettlingDurationCapped: Bool { uncappedSettlingDuration > settlingDuration }

    private init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Vector,
                 usesAnimatorDuration: Bool, settlingDuration: Double) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity
        self.usesAnimatorDuration = usesAnimatorDuration
        self.settlingDuration = settlingDuration
        self.uncappedSettlingDuration = settlingDuration
    }

    /// The damping ratio ζ = c / (2√(k·m)): below 1 the spring overshoots and oscillates, at 1 it
    /// is critically damped, above 1 it creeps in.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The undamped angular frequency ω₀ = √(k/m), in radians per second.
    public var angularFrequency: Double { (stiffness / mass).squareRoot() }

    /// Progress at `time` seconds after the start: 1 − x(t) in closed form. Overshoots above 1
    /// when under-damped; 0 for negative times.
    public func progress(atTime time: Double) -> Double {
        guard time > 0 else { return 0 }
        return 1 - oscillator.displacement(at: time)
    }

    /// Progress at a fraction of ``settlingDuration`` (the x axis of a timing-curve plot).
    /// Reaches exactly 1 at fraction 1, where the animation ends (the spring is then within
    /// ``settlingTolerance`` of 1).
    public func progress(at fraction: Double) -> Double {
        fraction >= 1 ? 1 : progress(atTime: fraction * settlingDuration)
    }

    /// This spring's shape stretched to settle in `duration` seconds, with mass 1 and the same
    /// damping ratio and initial velocity (what an animator does with a damping-ratio spring).
    /// Springs with their own physical parameters are returned unchanged.
    public func resolved(forDuration duration: Double) -> SpringTimingParameters {
        guard usesAnimatorDuration, duration.isFinite, duration > 0 else { return self }
        return Self.fitted(dampingRatio: dampingRatio, initialVelocity: initialVelocity, duration: duration)
    }

    var oscillator: DampedOscillator {
        DampedOscillator(mass: mass, stiffness: stiffness, damping: damping, velocity: initialVelocity.dx)
    }

    /// The mass-1 spring with damping ratio `zeta` that settles in `duration` seconds. Without
    /// velocity the settling time scales as 1/ω₀ exactly; with velocity the normalised velocity
    /// changes with ω₀, so a fixed-point iteration refines ω₀.
    private static func fitted(dampingRatio zeta: Double, initialVelocity: Vector, duration: Double) -> SpringTimingParameters {
        func settling(_ omega: Double) -> Double {
            DampedOscillator(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, velocity: initialVelocity.dx)
                .settlingTime(tolerance: settlingTolerance)
        }
        var omega = settling(1) / duration
        if initialVelocity.dx != 0 {
            for _ in 0..<60 {
                let t = settling(omega)
                guard t > 0, t.isFinite else { break }
                let next = omega * t / duration
                if abs(next - omega) <= 1e-12 * omega { omega = next; break }
                omega = next
            }
        }
        return SpringTimingParameters(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega,
                                      initialVelocity: initialVelocity, usesAnimatorDuration: true,
                                      settlingDuration: duration)
    }
}

/// The closed-form solution of m·x″ + c·x′ + k·x = 0 with x(0) = 1 and x′(0) = −v.
struct DampedOscillator: Sendable {
    enum Regime: Sendable { case underdamped, critical, overdamped }

    let regime: Regime
    /// ω₀ = √(k/m) and ζ = c / (2√(k·m)).
    let omega: Double, zeta: Double
    // Under-damped: x = e^(−ζω₀t)(A cos ω_d t + B sin ω_d t). Critical: x = e^(−ω₀t)(A + B t).
    // Over-damped: x = A e^(r₁t) + B e^(r₂t).
    let a: Double, b: Double
    let dampedOmega: Double   // ω_d (under-damped)
    let r1: Double, r2: Double // real roots (over-damped)

    /// Damping ratios within this distance of 1 use the critical solution, whose neighbours
    /// lose precision as ω_d or r₁ − r₂ tend to 0.
    static let criticalBand = 1e-6

    init(mass: Double, stiffness: Double, damping: Double, velocity v: Double) {
        omega = (stiffness / mass).squareRoot()
        zeta = damping / (2 * (stiffness * mass).squareRoot())
        if abs(zeta - 1) <= Self.criticalBand {
            regime = .critical
            a = 1; b = -v + omega
            dampedOmega = 0; r1 = 0; r2 = 0
        } else if zeta < 1 {
            regime = .underdamped
            dampedOmega = omega * (1 - zeta * zeta).squareRoot()
            a = 1; b = (-v + zeta * omega) / dampedOmega
            r1 = 0; r2 = 0
        } else {
            regime = .overdamped
            let root = (zeta * zeta - 1).squareRoot()
            r1 = -omega * (zeta - root)   // the slow root
            r2 = -omega * (zeta + root)   // the fast root
            b = (-v - r1) / (r2 - r1)
            a = 1 - b
            dampedOmega = 0
        }
    }

    /// x(t), the remaining distance to the target.
    func displacement(at t: Double) -> Double {
        switch regime {
        case .underdamped:
            let wt = dampedOmega * t
            return exp(-zeta * omega * t) * (a * cos(wt) + b * sin(wt))
        case .critical:
            return exp(-omega * t) * (a + b * t)
        case .overdamped:
            return a * exp(r1 * t) + b * exp(r2 * t)
        }
    }

    /// An upper bound of |x(t)|, decreasing for t ≥ 1/ω₀.
    private func envelope(at t: Double) -> Double {
        switch regime {
        case .underdamped: (a * a + b * b).squareRoot() * exp(-zeta * omega * t)
        case .critical: (abs(a) + abs(b) * t) * exp(-omega * t)
        case .overdamped: abs(a) * exp(r1 * t) + abs(b) * exp(r2 * t)
        }
    }

    /// The last time |x(t)| reaches `tolerance`: after it the spring stays settled.
    ///
    /// The envelope bounds the search from above; stepping back from there (an eighth of a
    /// half-period for oscillating springs) finds the last excursion, and bisection pins its edge.
    func settlingTime(tolerance: Double) -> Double {
        // Upper bound: the envelope is below the tolerance from here on.
        var upper: Double
        if regime == .underdamped {
            upper = log((a * a + b * b).squareRoot() / tolerance) / (zeta * omega)
        } else {
            // The envelope decreases from 1/ω₀ on; doubling overshoots by at most 2×, which only
            // lengthens the backward scan.
            upper = 1 / omega
            var doublings = 0
            while envelope(at: upper) >= tolerance && doublings < 200 { upper *= 2; doublings += 1 }
        }
        guard upper > 0, upper.isFinite else { return upper.isFinite ? 0 : .infinity }
        let step = regime == .underdamped ? min(Double.pi / dampedOmega / 32, upper / 64) : upper / 512
        var t = upper
        while t > 0 {
            let earlier = max(0, t - step)
            if abs(displacement(at: earlier)) >= tolerance {
                var lo = earlier, hi = t
                for _ in 0..<80 {
                    let mid = (lo + hi) / 2
                    if abs(displacement(at: mid)) >= tolerance { lo = mid } else { hi = mid }
                }
                return hi
            }
            t = earlier
        }
        return 0
    }
}
