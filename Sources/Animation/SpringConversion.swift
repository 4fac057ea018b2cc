import Geometry

/// One damped spring and the numbers each platform describes it by.
///
/// The spring is m·x″ + c·x′ + k·x = 0 for the remaining distance x (progress 1 − x), starting at
/// x = 1 with speed `initialVelocity` toward the target. Its motion depends only on the undamped
/// angular frequency ω₀ = √(k/m), the damping ratio ζ = c / (2√(k·m)) and the initial velocity, so
/// every conversion here keeps those three and only changes how they are spelled:
///
/// | platform | parameters | from (m, k, c) |
/// |---|---|---|
/// | UIKit `UISpringTimingParameters`, `CASpringAnimation`, SwiftUI `.interpolatingSpring`, framer-motion, react-spring | mass, stiffness, damping | as they are |
/// | UIKit Dynamics `UIAttachmentBehavior` | frequency (Hz), damping (ratio) | f = ω₀ / 2π, ζ |
/// | SwiftUI `.spring(response:dampingFraction:)` | response (s), damping fraction | response = 2π / ω₀ (the undamped period), ζ |
/// | Android `SpringForce`, Compose `spring()` | stiffness with unit mass, damping ratio | k / m, ζ |
public struct SpringConversion: Sendable, Hashable {
    /// Mass m of the object on the spring (> 0). For an attachment it is the item's mass,
    /// density × area / 10⁴ (a 100×100 pt item at density 1 weighs 1, as in UIKit Dynamics).
    public let mass: Double
    /// Stiffness k, force per unit distance (> 0).
    public let stiffness: Double
    /// Damping coefficient c, force per unit speed (≥ 0; 0 never settles).
    public let damping: Double
    /// Initial speed toward the target, in unit distances (the whole animation's distance) per
    /// second, as UIKit, Core Animation and SwiftUI take it. Default 0.
    public let initialVelocity: Double

    /// A spring with explicit physical parameters (UIKit's `mass`/`stiffness`/`damping`).
    ///
    /// - Precondition: mass and stiffness are positive, damping non-negative, all finite.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        precondition(mass.isFinite && mass > 0 && stiffness.isFinite && stiffness > 0 && damping.isFinite && damping >= 0
                     && initialVelocity.isFinite, "SpringConversion: mass and stiffness must be positive, damping ≥ 0, all finite")
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }

    /// The spring of an attachment with `frequency` (Hz, > 0) and damping ratio `dampingRatio`
    /// (≥ 0) holding an item of `mass` (default 1), as UIKit Dynamics and Box2D's soft constraints
    /// define them: ω₀ = 2πf, k = m·ω₀², c = 2ζ·√(k·m) = 2ζ·m·ω₀.
    public init(frequency: Double, dampingRatio: Double, mass: Double = 1, initialVelocity: Double = 0) {
        let omega = 2 * Double.pi * frequency
        let stiffness = mass * omega * omega
        self.init(mass: mass, stiffness: stiffness, damping: 2 * dampingRatio * (stiffness * mass).squareRoot(),
                  initialVelocity: initialVelocity)
    }

    /// The spring of a property animator's timing parameters: its mass, stiffness, damping and
    /// initial velocity (`initialVelocity.dx`, the component progress uses). A damping-ratio
    /// spring is described by the mass-1 spring it was fitted to (settling in 1 s unless
    /// ``SpringTimingParameters/resolved(forDuration:)`` was applied).
    public init(_ spring: SpringTimingParameters) {
        self.init(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                  initialVelocity: spring.initialVelocity.dx)
    }

    /// The undamped angular frequency ω₀ = √(k/m), radians per second.
    public var angularFrequency: Double { (stiffness / mass).squareRoot() }

    /// The undamped frequency f = ω₀ / 2π, hertz (`UIAttachmentBehavior.frequency`).
    public var frequency: Double { angularFrequency / (2 * Double.pi) }

    /// The damping ratio ζ = c / (2√(k·m)): below 1 it overshoots, 1 is critical, above 1 creeps in.
    /// (`UIAttachmentBehavior.damping`, SwiftUI's `dampingFraction`, Android's and Compose's
    /// `dampingRatio`.)
    /// Where k·m overflows or underflows (mass = stiffness = damping = 10³⁰⁰ is ζ 0.5, which
    /// would read as undamped) it is c / (2·√k·√m).
    public var dampingRatio: Double {
        let km = stiffness * mass
        guard km.isFinite, km >= .leastNormalMagnitude else { return damping / (2 * stiffness.squareRoot() * mass.squareRoot()) }
        return damping / (2 * km.squareRoot())
    }

    /// SwiftUI's `response`: the period of the undamped spring, 2π / ω₀ seconds. SwiftUI's
    /// `Spring(response:dampingRatio:)` is the mass-1 spring with stiffness (2π / response)² and
    /// damping 4π·ζ / response, which has this ω₀ and ζ.
    public var response: Double { 2 * Double.pi / angularFrequency }

    /// The stiffness of the same motion with unit mass, k / m = ω₀² (Android's `SpringForce` and
    /// Compose's `spring()` have no mass parameter: their spring has mass 1).
    public var unitMassStiffness: Double { stiffness / mass }

    /// The damping of the same motion with unit mass, c / m = 2ζω₀.
    public var unitMassDamping: Double { damping / mass }

    /// The mass-1 spring with this motion as Kinetic's timing parameters (with their closed-form
    /// response and settling duration), or nil when there is none: an undamped spring (it never
    /// settles) or one outside ``SpringTimingParameters/parameterRange``.
    ///
    /// Mass 1 because the motion does not depend on the mass and unit-mass values stay in range
    /// where physical ones might not (a 1256×44 pt row at 100 Hz has k ≈ 2·10⁶).
    public var timingParameters: SpringTimingParameters? {
        try? SpringTimingParameters(validatingMass: 1, stiffness: unitMassStiffness, damping: unitMassDamping,
                                    initialVelocity: Vector(dx: initialVelocity, dy: 0))
    }

    /// Seconds until the motion stays within ``SpringTimingParameters/settlingTolerance`` (0.001)
    /// of the target, cut at ``SpringTimingParameters/maximumSettlingDuration`` (300 s) as
    /// Kinetic's animator cuts it; nil when ``timingParameters`` is nil. This is the duration an
    /// animator gives a spring with mass, stiffness and damping (`CASpringAnimation.settlingDuration`).
    public var settlingDuration: Double? { timingParameters?.settlingDuration }
}
