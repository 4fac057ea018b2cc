import Geometry

/// The ways platforms write one damped spring, each with its parameter names, units and ranges,
/// converted to and from ``SpringConversion``'s mass, stiffness and damping so that the motion —
/// the undamped angular frequency ω₀ = √(k/m) and the damping ratio ζ = c / (2√(k·m)) — is kept
/// exactly (up to floating point).
///
/// | dialect | platform | parameters | to ω₀, ζ |
/// |---|---|---|---|
/// | ``physical`` | UIKit `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`, `CASpringAnimation`, SwiftUI `.interpolatingSpring` and `Spring(mass:stiffness:damping:)`, framer-motion, react-spring (tension = stiffness, friction = damping) | mass, stiffness, damping | √(k/m), c / (2√(k·m)) |
/// | ``attachment`` | UIKit Dynamics `UIAttachmentBehavior` | frequency (Hz), damping ratio | 2πf, ζ |
/// | ``durationBounce`` | SwiftUI `Spring(duration:bounce:)`, `.spring(duration:bounce:)`, `.smooth`/`.snappy`/`.bouncy`; UIKit (iOS 17) `UISpringTimingParameters(duration:bounce:initialVelocity:)` | duration (s), bounce | 2π/duration; 1 − bounce for bounce ≥ 0, 1/(1 + bounce) below 0 |
/// | ``responseDampingFraction`` | SwiftUI `.spring(response:dampingFraction:)`, `Spring(response:dampingRatio:)` | response (s), damping fraction | 2π/response, ζ |
/// | ``unitMass`` | Android `SpringForce`, Compose `spring()` | stiffness (unit mass), damping ratio | √stiffness, ζ |
///
/// The SwiftUI conversions are Apple's: `Spring`'s documentation gives
/// `Spring(duration: 0.5, bounce: 0.3)` as mass 1, stiffness 157.9, damping 17.6 (that is
/// (2π/0.5)² and 4π·(1 − 0.3)/0.5) and `Spring(mass: 1, stiffness: 100, damping: 10)` as duration
/// 0.63 (2π/√100) and bounce 0.5 (1 − ζ) (developer.apple.com/documentation/swiftui/spring).
/// Apple documents bounce from −1 (exclusive, over-damped) to 1 (undamped) but no formula for
/// negative bounce; ζ = 1/(1 + bounce) is Flutter's `SpringDescription.withDurationAndBounce`,
/// written to "produce the same result as SwiftUI's spring(duration:bounce:)"
/// (api.flutter.dev/flutter/physics/SpringDescription/SpringDescription.withDurationAndBounce.html),
/// which gives mass 1, stiffness (2π/duration)² and damping 4π/(duration·(1 + bounce)).
///
/// Every dialect but ``physical`` describes the motion without a mass: ``spring(from:mass:initialVelocity:)``
/// gives the spring of that motion for the mass asked for (k and c scale with it), so a HUD that
/// edits a value in one dialect keeps the item's mass.
public enum SpringDialect: String, CaseIterable, Sendable {
    /// Mass, stiffness and damping as they are (UIKit, Core Animation, SwiftUI
    /// `.interpolatingSpring`, framer-motion; react-spring calls them mass, tension, friction).
    case physical
    /// Frequency (Hz) and damping ratio, as UIKit Dynamics' `UIAttachmentBehavior` takes them.
    case attachment
    /// SwiftUI's (and iOS 17 UIKit's) perceptual duration (seconds) and bounce (−1 < bounce ≤ 1;
    /// 0 is critically damped, 1 undamped).
    case durationBounce
    /// SwiftUI's response (the undamped period, seconds) and damping fraction (the damping ratio).
    case responseDampingFraction
    /// Android's `SpringForce` and Compose's `spring()`: stiffness of a unit mass and damping ratio.
    case unitMass

    /// One number of a dialect: its name as the platform spells it, its unit and the values it
    /// accepts (`lowerBound` exclusive or inclusive, `upperBound` inclusive; all finite).
    public struct Parameter: Sendable, Hashable {
        /// The platform's name for it: "mass", "dampingRatio", "duration", …
        public let name: String
        /// Its unit: "s", "Hz", or "" for plain numbers (mass, stiffness and damping are in the
        /// caller's consistent units; ratios have none).
        public let unit: String
        /// The smallest value accepted (or the bound just below it when `includesLowerBound` is false).
        public let lowerBound: Double
        /// Whether `lowerBound` itself is accepted.
        public let includesLowerBound: Bool
        /// The largest value accepted (infinity: no bound but finiteness).
        public let upperBound: Double

        /// A parameter named `name` in `unit`, from `lowerBound` (included or not) to `upperBound`.
        public init(name: String, unit: String, lowerBound: Double, includesLowerBound: Bool, upperBound: Double = .infinity) {
            self.name = name; self.unit = unit; self.lowerBound = lowerBound
            self.includesLowerBound = includesLowerBound; self.upperBound = upperBound
        }

        /// Whether `value` is finite and within the range.
        public func contains(_ value: Double) -> Bool {
            value.isFinite && (includesLowerBound ? value >= lowerBound : value > lowerBound) && value <= upperBound
        }

        /// The range in words: "> 0", "≥ 0", "> -1 and ≤ 1".
        public var rangeDescription: String {
            let lower = (includesLowerBound ? "≥ " : "> ") + ExportNumber.significant(lowerBound, digits: 12)
            return upperBound.isFinite ? lower + " and ≤ " + ExportNumber.significant(upperBound, digits: 12) : lower
        }
    }

    /// The dialect's name for people: "mass · stiffness · damping", "SwiftUI duration · bounce", …
    public var title: String {
        switch self {
        case .physical: "mass · stiffness · damping"
        case .attachment: "UIKit Dynamics frequency · damping ratio"
        case .durationBounce: "SwiftUI duration · bounce"
        case .responseDampingFraction: "SwiftUI response · damping fraction"
        case .unitMass: "Android/Compose unit-mass stiffness · damping ratio"
        }
    }

    /// The dialect's numbers, in the order ``values(of:)`` gives and ``spring(from:mass:initialVelocity:)`` takes them.
    public var parameters: [Parameter] {
        let positive = { (name: String, unit: String) in Parameter(name: name, unit: unit, lowerBound: 0, includesLowerBound: false) }
        let nonNegative = { (name: String) in Parameter(name: name, unit: "", lowerBound: 0, includesLowerBound: true) }
        switch self {
        case .physical: return [positive("mass", ""), positive("stiffness", ""), nonNegative("damping")]
        case .attachment: return [positive("frequency", "Hz"), nonNegative("dampingRatio")]
        case .durationBounce:
            return [positive("duration", "s"), Parameter(name: "bounce", unit: "", lowerBound: -1, includesLowerBound: false, upperBound: 1)]
        case .responseDampingFraction: return [positive("response", "s"), nonNegative("dampingFraction")]
        case .unitMass: return [positive("stiffness", ""), nonNegative("dampingRatio")]
        }
    }

    /// `spring` in this dialect, one value per ``parameters`` entry (its initial velocity is not
    /// among them: every dialect carries it apart, as the platforms do).
    public func values(of spring: SpringConversion) -> [Double] {
        let omega = spring.angularFrequency, zeta = spring.dampingRatio
        switch self {
        case .physical: return [spring.mass, spring.stiffness, spring.damping]
        case .attachment: return [spring.frequency, zeta]
        case .durationBounce: return [2 * Double.pi / omega, zeta <= 1 ? 1 - zeta : 1 / zeta - 1]
        case .responseDampingFraction: return [2 * Double.pi / omega, zeta]
        case .unitMass: return [spring.unitMassStiffness, zeta]
        }
    }

    /// The spring these `values` describe (one per ``parameters`` entry), moving `initialVelocity`
    /// unit distances per second toward the target at the start (default 0).
    ///
    /// ``physical`` takes its mass from `values`; the other dialects describe only ω₀ and ζ, and
    /// give the spring of that motion holding `mass` (default 1): k = mass·ω₀², c = 2ζ·mass·ω₀.
    ///
    /// - Throws: ``TimingParametersError`` naming the value out of its range, for example
    ///   "bounce must be > -1 and ≤ 1 (got -1)", a wrong number of values, or a mass that is not
    ///   positive, and values whose spring overflows (a duration of 1e-200 s).
    public func spring(from values: [Double], mass: Double = 1, initialVelocity: Double = 0) throws(TimingParametersError) -> SpringConversion {
        let parameters = self.parameters
        guard values.count == parameters.count else {
            throw TimingParametersError("\(title) takes \(parameters.count) values (\(parameters.map(\.name).joined(separator: ", "))), got \(values.count)")
        }
        for (parameter, value) in zip(parameters, values) where !parameter.contains(value) {
            throw TimingParametersError("\(parameter.name) must be \(parameter.rangeDescription) (got \(Self.spell(value)))")
        }
        guard mass.isFinite, mass > 0 else { throw TimingParametersError("mass must be > 0 (got \(Self.spell(mass)))") }
        guard initialVelocity.isFinite else { throw TimingParametersError("initial velocity must be finite (got \(Self.spell(initialVelocity)))") }
        let omega: Double, zeta: Double
        switch self {
        case .physical:
            return try Self.checked(mass: values[0], stiffness: values[1], damping: values[2], initialVelocity: initialVelocity)
        case .attachment:
            omega = 2 * Double.pi * values[0]; zeta = values[1]
        case .durationBounce:
            omega = 2 * Double.pi / values[0]
            zeta = values[1] >= 0 ? 1 - values[1] : 1 / (1 + values[1])
        case .responseDampingFraction:
            omega = 2 * Double.pi / values[0]; zeta = values[1]
        case .unitMass:
            omega = values[0].squareRoot(); zeta = values[1]
        }
        return try Self.checked(mass: mass, stiffness: mass * omega * omega, damping: 2 * zeta * mass * omega,
                                initialVelocity: initialVelocity)
    }

    /// The spring, or an error when a conversion overflowed or underflowed to a stiffness that is
    /// not positive and finite (or a damping that is not finite).
    private static func checked(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) throws(TimingParametersError) -> SpringConversion {
        guard stiffness.isFinite, stiffness > 0, damping.isFinite else {
            throw TimingParametersError("these values give stiffness \(spell(stiffness)) and damping \(spell(damping)), outside what a spring can hold")
        }
        return SpringConversion(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// A value as a person typed it: "-1", "0.15", "1e-200", "1e+308" (12 significant digits);
    /// infinity, which only a number too large for a Double gives ("1e999"), as "a number beyond
    /// ±1.8e+308" (NaN, which no text gives, as "nan").
    static func spell(_ value: Double, digits: Int = 12) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "a number below -1.8e+308" : "a number beyond 1.8e+308" }
        guard value != 0, abs(value) < 1e-6 || abs(value) >= 1e15 else { return ExportNumber.significant(value, digits: digits) }
        // d.ddde±NN: the mantissa to `digits` significant digits (9.9999 rounding up to 10 moves the exponent).
        var exponent = Int(floor(log10(abs(value))))
        // Subnormal values: scaled in two steps, as 10^-324 itself underflows to 0.
        let scaled = exponent < -300 ? value * 1e300 / pow(10, Double(exponent + 300)) : value / pow(10, Double(exponent))
        var mantissa = ExportNumber.significant(scaled, digits: digits)
        if mantissa == "10" || mantissa == "-10" {
            exponent += 1
            mantissa = value < 0 ? "-1" : "1"
        }
        let power = String(abs(exponent))
        return mantissa + (exponent < 0 ? "e-" : "e+") + (power.count < 2 ? "0" + power : power)
    }
}
