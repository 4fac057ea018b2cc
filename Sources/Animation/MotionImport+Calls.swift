import Geometry

/// The reader's calls: `UISpringTimingParameters(…)`, `.spring(…)`, `cubic-bezier(…)`, `linear(…)`,
/// `SpringForce()…` and the other constructors each platform writes.
extension MotionImport.Reader {
    func call(_ call: MotionSyntax.Call, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        let e = call.entries
        let base = MotionImport.base(call.name)
        let swiftUI = call.name.hasPrefix(".") || call.name.contains(".")
        let form = call.name + "(…)"
        let labels = Set(e.compactMap(\.label))
        func number(_ label: String) throws(TimingParametersError) -> Double? { try Self.number(in: e, label, form: form) }
        func spring(_ dialect: SpringDialect, _ values: [Double], velocity: Double? = nil, rank: Rank = .exact) throws(TimingParametersError) -> Candidate {
            try Candidate(dialect, values, velocity: velocity ?? 0, rank: rank, form: form, order: order)
        }
        func required(_ label: String) throws(TimingParametersError) -> Double {
            guard let value = try number(label) else { throw TimingParametersError("\(form) needs \(label)") }
            return value
        }
        func curve(_ curve: CubicTimingParameters, seconds: Double? = nil) throws(TimingParametersError) -> Candidate {
            try Candidate(curve, duration: seconds ?? duration ?? textDuration, form: form, order: order)
        }
        switch base {
        case "UISpringTimingParameters":
            let velocity = try number("initialVelocity")
            if !labels.isDisjoint(with: ["mass", "stiffness", "damping"]) {
                return try spring(.physical, [required("mass"), required("stiffness"), required("damping")], velocity: velocity, rank: .exactWithMass)
            }
            if labels.contains("dampingRatio") {
                let zeta = try required("dampingRatio")
                guard let animatorDuration else {
                    throw TimingParametersError("\(form) with dampingRatio needs the animator's duration: UIViewPropertyAnimator(duration: D, timingParameters: …)")
                }
                guard zeta.isFinite, zeta > 0 else { throw TimingParametersError("\(form): dampingRatio must be > 0 (got \(SpringDialect.spell(zeta)))") }
                guard animatorDuration.isFinite, animatorDuration > 0 else {
                    throw TimingParametersError("UIViewPropertyAnimator(…): duration must be > 0 (got \(SpringDialect.spell(animatorDuration)))")
                }
                let v = velocity ?? 0
                guard v.isFinite, abs(v) <= SpringTimingParameters.maximumInitialVelocity else {
                    throw TimingParametersError("\(form): initial velocity must be within ±1000000 (got \(SpringDialect.spell(v)))")
                }
                let fitted = SpringTimingParameters(dampingRatio: zeta, initialVelocity: Vector(dx: v, dy: 0)).resolved(forDuration: animatorDuration)
                return Candidate(motion: .spring(SpringConversion(fitted)), rank: .fittedToDuration, order: order)
            }
            if !labels.isDisjoint(with: ["duration", "bounce"]) {
                return try spring(.durationBounce, [required("duration"), number("bounce") ?? 0], velocity: velocity)
            }
            return nil
        case "CASpringAnimation":
            guard labels.contains("perceptualDuration") else { return nil }
            return try spring(.durationBounce, [required("perceptualDuration"), number("bounce") ?? 0])
        case "interpolatingSpring":
            let velocity = try number("initialVelocity")
            if !labels.isDisjoint(with: ["mass", "stiffness", "damping"]) {
                return try spring(.physical, [number("mass") ?? 1, required("stiffness"), required("damping")], velocity: velocity, rank: .exactWithMass)
            }
            if !labels.isDisjoint(with: ["duration", "bounce"]) {
                return try spring(.durationBounce, [number("duration") ?? 0.5, number("bounce") ?? 0], velocity: velocity)
            }
            return nil
        case "spring", "Spring", "interactiveSpring":
            if base == "spring", !swiftUI, labels.isSubset(of: ["dampingRatio", "stiffness", "visibilityThreshold"]), e.allSatisfy({ $0.label != nil }) {
                // Compose's spring(dampingRatio = 1f, stiffness = 1500f).
                return try spring(.unitMass, [number("stiffness") ?? 1500, number("dampingRatio") ?? 1])
            }
            if labels.contains("response") || labels.contains("dampingFraction") {
                let defaults = base == "interactiveSpring" ? [0.15, 0.86] : [0.5, 0.825]
                let ratio = try number("dampingRatio")   // Spring(response:dampingRatio:)
                let fraction = try number("dampingFraction") ?? ratio ?? defaults[1]
                return try spring(.responseDampingFraction, [number("response") ?? defaults[0], fraction])
            }
            if base != "interactiveSpring", !labels.isDisjoint(with: ["duration", "bounce"]) {
                return try spring(.durationBounce, [number("duration") ?? 0.5, number("bounce") ?? 0])
            }
            if !labels.isDisjoint(with: ["mass", "stiffness", "damping"]) {
                return try spring(.physical, [number("mass") ?? 1, required("stiffness"), required("damping")], rank: .exactWithMass)
            }
            guard e.isEmpty else { return nil }
            if base == "Spring" { return try spring(.durationBounce, [0.5, 0]) }
            return MotionImport.preset("." + base, order: order)
        case "smooth", "snappy", "bouncy":
            guard swiftUI, let preset = SpringPreset.written("." + base) else { return nil }
            return try spring(.durationBounce, [number("duration") ?? preset.values[0], preset.values[1] + (number("extraBounce") ?? 0)])
        case "setStiffness", "setDampingRatio", "SpringForce":
            return nil   // gathered by gatherSpringForce
        case "linear" where !swiftUI && !labels.contains("duration") && e.count >= 2:
            return try linear(e, duration: duration ?? textDuration, order: order)
        case "linear", "easeIn", "easeOut", "easeInOut":
            guard swiftUI || base == "linear", let named = MotionImport.namedCurve(base) else { return nil }
            return try curve(named, seconds: number("duration"))
        case "LinearInterpolator":
            return try curve(CubicTimingParameters(animationCurve: .linear))
        case "cubic-bezier", "cubicBezier", "PathInterpolator", "CubicBezierEasing", "timingCurve":
            let points = try Self.positionalNumbers(e, form: form)
            guard points.count == 4 else { throw TimingParametersError("\(form) takes 4 numbers x1, y1, x2, y2 (got \(points.count))") }
            return try curve(Self.cubic(points, form: form), seconds: number("duration"))
        case "CAMediaTimingFunction":
            if labels.contains("name"), case .name(let name)? = e.entry("name")?.values.first {
                guard let named = MotionImport.base(name) == "default" ? CubicTimingParameters() : MotionImport.namedCurve(name) else { return nil }
                return try curve(named)
            }
            let points = try Self.positionalNumbers(e, form: form)
            guard points.count == 4 else { throw TimingParametersError("\(form) takes 4 control point numbers (got \(points.count))") }
            return try curve(Self.cubic(points, form: form))
        case "UICubicTimingParameters":
            if e.isEmpty { return try curve(CubicTimingParameters()) }
            if case .name(let name)? = e.entry("animationCurve")?.values.first {
                guard let named = MotionImport.namedCurve(name) else { return nil }
                return try curve(named)
            }
            guard let p1 = e.entry("controlPoint1"), let p2 = e.entry("controlPoint2") else { return nil }
            let points = try Self.point(p1.values, form: form) + Self.point(p2.values, form: form)
            return try curve(Self.cubic(points, form: form))
        default:
            return nil
        }
    }

    /// A spring from a CSS `linear()` easing: its stops placed as CSS places them, fitted.
    func linear(_ entries: [Entry], duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        var stops: [(value: Double, position: Double?)] = []
        for entry in entries {
            guard entry.label == nil, case .number(let value, "")? = entry.values.first else {
                throw TimingParametersError("linear(…): cannot read the stop '\(Self.describe(entry.values))'")
            }
            // `value`, `value p%`, or `value p% q%` (the value held from p to q).
            let percents = entry.values.dropFirst().compactMap { value -> Double? in
                if case .number(let percent, "%") = value { return percent / 100 } else { return nil }
            }
            if percents.isEmpty { stops.append((value, nil)) }
            for position in percents.prefix(2) { stops.append((value, position)) }
        }
        if stops[0].position == nil { stops[0].position = 0 }
        if stops[stops.count - 1].position == nil { stops[stops.count - 1].position = Swift.max(1, stops.compactMap(\.position).max() ?? 1) }
        // Stops without a position share the space between their neighbours evenly (CSS Easing 2).
        var k = 0
        while k < stops.count {
            if stops[k].position == nil {
                var j = k
                while stops[j].position == nil { j += 1 }
                let a = stops[k - 1].position!, b = stops[j].position!
                for m in k..<j { stops[m].position = a + (b - a) * Double(m - k + 1) / Double(j - k + 1) }
                k = j
            }
            k += 1
        }
        if stops.count == 2, stops[0].value == 0, stops[1].value == 1 {
            return try Candidate(CubicTimingParameters(animationCurve: .linear), duration: duration, form: "linear(…)", order: order)
        }
        guard let duration else {
            throw TimingParametersError("linear(…) needs the animation's duration, e.g. transition: transform 1.27s linear(…)")
        }
        guard duration.isFinite, duration > 0 else {
            throw TimingParametersError("linear(…): the duration must be > 0 (got \(SpringDialect.spell(duration)) s)")
        }
        // The last stop is where the animation ends (progress exactly 1), not a sample.
        let samples = stops.dropLast().map { (time: $0.position! * duration, progress: $0.value) }
        guard let fit = SpringFit.fit(samples), fit.maximumError <= MotionImport.linearFitTolerance else {
            throw TimingParametersError("linear(…) does not follow a damped spring closely enough to read one back")
        }
        return Candidate(motion: .spring(fit.spring), rank: .linearFit, order: order)
    }
}
