import Geometry

/// Flutter's springs, curves and durations, as flutter/flutter's packages/flutter/lib/src defines them.
///
/// Springs (`physics/spring_simulation.dart`, commit 04fbdcf):
/// - `SpringDescription({required mass, required stiffness, required damping})` (lines 24–27):
///   m, k, c as they are.
/// - `SpringDescription.withDampingRatio({required mass, required stiffness, double ratio = 1.0})`
///   (lines 40–44): `damping = ratio * 2.0 * math.sqrt(mass * stiffness)`.
/// - `SpringDescription.withDurationAndBounce({Duration duration = const Duration(milliseconds: 500),
///   double bounce = 0.0})` (lines 69–81): mass 1, stiffness 4π²/d² with d =
///   `duration.inMilliseconds / 1000` (whole milliseconds), damping ratio `bounce > 0 ? 1 - bounce
///   : 1 / (bounce + 1)` — SpringDialect.durationBounce, "the same result as SwiftUI's
///   `spring(duration:bounce:blendDuration:)`" (its comment); it asserts `duration.inMilliseconds > 0`.
/// - `SpringSimulation(spring, start, end, velocity)`: x solves the spring for the distance
///   `start - end` with `velocity` in the caller's units per second, so Kinetic's initial
///   velocity (whole distances per second toward the target) is `velocity / (end - start)`.
///   A velocity computed at run time is not in the text: the spring is read at rest.
///
/// Curves (`animation/curves.dart`, commit 00c84e6): `Cubic(a, b, c, d)` is the cubic Bézier
/// (a, b), (c, d); every `Curves.x` declared `static const Cubic` (`Curves.fastOutSlowIn =
/// Cubic(0.4, 0.0, 0.2, 1.0)`, …); `Curves.decelerate` (`_DecelerateCurve`: `t = 1.0 - t;
/// return 1.0 - t * t;`) is exactly the cubic (⅓, ⅔), (⅔, 1); `Curves.linear` the identity; a
/// curve's `.flipped` (`1.0 - curve.transform(1.0 - t)`) of a cubic is the cubic (1 − c, 1 − d),
/// (1 − a, 1 − b). The bounce curves (piecewise parabolas), elastic curves (sines), the
/// `ThreePointCubic`s and `Interval`, `Threshold`, `SawTooth`, `CatmullRomCurve` are refused.
///
/// Durations: Dart's `Duration({days, hours, minutes, seconds, milliseconds, microseconds})`,
/// whole numbers each (Dart `int`s), summed; `const Duration(…)` alike.
extension MotionImport {
    /// The calls read here (a label given twice in them is refused).
    static let flutterCalls: Set<String> = [
        "SpringDescription", "withDampingRatio", "withDurationAndBounce", "SpringSimulation", "ScrollSpringSimulation", "Cubic", "Duration",
    ]

    /// The control points (a, b, c, d) of Flutter's `Curves` constants that are cubic Béziers.
    static let flutterCurves: [String: [Double]] = [
        "fastLinearToSlowEaseIn": [0.18, 1, 0.04, 1], "ease": [0.25, 0.1, 0.25, 1], "easeIn": [0.42, 0, 1, 1],
        "easeInToLinear": [0.67, 0.03, 0.65, 0.09], "easeInSine": [0.47, 0, 0.745, 0.715], "easeInQuad": [0.55, 0.085, 0.68, 0.53],
        "easeInCubic": [0.55, 0.055, 0.675, 0.19], "easeInQuart": [0.895, 0.03, 0.685, 0.22], "easeInQuint": [0.755, 0.05, 0.855, 0.06],
        "easeInExpo": [0.95, 0.05, 0.795, 0.035], "easeInCirc": [0.6, 0.04, 0.98, 0.335], "easeInBack": [0.6, -0.28, 0.735, 0.045],
        "easeOut": [0, 0, 0.58, 1], "linearToEaseOut": [0.35, 0.91, 0.33, 0.97], "easeOutSine": [0.39, 0.575, 0.565, 1],
        "easeOutQuad": [0.25, 0.46, 0.45, 0.94], "easeOutCubic": [0.215, 0.61, 0.355, 1], "easeOutQuart": [0.165, 0.84, 0.44, 1],
        "easeOutQuint": [0.23, 1, 0.32, 1], "easeOutExpo": [0.19, 1, 0.22, 1], "easeOutCirc": [0.075, 0.82, 0.165, 1],
        "easeOutBack": [0.175, 0.885, 0.32, 1.275], "easeInOut": [0.42, 0, 0.58, 1], "easeInOutSine": [0.445, 0.05, 0.55, 0.95],
        "easeInOutQuad": [0.455, 0.03, 0.515, 0.955], "easeInOutCubic": [0.645, 0.045, 0.355, 1], "easeInOutQuart": [0.77, 0, 0.175, 1],
        "easeInOutQuint": [0.86, 0, 0.07, 1], "easeInOutExpo": [1, 0, 0, 1], "easeInOutCirc": [0.785, 0.135, 0.15, 0.86],
        "easeInOutBack": [0.68, -0.55, 0.265, 1.55], "fastOutSlowIn": [0.4, 0, 0.2, 1], "slowMiddle": [0.15, 0.85, 0.85, 0.15],
        "decelerate": power(2, accelerating: false), "linear": [0, 0, 1, 1],
    ]

    /// Flutter's curves (constants and classes) that are no cubic Bézier, with what they are instead.
    static let flutterNonCubic: [String: String] = [
        "bounceIn": "piecewise parabolas", "bounceOut": "piecewise parabolas", "bounceInOut": "piecewise parabolas",
        "elasticIn": "a growing sine", "elasticOut": "a decaying sine", "elasticInOut": "a sine that grows then decays",
        "easeInOutCubicEmphasized": "a ThreePointCubic, two cubic Béziers joined at a midpoint",
        "fastEaseInToSlowEaseOut": "a ThreePointCubic, two cubic Béziers joined at a midpoint",
        "ThreePointCubic": "two cubic Béziers joined at a midpoint", "ElasticInCurve": "a growing sine",
        "ElasticOutCurve": "a decaying sine", "ElasticInOutCurve": "a sine that grows then decays",
        "Interval": "its curve run over part of the animation", "Threshold": "a step", "SawTooth": "a repeating ramp",
        "CatmullRomCurve": "a spline through points", "Split": "two curves joined at a point",
    ]

    /// The `Curves.x` constant `name` names (`Curves.fastOutSlowIn`, `Curves.easeIn.flipped`),
    /// over `duration` seconds when known; nil when `name` is not written `Curves.…`; an error
    /// naming it when it is no cubic Bézier or not one of Flutter's.
    static func flutterCurve(_ name: String, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        guard name.hasPrefix("Curves.") else { return nil }
        var parts = name.split(separator: ".").dropFirst().map(String.init)
        let flipped = parts.last == "flipped"
        if flipped { parts.removeLast() }
        guard parts.count == 1, let key = parts.first else { return nil }
        if let shape = flutterNonCubic[key] {
            throw TimingParametersError("Curves.\(key) is not a cubic Bézier (Flutter defines it as \(shape)): use Cubic(a, b, c, d) or a SpringDescription")
        }
        guard let p = flutterCurves[key] else {
            throw TimingParametersError("\(clip(name)): Flutter's Curves has no cubic curve named \(clip(key))")
        }
        let points = flipped ? [1 - p[2], 1 - p[3], 1 - p[0], 1 - p[1]] : p
        return try Candidate(Reader.cubic(points, form: clip(name)), duration: duration, form: clip(name), order: order)
    }

    /// Seconds of the Dart `Duration` written in `values` (`Duration(milliseconds: 300)`,
    /// `const Duration(seconds: 1)`, `Duration.zero`), nil when they hold none; an error for an
    /// argument Dart's `Duration` does not take, a fraction or a negative total.
    static func flutterDuration(_ values: [MotionSyntax.Value]) throws(TimingParametersError) -> Double? {
        for value in values {
            if case .name(let name) = value, name == "Duration.zero" { return 0 }
            guard case .call(let call) = value, base(call.name) == "Duration", !call.name.contains(".") else { continue }
            let units: [String: Double] = ["days": 86_400, "hours": 3600, "minutes": 60, "seconds": 1, "milliseconds": 1e-3, "microseconds": 1e-6]
            var seconds = 0.0
            for entry in call.entries {
                guard let label = entry.label, let unit = units[label] else {
                    throw TimingParametersError("Duration(…) takes days, hours, minutes, seconds, milliseconds and microseconds by name "
                                                + "(got '\(entry.label ?? Reader.describe(entry.values))')")
                }
                guard let n = Reader.number(entry.values), n.isFinite, n == n.rounded(), abs(n) <= 1e12 else {
                    throw TimingParametersError("Duration(…): \(label) must be a whole number (a Dart int; got '\(Reader.describe(entry.values))')")
                }
                seconds += n * unit
            }
            guard seconds >= 0 else {
                throw TimingParametersError("Duration(…): the duration must not be negative (got \(spell(seconds)) s)")
            }
            return seconds
        }
        return nil
    }
}

extension MotionImport.Reader {
    /// Flutter's spring and curve constructors (see the extension's comment), or nil for other calls.
    func flutterCall(_ call: MotionSyntax.Call, base: String, form: String, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        if let shape = MotionImport.flutterNonCubic[base], !call.name.contains(".") {
            throw TimingParametersError("\(form) is not a cubic Bézier (it is \(shape)): use Cubic(a, b, c, d) or a SpringDescription")
        }
        switch base {
        case "SpringDescription", "withDampingRatio", "withDurationAndBounce":
            guard let spring = try flutterSpring(call, velocity: 0) else { return nil }
            return Candidate(motion: .spring(spring), rank: base == "withDurationAndBounce" ? .exact : .exactWithMass, order: order)
        case "SpringSimulation", "ScrollSpringSimulation":
            return try flutterSimulation(call)
        case "Cubic" where !call.name.contains("."):
            let p = try Self.positionalNumbers(call.entries, form: form)
            guard p.count == 4 else { throw TimingParametersError("\(form) takes 4 numbers a, b, c, d (x1, y1, x2, y2), got \(p.count)") }
            return try Candidate(Self.cubic(p, form: form), duration: duration ?? textDuration, form: form, order: order)
        default:
            return nil
        }
    }

    /// The spring of a `SpringDescription(…)`, `.withDampingRatio(…)` or `.withDurationAndBounce(…)`
    /// call, moving at `velocity`; nil for another call.
    func flutterSpring(_ call: MotionSyntax.Call, velocity: Double) throws(TimingParametersError) -> SpringConversion? {
        let e = call.entries, form = MotionImport.clip(call.name) + "(…)"
        func number(_ label: String) throws(TimingParametersError) -> Double? { try Self.number(in: e, label, form: form) }
        func required(_ label: String) throws(TimingParametersError) -> Double {
            guard let value = try number(label) else { throw TimingParametersError("\(form) needs \(label) (a required argument)") }
            return value
        }
        func spring(_ dialect: SpringDialect, _ values: [Double], names: [String]) throws(TimingParametersError) -> SpringConversion {
            try MotionImport.runnableSpring(dialect, values, names: names, velocity: velocity, velocityName: "velocity", form: form)
        }
        switch MotionImport.base(call.name) {
        case "SpringDescription" where !call.name.contains("."):
            return try spring(.physical, [required("mass"), required("stiffness"), required("damping")], names: ["mass", "stiffness", "damping"])
        case "withDampingRatio":
            let m = try required("mass"), k = try required("stiffness"), ratio = try number("ratio") ?? 1
            for (name, value) in [("mass", m), ("stiffness", k)] where !(value.isFinite && value > 0) {
                throw TimingParametersError("\(form): \(name) must be > 0 (got \(MotionImport.spell(value)))")
            }
            guard ratio.isFinite, ratio >= 0 else { throw TimingParametersError("\(form): ratio must be ≥ 0 (got \(MotionImport.spell(ratio)))") }
            return try spring(.physical, [m, k, ratio * 2 * (m * k).squareRoot()], names: ["mass", "stiffness", "ratio × 2√(mass·stiffness)"])
        case "withDurationAndBounce":
            var seconds = 0.5
            if let entry = e.entry("duration") {
                guard let d = try MotionImport.flutterDuration(entry.values) else {
                    throw TimingParametersError("\(form): cannot read duration '\(Self.describe(entry.values))' as a Duration(…)")
                }
                // duration.inMilliseconds: whole milliseconds, which must be > 0.
                seconds = (d * 1000 + 1e-9).rounded(.down) / 1000
                guard seconds > 0 else {
                    throw TimingParametersError("\(form): duration must be at least 1 ms (Flutter asserts duration.inMilliseconds > 0; got \(MotionImport.spell(d)) s)")
                }
            }
            return try spring(.durationBounce, [seconds, number("bounce") ?? 0], names: ["duration", "bounce"])
        default:
            return nil
        }
    }

    /// `SpringSimulation(spring, start, end, velocity)`: the spring (a description written in
    /// the call or assigned to the name it gives) moving at `velocity / (end − start)`; nil when
    /// the spring is not in the text or its start, end or velocity is computed at run time (the
    /// spring's own description is then read at rest). It ranks first among exact readings
    /// (order 0): it is the description and its start together.
    func flutterSimulation(_ call: MotionSyntax.Call) throws(TimingParametersError) -> Candidate? {
        let form = MotionImport.clip(call.name) + "(…)"
        let positional = call.entries.filter { $0.label == nil }
        guard positional.count == 4 else {
            throw TimingParametersError("\(form) takes the spring, start, end and velocity (got \(positional.count) arguments)")
        }
        guard let description = flutterDescription(positional[0].values) else { return nil }
        guard let start = Self.number(positional[1].values), let end = Self.number(positional[2].values),
              let velocity = Self.number(positional[3].values) else { return nil }
        guard start.isFinite, end.isFinite, velocity.isFinite else {
            throw TimingParametersError("\(form): start, end and velocity must be finite (got \(MotionImport.spell(start)), \(MotionImport.spell(end)), \(MotionImport.spell(velocity)))")
        }
        guard velocity == 0 || end != start else {
            throw TimingParametersError("\(form): start and end are both \(MotionImport.spell(start)), so velocity \(MotionImport.spell(velocity)) is no speed toward the target")
        }
        guard let spring = try flutterSpring(description, velocity: velocity == 0 ? 0 : velocity / (end - start)) else { return nil }
        return Candidate(motion: .spring(spring), rank: .exactWithMass, order: 0)
    }

    /// The `SpringDescription…(…)` call in `values`, or the one assigned to the name they hold
    /// (`const spring = SpringDescription(…)`, `final SpringDescription spring = …`).
    func flutterDescription(_ values: [Value]) -> MotionSyntax.Call? {
        func description(_ values: [Value]) -> MotionSyntax.Call? {
            for case .call(let call) in values where MotionImport.base(call.name) == "SpringDescription" || call.name.hasPrefix("SpringDescription.") {
                return call
            }
            return nil
        }
        if let call = description(values) { return call }
        guard case .name(let name)? = values.first(where: { if case .name("const") = $0 { false } else { true } }) else { return nil }
        for statement in syntax.statements.reversed() {
            for entry in statement where entry.label == name {
                if let call = description(entry.values) { return call }
            }
        }
        return nil
    }

    /// Notes the first Dart `Duration` in `values` as the text's duration (for curves without
    /// their own), or its error.
    mutating func noteFlutterDuration(_ values: [Value]) {
        do {
            guard let seconds = try MotionImport.flutterDuration(values) else { return }
            textDuration = textDuration ?? seconds
        } catch { note(error) }
    }
}
