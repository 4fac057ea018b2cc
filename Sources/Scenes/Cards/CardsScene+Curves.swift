import Geometry
import Animation

/// The cards scene's curve by hand (issue 28 part 2): the HUD plot's two handles are the cubic
/// curve's control points, as on cubic-bezier.com; the spring choice's plot takes a drag or a
/// spring typed in another dialect.
extension CardsScene {
    /// The control points of the curve the next card animation uses, when it is a cubic one
    /// (the presets' own points; the custom cubic's from its tunables); nil for the spring.
    public var curveHandles: (Point, Point)? {
        guard case .cubic(let c) = timingParameters else { return nil }
        return (c.controlPoint1, c.controlPoint2)
    }

    /// Makes the curve the custom cubic with control points `p1` and `p2`: x clamped to 0…1 (as
    /// CSS clamps it), y to the tunables' range.
    public func setCurveHandles(_ p1: Point, _ p2: Point) {
        setParameter("curve", to: Double(TimingCurveChoice.cubic.rawValue))
        for (name, v) in [("x1", p1.x), ("y1", p1.y), ("x2", p2.x), ("y2", p2.y)] { setParameter(name, to: v) }
    }

    /// The spring choice's stiffness and damping for an undamped frequency of `frequency` Hz and
    /// damping ratio `dampingRatio` at the scene's mass: k = m·(2πf)², c = 2ζ·√(k·m). Other
    /// choices plot a cubic curve and keep their values (none).
    public func plottedSpringAssignments(frequency: Double, dampingRatio: Double) -> [ParameterAssignment] {
        guard curve == .spring, frequency.isFinite, frequency > 0, dampingRatio.isFinite, dampingRatio >= 0 else { return [] }
        let m = tunables.mass, omega = 2 * Double.pi * frequency
        // c = 2ζ·m·ω₀ rather than 2ζ·√(k·m): k·m overflows long before c does.
        return [ParameterAssignment("stiffness", m * omega * omega), ParameterAssignment("damping", 2 * dampingRatio * m * omega)]
    }
}

extension CardsScene {
    /// A pasted spring becomes the spring choice with its mass, stiffness, damping and initial velocity.
    public func importedSpringAssignments(_ spring: SpringConversion) throws(ParameterRefusal) -> [ParameterAssignment]? {
        [ParameterAssignment("curve", Double(TimingCurveChoice.spring.rawValue)), ParameterAssignment("mass", spring.mass),
         ParameterAssignment("stiffness", spring.stiffness), ParameterAssignment("damping", spring.damping),
         ParameterAssignment("velocity", spring.initialVelocity)]
    }

    /// A pasted cubic curve becomes the custom cubic, run over its duration when it has one.
    public func importedCurveAssignments(_ curve: CubicTimingParameters, duration: Double?) -> [ParameterAssignment]? {
        let p1 = curve.controlPoint1, p2 = curve.controlPoint2
        var assignments = [ParameterAssignment("curve", Double(TimingCurveChoice.cubic.rawValue)),
                           ParameterAssignment("x1", p1.x), ParameterAssignment("y1", p1.y),
                           ParameterAssignment("x2", p2.x), ParameterAssignment("y2", p2.y)]
        if let duration { assignments.append(ParameterAssignment("duration", duration)) }
        return assignments
    }
}

extension CardsTunables {
    /// The custom cubic curve's control points.
    var controlPoints: (Point, Point) { (Point(x: x1, y: y1), Point(x: x2, y: y2)) }
}
