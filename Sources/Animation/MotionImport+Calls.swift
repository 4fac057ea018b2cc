import Geometry

/// The reader's calls: `UISpringTimingParameters(…)`, `.spring(…)`, `cubic-bezier(…)`, `linear(…)`,
/// `SpringForce()…` and the other constructors each platform writes.
extension MotionImport.Reader {
    /// The calls the reader reads (by the last component of their name): in these a label
    /// given twice is refused, as Swift and Kotlin refuse it.
    static let readCalls: Set<String> = [
        "UISpringTimingParameters", "CASpringAnimation", "interpolatingSpring", "spring", "Spring", "interactiveSpring", "smooth", "snappy",
        "bouncy", "setStiffness", "setDampingRatio", "SpringForce", "linear", "easeIn", "easeOut", "easeInOut", "LinearInterpolator",
        "cubic-bezier", "cubicBezier", "PathInterpolator", "CubicBezierEasing", "timingCurve", "CAMediaTimingFunction",
        "UICubicTimingParameters", "UIViewPropertyAnimator", "tween", "setDuration", "CGVector", "CGPoint",
    ]

    mutating func call(_ call: MotionSyntax.Call, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        let e = call.entries
        let base = MotionImport.base(call.name)
        let swiftUI = call.name.hasPrefix(".") || call.name.contains(".")
        let form = MotionImport.clip(call.name) + "(…)"
        let labels = Set(e.compactMap(\.label))
        if labels.count < e.count(where: { $0.label != nil }),
           Self.readCalls.contains(base) || Self.appleCalls.contains(base) || Self.googleCalls.contains(base) {
            var seen = Set<String>()
            let twice = e.compactMap(\.label).first { !seen.insert($0).inserted } ?? ""
            throw TimingParametersError("\(form): the argument \(twice) is given twice (a compile error in Swift and Kotlin)")
        }
        func number(_ label: String) throws(TimingParametersError) -> Double? { try Self.number(in: e, label, form: form) }
        func spring(_ dialect: SpringDialect, _ values: [Double], names: [String]? = nil, velocity: Double? = nil,
                    rank: Rank = .exact) throws(TimingParametersError) -> Candidate {
            try Candidate(dialect, values, names: names, velocity: velocity ?? 0, rank: rank, form: form, order: order)
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
                return try Self.fittedSpring(ratio: zeta, ratioName: "dampingRatio", duration: animatorDuration, durationForm: "UIViewPropertyAnimator(…)",
                                             durationName: "duration", velocity: velocity ?? 0, velocityName: "initialVelocity", form: form, order: order)
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
        case "spring" where Self.isAnimated(call.name), "timing" where Self.isAnimated(call.name): return try reactNative(call, order: order)
        case "spring", "Spring", "interactiveSpring":
            if base == "spring", !swiftUI, labels.isSubset(of: ["dampingRatio", "stiffness", "visibilityThreshold"]), e.allSatisfy({ $0.label != nil }) {
                // Compose's spring(dampingRatio = 1f, stiffness = 1500f).
                return try spring(.unitMass, [number("stiffness") ?? 1500, number("dampingRatio") ?? 1])
            }
            if labels.contains("response") || labels.contains("dampingFraction") {
                let defaults = base == "interactiveSpring" ? [0.15, 0.86] : [0.5, 0.825]
                let ratio = try number("dampingRatio")   // Spring(response:dampingRatio:)
                let fraction = try number("dampingFraction") ?? ratio ?? defaults[1]
                let fractionName = labels.contains("dampingFraction") || ratio == nil ? "dampingFraction" : "dampingRatio"
                return try spring(.responseDampingFraction, [number("response") ?? defaults[0], fraction], names: ["response", fractionName])
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
            let extra = try number("extraBounce")
            return try spring(.durationBounce, [number("duration") ?? preset.values[0], preset.values[1] + (extra ?? 0)],
                              names: ["duration", extra == nil ? "bounce" : "bounce (\(MotionImport.spell(preset.values[1])) + extraBounce)"])
        case "setStiffness", "setDampingRatio", "SpringForce":
            return nil   // gathered by gatherSpringForce
        case "linear" where !swiftUI && !labels.contains("duration"):
            return try linear(e, duration: duration ?? textDuration, order: order)
        case "tween" where !call.name.hasPrefix("."):
            // Compose's tween(durationMillis = 300, delayMillis = 0, easing = FastOutSlowInEasing):
            // without an easing (labelled, or the third positional argument) it is FastOutSlowInEasing.
            let positional = e.filter { $0.label == nil }
            guard !labels.contains("easing"), positional.count < 3, let standard = MotionImport.namedCurve("FastOutSlowInEasing") else { return nil }
            var millis = try number("durationMillis")
            if millis == nil, let first = positional.first {
                guard let value = Self.number(first.values) else {
                    throw TimingParametersError("\(form): cannot read durationMillis '\(Self.describe(first.values))' as a number")
                }
                millis = value
            }
            if let millis, !(millis.isFinite && millis >= 0) {
                throw TimingParametersError("\(form): durationMillis must not be negative (got \(MotionImport.spell(millis)))")
            }
            return try curve(standard, seconds: (millis ?? 300) / 1000)
        case "linear", "easeIn", "easeOut", "easeInOut":
            guard swiftUI || base == "linear", let named = MotionImport.namedCurve(base) else { return nil }
            return try curve(named, seconds: number("duration"))
        case "cubic-bezier", "cubicBezier", "CubicBezierEasing", "timingCurve":
            let points = try Self.positionalNumbers(e, form: form)
            guard points.count == 4 else { throw TimingParametersError("\(form) takes 4 numbers x1, y1, x2, y2 (got \(points.count))") }
            // SwiftUI's .timingCurve(…) runs 0.35 s unless given a duration.
            return try curve(Self.cubic(points, form: form), seconds: number("duration") ?? (swiftUI && base == "timingCurve" ? Self.swiftUICurveDuration : nil))
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
        case "steps": throw MotionImport.staircase(form)
        default:
            if let c = try appleCall(call, order: order) { return c }
            if let c = try googleCall(call, duration: duration, order: order) { return c }
            return nil
        }
    }

    /// The damping ratios of UIKit's damping-ratio spring read (10⁻⁶…10⁴): outside them the
    /// spring fitted to an animator's duration is far outside what Kinetic runs, and below them
    /// finding its settling time would not end (a ratio of 1e-300 puts the last swing at 10³⁰⁰ s,
    /// where a step back of a fraction of a swing does not change the time).
    static let fittedDampingRatios = 1e-6...1e4

    /// A CSS `linear()` easing (CSS Easing Functions Level 2): its stops placed as CSS places
    /// them, then
    /// - stops all on the straight line from (0, 0) to (1, 1): the linear curve (over `duration`);
    /// - stops from progress 0 to 1: the spring fitted to them (``SpringFit``), when it follows
    ///   every stop within ``MotionImport/linearFitTolerance``; fitted only when nothing else in
    ///   the text gives the motion (``pendingFits``, ``MotionImport/fit(_:)``), as any other
    ///   reading wins over a fit;
    /// - anything else an error about the stops: fewer than two (invalid CSS), more than
    ///   ``MotionImport/maximumLinearStops``, a stop that is no number, or stops a spring's
    ///   progress cannot have.
    mutating func linear(_ entries: [Entry], duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        let limit = MotionImport.maximumLinearStops
        guard entries.count >= 2 else {
            throw TimingParametersError("linear(…) needs at least two stops (CSS Easing 2), got \(entries.count)")
        }
        guard entries.count <= limit else {
            throw TimingParametersError("linear(…) has \(entries.count) stops; the reader takes at most \(limit)")
        }
        var stops: [(value: Double, position: Double?)] = []
        stops.reserveCapacity(entries.count)
        for entry in entries {
            // `value`, `value p%`, or `value p% q%` (the value held from p to q).
            guard entry.label == nil, entry.values.count <= 3, case .number(let value, "")? = entry.values.first, value.isFinite else {
                throw TimingParametersError("linear(…): cannot read the stop '\(Self.describe(entry.values))' (a number, then up to two percentages)")
            }
            var percents: [Double] = []
            for position in entry.values.dropFirst() {
                guard case .number(let percent, "%") = position, percent.isFinite else {
                    throw TimingParametersError("linear(…): cannot read the stop '\(Self.describe(entry.values))' (a number, then up to two percentages)")
                }
                percents.append(percent / 100)
            }
            if percents.isEmpty { stops.append((value, nil)) }
            for position in percents { stops.append((value, position)) }
        }
        guard stops.count <= limit else {
            throw TimingParametersError("linear(…) has \(stops.count) stops; the reader takes at most \(limit)")
        }
        Self.placeStops(&stops)
        let placed = stops.map { (position: $0.position!, value: $0.value) }
        let first = placed[0], last = placed[placed.count - 1]
        // The identity: every stop on the line from (0, 0) to (1, 1), within the stops' printed precision.
        let onLine = 5e-4
        if abs(first.position) <= onLine, abs(last.position - 1) <= onLine, placed.allSatisfy({ abs($0.value - $0.position) <= onLine }) {
            return try Candidate(CubicTimingParameters(animationCurve: .linear), duration: duration, form: "linear(…)", order: order)
        }
        guard abs(first.value) <= onLine, abs(last.value - 1) <= onLine else {
            throw TimingParametersError("linear(…): a spring's stops run from progress 0 (the first) to 1 (the last); these run from "
                                        + "\(MotionImport.spell(first.value)) to \(MotionImport.spell(last.value))")
        }
        guard let duration else {
            throw TimingParametersError("linear(…) needs the animation's duration, e.g. transition: transform 1.27s linear(…)")
        }
        guard duration.isFinite, duration > 0 else {
            throw TimingParametersError("linear(…): the duration must be > 0 (got \(MotionImport.spell(duration)) s)")
        }
        guard MotionImport.curveDurationRange.contains(duration) else {
            throw TimingParametersError("linear(…): the duration must be between 0.001 and 3600 seconds (got \(MotionImport.spell(duration)))")
        }
        // The last stop is where the animation ends (progress exactly 1), not a sample.
        let samples = placed.dropLast().map { (time: $0.position * duration, progress: $0.value) }
        pendingFits.append(MotionImport.PendingFit(samples: samples, duration: duration, order: order))
        return nil
    }

    /// Places stops as CSS Easing 2 does: the first at 0 and the last at the largest of 1 and
    /// every position when they have none; a position below an earlier one moves up to it; stops
    /// without a position share the space between their neighbours evenly.
    static func placeStops(_ stops: inout [(value: Double, position: Double?)]) {
        if stops[0].position == nil { stops[0].position = 0 }
        let lastIndex = stops.count - 1
        if stops[lastIndex].position == nil { stops[lastIndex].position = Swift.max(1, stops.compactMap(\.position).max() ?? 1) }
        var highest = -Double.infinity
        for k in stops.indices {
            guard let p = stops[k].position else { continue }
            highest = Swift.max(highest, p)
            stops[k].position = highest
        }
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
    }
}
