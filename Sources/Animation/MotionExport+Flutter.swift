/// Flutter's code for a spring or a curve (`kinetic curve … --as flutter`), in Dart.
///
/// - A spring is `SpringDescription(mass:stiffness:damping:)` with m, k, c as they are, run by
///   `SpringSimulation(spring, 0, 1, v)` (from 0 to 1, so its velocity, in units per second, is
///   the initial velocity as Kinetic counts it: whole distances per second). When whole
///   milliseconds and a 4-digit bounce keep ω₀ and ζ within 0.1 %, the same motion follows as
///   `SpringDescription.withDurationAndBounce(duration:bounce:)` (mass 1, stiffness (2π/d)²,
///   damping ratio 1 − bounce, or 1/(1 + bounce) below 0; Flutter's spring_simulation.dart reads
///   the duration in whole milliseconds).
/// - A curve is `Cubic(a, b, c, d)` with its `Duration`, and the `Curves` constant with exactly
///   its control points when there is one (`Curves.easeInOut`, `Curves.fastOutSlowIn`, …;
///   ``MotionImport/flutterCurves``), `Curves.linear` for the linear curve.
extension MotionExport {
    /// The Dart lines of spring `s`, after the comment `header`.
    func flutterSpringLines(_ s: SpringConversion, header: String) -> [String] {
        let m = Self.number(s.mass), k = Self.number(s.stiffness), c = Self.number(s.damping), v = Self.number(s.initialVelocity)
        var lines = ["// " + header,
                     "const spring = SpringDescription(mass: \(m), stiffness: \(k), damping: \(c));",
                     "final simulation = SpringSimulation(spring, 0, 1, \(v));  // from 0 to 1, starting at \(v) per second",
                     "controller.animateWith(simulation);"]
        if let (milliseconds, bounce) = Self.flutterDurationAndBounce(s) {
            lines += ["// the same motion with mass 1 (SwiftUI's spring(duration:bounce:)):",
                      "final sameSpring = SpringDescription.withDurationAndBounce(duration: const Duration(milliseconds: \(milliseconds)), bounce: \(bounce));"]
        }
        return lines
    }

    /// The Dart lines of `curve` run over `duration` seconds, after the comment `header`.
    func flutterCurveLines(_ curve: CubicTimingParameters, duration: Double, header: String) -> [String] {
        let p = [curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y]
        var lines = ["// " + header,
                     "const curve = Cubic(\(p.map { Self.number($0) }.joined(separator: ", ")));",
                     "controller.animateTo(1, duration: \(Self.dartDuration(duration)), curve: curve);"]
        if let name = Self.flutterCurveName(p) { lines.append("const sameCurve = Curves.\(name);  // the same curve") }
        return lines
    }

    /// The `Curves` constant whose control points are exactly `p` (linear's too), if any.
    static func flutterCurveName(_ p: [Double]) -> String? {
        MotionImport.flutterCurves.filter { $0.key != "linear" || p == [0, 0, 1, 1] }
            .filter { zip($0.value, p).allSatisfy { abs($0 - $1) <= 1e-12 } }.map(\.key).sorted().first
    }

    /// `const Duration(milliseconds: N)`, or microseconds when the duration is not whole milliseconds.
    static func dartDuration(_ seconds: Double) -> String {
        let ms = seconds * 1000
        if abs(ms - ms.rounded()) < 1e-6 { return "const Duration(milliseconds: \(Int(saturating: ms.rounded())))" }
        return "const Duration(microseconds: \(Int(saturating: (seconds * 1_000_000).rounded())))"
    }

    /// Whole milliseconds and the bounce (as printed) of `withDurationAndBounce` for `s`, when
    /// they give back ω₀ and ζ within 0.1 %; nil otherwise (a duration below 1 ms, or one whose
    /// rounding to whole milliseconds moves ω₀ more, or a damping ratio a 4-digit bounce cannot hold).
    static func flutterDurationAndBounce(_ s: SpringConversion) -> (Int, String)? {
        let omega = s.angularFrequency, zeta = s.dampingRatio
        let exact = 2 * Double.pi / omega * 1000
        guard exact.isFinite, exact >= 1, exact < 1e9, zeta > 0 else { return nil }
        let ms = exact.rounded()
        let bounceText = number(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
        guard let bounce = Double(bounceText), bounce > -1, bounce < 1 else { return nil }
        let backOmega = 2 * Double.pi / (ms / 1000), backZeta = bounce > 0 ? 1 - bounce : 1 / (1 + bounce)
        guard abs(backOmega - omega) <= 1e-3 * omega, abs(backZeta - zeta) <= 1e-3 * zeta else { return nil }
        return (Int(ms), bounceText)
    }
}
