import Geometry
import Animation

/// The timing curves the `cards` scene cycles through with `C` (docs/DESIGN.md, "The scenes", `cards`).
/// The raw value is the `curve` parameter's value.
public enum TimingCurveChoice: Int, CaseIterable, Sendable {
    /// Core Animation's linear curve (0, 0, 1, 1).
    case linear
    /// Core Animation's ease-in (0.42, 0, 1, 1).
    case easeIn
    /// Core Animation's ease-out (0, 0, 0.58, 1).
    case easeOut
    /// Core Animation's ease-in-out (0.42, 0, 0.58, 1); the scene's default.
    case easeInOut
    /// A custom cubic Bézier: the source's control points (0.17, 0.67) and (0.76, 1.0) (fast
    /// out, long tail) unless the HUD plot's handles moved them.
    case cubic
    /// A spring with the scene's mass, stiffness, damping and initial velocity (default 1, 2, 0.2,
    /// 0: very soft, ζ ≈ 0.07), which runs for its own settling duration instead of `duration`.
    case spring

    /// The name the HUD and `--dump` show.
    public var name: String {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        case .cubic: "cubic"
        case .spring: "spring"
        }
    }

    /// The timing parameters of this choice; the spring's values apply only to `.spring`, the
    /// control points only to `.cubic`.
    /// - Parameters: mass, stiffness and damping must be positive (the scene clamps them);
    ///   `velocity` is in unit distances per second; the control points' x within 0…1.
    public func timingParameters(mass: Double, stiffness: Double, damping: Double, velocity: Double,
                                 controlPoints: (Point, Point)) -> TimingParameters {
        switch self {
        case .linear: .curve(.linear)
        case .easeIn: .curve(.easeIn)
        case .easeOut: .curve(.easeOut)
        case .easeInOut: .curve(.easeInOut)
        case .cubic: .cubic(CubicTimingParameters(controlPoint1: controlPoints.0, controlPoint2: controlPoints.1))
        case .spring: .spring(SpringTimingParameters(mass: mass, stiffness: stiffness, damping: damping,
                                                     initialVelocity: Vector(dx: velocity, dy: 0)))
        }
    }
}
