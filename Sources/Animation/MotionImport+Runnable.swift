/// The springs ``MotionImport`` gives back: only those Kinetic runs, with errors that name the
/// form, the argument as the text spells it, its value and the range it must lie in.
extension MotionImport {
    /// The spring `values` describe in `dialect` (one per ``SpringDialect/parameters`` entry,
    /// spelled `names` in the text), moving at `velocity` (spelled `velocityName`), or an error
    /// naming `form` and the argument:
    /// - a value outside its dialect's range ("`.spring(…)`: bounce must be > -1 and ≤ 1 (got -1)");
    /// - an initial velocity beyond ±10⁶;
    /// - no damping (a damping, damping ratio or fraction of 0, or a bounce of 1): "… the spring
    ///   has no damping (damping ratio 0): it never settles", as `kinetic curve spring` says;
    /// - a spring outside ``SpringTimingParameters/parameterRange`` (1e-6…1e6), for its mass,
    ///   stiffness and damping and for the same motion with a unit mass (``SpringConversion/timingParameters``),
    ///   with the range of the argument that puts it there, in that argument's own terms
    ///   (a SwiftUI duration must lie in 0.00628…6283 s).
    static func runnableSpring(_ dialect: SpringDialect, _ values: [Double], names: [String], velocity: Double, velocityName: String,
                               form: String) throws(TimingParametersError) -> SpringConversion {
        let parameters = dialect.parameters
        precondition(values.count == parameters.count && names.count == parameters.count, "MotionImport: one value and name per parameter")
        for (k, parameter) in parameters.enumerated() where !parameter.contains(values[k]) {
            throw TimingParametersError("\(form): \(names[k]) must be \(parameter.rangeDescription) (got \(spell(values[k])))")
        }
        guard velocity.isFinite, abs(velocity) <= SpringTimingParameters.maximumInitialVelocity else {
            throw TimingParametersError("\(form): \(velocityName) must be within ±1000000 (got \(spell(velocity)))")
        }
        let range = SpringTimingParameters.parameterRange
        let rangeText = "1e-6…1e6"
        // The argument that sets the damping (its ratio, or the bounce), and the one that sets ω₀.
        let d = dialect == .physical ? 2 : 1, w = dialect == .physical ? 1 : 0
        let zeta: Double, omega: Double
        switch dialect {
        case .physical:
            for k in 0..<2 where !range.contains(values[k]) {
                throw TimingParametersError("\(form): \(names[k]) must be between 1e-6 and 1e6 for a spring Kinetic runs (got \(spell(values[k])))")
            }
            omega = (values[1] / values[0]).squareRoot()
            zeta = values[2] / (2 * (values[1] * values[0]).squareRoot())
        case .attachment: omega = 2 * Double.pi * values[0]; zeta = values[1]
        case .durationBounce: omega = 2 * Double.pi / values[0]; zeta = values[1] >= 0 ? 1 - values[1] : 1 / (1 + values[1])
        case .responseDampingFraction: omega = 2 * Double.pi / values[0]; zeta = values[1]
        case .unitMass: omega = values[0].squareRoot(); zeta = values[1]
        }
        if zeta == 0 {
            throw TimingParametersError("\(form): \(names[d]) \(spell(values[d])) means the spring has no damping (damping ratio 0): "
                                        + "it never settles, so it cannot be imported")
        }
        // The unit-mass stiffness ω₀² must lie in range: ω₀ in 1e-3…1e3 rad/s.
        let omegaRange = range.lowerBound.squareRoot()...range.upperBound.squareRoot()
        if !omegaRange.contains(omega) {
            if dialect == .physical {
                throw TimingParametersError("\(form): \(names[1]) \(spell(values[1])) with \(names[0]) \(spell(values[0])) moves as a unit mass "
                                            + "with stiffness \(spell(values[1] / values[0])), outside the \(rangeText) Kinetic runs")
            }
            let (lo, hi, unit) = Self.omegaArgumentRange(dialect, omegaRange)
            throw TimingParametersError("\(form): \(names[w]) must be between \(spell4(lo)) and \(spell4(hi))\(unit) for a spring Kinetic runs "
                                        + "(got \(spell(values[w])))")
        }
        // The unit-mass damping 2ζω₀ must lie in range too, and for a physical spring the damping itself.
        let unitDamping = 2 * zeta * omega
        if dialect == .physical, !range.contains(values[2]) {
            throw TimingParametersError("\(form): \(names[2]) must be between 1e-6 and 1e6 for a spring Kinetic runs (got \(spell(values[2])))")
        }
        if !range.contains(unitDamping) {
            if dialect == .physical {
                throw TimingParametersError("\(form): \(names[2]) \(spell(values[2])) with \(names[0]) \(spell(values[0])) moves as a unit mass "
                                            + "with damping \(spell(unitDamping)), outside the \(rangeText) Kinetic runs")
            }
            // ζ within range / (2ω₀), in the argument's own terms (bounce falls as ζ grows).
            var lo = range.lowerBound / (2 * omega), hi = range.upperBound / (2 * omega)
            // A bounce's bound lies a hair from 1: enough digits to tell it from 1.
            let digits = dialect == .durationBounce ? 12 : 6
            if dialect == .durationBounce {
                func bounce(_ z: Double) -> Double { z <= 1 ? 1 - z : 1 / z - 1 }
                (lo, hi) = (bounce(hi), bounce(lo))
            }
            throw TimingParametersError("\(form): with \(names[w]) \(spell(values[w])), \(names[d]) must be between \(spell(lo, digits: digits)) and \(spell(hi, digits: digits)) "
                                        + "for a spring Kinetic runs (got \(spell(values[d])))")
        }
        let spring: SpringConversion
        do { spring = try dialect.spring(from: values, initialVelocity: velocity) } catch {
            throw TimingParametersError("\(form): \(error.message)")
        }
        try checkRunnable(.spring(spring))
        return spring
    }

    /// The values of the argument that sets ω₀ in `dialect` for ω₀ in `omegas`, ascending, and its unit.
    private static func omegaArgumentRange(_ dialect: SpringDialect, _ omegas: ClosedRange<Double>) -> (Double, Double, String) {
        switch dialect {
        case .attachment: return (omegas.lowerBound / (2 * Double.pi), omegas.upperBound / (2 * Double.pi), " Hz")
        case .durationBounce, .responseDampingFraction: return (2 * Double.pi / omegas.upperBound, 2 * Double.pi / omegas.lowerBound, " s")
        case .unitMass, .physical: return (omegas.lowerBound * omegas.lowerBound, omegas.upperBound * omegas.upperBound, "")
        }
    }

    /// A bound in a message, to 4 significant digits.
    private static func spell4(_ value: Double) -> String { SpringDialect.spell(value, digits: 4) }
}
