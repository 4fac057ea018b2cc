import Geometry

/// Reads a spring or a timing curve back from the code a platform takes (`kinetic curve import`):
/// everything ``MotionExport`` prints, as a whole block or any one line of it that holds a whole
/// spring or curve, and the common forms people write by hand.
///
/// | platform | springs | curves |
/// |---|---|---|
/// | UIKit | `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`; `(dampingRatio:…)` with the block's `UIViewPropertyAnimator(duration:…)`; `(duration:bounce:…)`; `attachment.frequency` + `attachment.damping`; `CASpringAnimation`'s `mass`/`stiffness`/`damping`/`initialVelocity` assignments (defaults 1, 100, 10, 0) and `(perceptualDuration:bounce:)` | `UICubicTimingParameters(controlPoint1:controlPoint2:)` or `(animationCurve:)`, `CAMediaTimingFunction(controlPoints:…)` or `(name:)` |
/// | SwiftUI | `.spring(response:dampingFraction:blendDuration:)`, `.spring(duration:bounce:)`, `Spring(…)`, `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`, `.smooth`/`.snappy`/`.bouncy` (optionally `(duration:extraBounce:)`), `.spring`, `.interactiveSpring` | `.timingCurve(x1, y1, x2, y2, duration:)`, `.easeInOut(duration:)` and the other named curves |
/// | CSS | `linear(…)` sampled from a spring, with a duration (`1.27s`, `300ms`) | `cubic-bezier(…)`, `ease`, `ease-in`, `ease-out`, `ease-in-out`, `linear` |
/// | Android | `SpringForce().setStiffness(…).setDampingRatio(…)` (defaults 1500, 0.5) with numbers or `SpringForce.STIFFNESS_LOW`-style constants | `PathInterpolator(…)`, `LinearInterpolator()`, with `setDuration(ms)` |
/// | Compose | `spring(dampingRatio = …, stiffness = …)` in any order (defaults 1, 1500), with `Spring.StiffnessLow`-style constants | `tween(durationMillis = …, easing = CubicBezierEasing(…))`, `FastOutSlowInEasing` and the other named easings |
/// | web | `{ type: "spring", stiffness, damping, mass }` (framer-motion; defaults 100, 10, 1), `config: { mass, tension, friction }` and `config.wobbly` etc. (react-spring; defaults 1, 170, 26), `element.animate(…, { duration: ms, easing: "linear(…)" })` | `element.animate(…, { duration: ms, easing: "cubic-bezier(…)" })`, framer-motion `{ duration: s, ease: [x1, y1, x2, y2] }` |
///
/// MotionExport's header comment ("// UIKit — mass 1, stiffness 200, damping 20: …", "… cubic
/// Bézier (0.42, 0), (0.58, 1) over 0.3 s") is read too. When a text holds several forms of the
/// motion, the most exact wins: code with a mass (and initial velocity), then other exact code,
/// then the header, then a damping-ratio spring fitted to its animator's duration, and last a
/// `linear()` easing, fitted to a spring by least squares (``SpringFit``); a header that agrees
/// with the chosen code (ω₀ and ζ within 0.2 %) gives its mass and initial velocity, and a header
/// always wins over a fit.
///
/// Errors are one line: text with no spring or curve names the forms expected; a number out of
/// its range (``SpringDialect/Parameter``, a control point x outside 0…1) names the form and the value.
public enum MotionImport {
    /// The spring or curve in `text`.
    ///
    /// - Throws: ``TimingParametersError`` with a one-line message, for example "cannot read a
    ///   spring or curve in 'foo(1)': expected e.g. …" or "cubic-bezier(…): control point 1 x
    ///   must lie in 0…1 (got 1.2)".
    public static func parse(_ text: String) throws(TimingParametersError) -> ImportedMotion {
        var reader = Reader(MotionSyntax(text))
        reader.read()
        if let problem = reader.problem { throw problem }
        let header = try Self.header(in: Array(text))
        var best = reader.candidates.max { ($0.rank.rawValue, -$0.order) < ($1.rank.rawValue, -$1.order) }?.motion
        if let header, best == nil || reader.candidates.allSatisfy({ $0.rank.rawValue < Rank.header.rawValue })
            || best.map({ Self.agree($0, header) }) == true {
            best = header
        }
        guard let best else {
            throw TimingParametersError("cannot read a spring or curve in '\(Self.snippet(text))': expected e.g. \(expected)")
        }
        return best
    }

    /// The forms named when nothing could be read.
    public static let expected = "UISpringTimingParameters(mass:stiffness:damping:…), .spring(duration:bounce:), cubic-bezier(x1, y1, x2, y2), "
        + "SpringForce().setStiffness(…).setDampingRatio(…) or { type: \"spring\", stiffness, damping, mass }"

    /// How exact a reading is; the highest wins (ties: the first in the text).
    enum Rank: Int {
        /// A spring fitted to a `linear()` easing's samples.
        case linearFit
        /// A damping-ratio spring fitted to its animator's duration (Kinetic's settling criterion).
        case fittedToDuration
        /// MotionExport's header comment.
        case header
        /// Code with the motion's exact numbers (a curve, or a spring without its mass).
        case exact
        /// Code with a spring's mass and initial velocity too.
        case exactWithMass
    }

    /// One reading of the text.
    struct Candidate {
        let motion: ImportedMotion
        let rank: Rank
        let order: Int
    }

    // MARK: The reader

    /// Walks the statements of a text, collecting every spring or curve it can read.
    private struct Reader {
        typealias Value = MotionSyntax.Value
        typealias Entry = MotionSyntax.Entry

        let syntax: MotionSyntax
        var candidates: [Candidate] = []
        /// The first number out of range (it wins over everything: a typo must not pass silently).
        var problem: TimingParametersError?
        /// `UIViewPropertyAnimator(duration:)`, seconds.
        var animatorDuration: Double?
        /// A duration anywhere in the text, seconds (the animator's, `x.duration = …`,
        /// `setDuration(ms)`, `durationMillis = ms`), for curves and `linear()` without their own.
        var textDuration: Double?
        /// Android's `SpringForce` calls: seen at all, and the values of its setters.
        var springForce: (order: Int, stiffness: Double?, dampingRatio: Double?)?
        /// How many values have been visited: the place of a candidate in the text.
        var order = 0
        /// The place of each top-level entry, statement after statement (for the assignments).
        var entryOrders: [Int] = []

        init(_ syntax: MotionSyntax) { self.syntax = syntax }

        mutating func read() {
            findDurations()
            for statement in syntax.statements {
                // CSS: `transition: transform 0.3s cubic-bezier(…)`; the statement's own time.
                let seconds = statement.lazy.flatMap(\.values).compactMap(Self.seconds).first
                for entry in statement {
                    entryOrders.append(order + 1)
                    visit(entry.values, duration: seconds)
                }
            }
            readAssignments()
            if let force = springForce {
                // SpringForce(): stiffness STIFFNESS_MEDIUM, damping ratio DAMPING_RATIO_MEDIUM_BOUNCY unless set.
                do {
                    candidates.append(try Candidate(.unitMass, [force.stiffness ?? 1500, force.dampingRatio ?? 0.5], rank: .exact,
                                                    form: "SpringForce()", order: force.order))
                } catch { note(error) }
            }
        }

        /// Seconds of a number written with a unit of time.
        static func seconds(_ value: Value) -> Double? {
            guard case .number(let v, let unit) = value else { return nil }
            return unit == "s" ? v : unit == "ms" ? v / 1000 : nil
        }

        /// Keeps the first error.
        mutating func note(_ error: TimingParametersError) {
            if problem == nil { problem = error }
        }

        /// Android's `SpringForce().setStiffness(…).setDampingRatio(…)`: the calls of one chain
        /// (or of several lines) make one spring.
        mutating func gatherSpringForce(_ call: MotionSyntax.Call, order: Int) {
            let base = MotionImport.base(call.name)
            guard ["SpringForce", "setStiffness", "setDampingRatio"].contains(base) else { return }
            var force = springForce ?? (order, nil, nil)
            if base != "SpringForce" {
                let form = call.name + "(…)"
                guard let first = call.entries.first, let value = Self.number(first.values) else {
                    note(TimingParametersError("\(form): cannot read '\(Self.describe(call.entries.first?.values ?? []))' as a number"))
                    return
                }
                if base == "setStiffness" { force.stiffness = value } else { force.dampingRatio = value }
            }
            springForce = force
        }

        mutating func visit(_ values: [Value], duration: Double?) {
            for value in values {
                order += 1
                let here = order
                switch value {
                case .call(let call):
                    gatherSpringForce(call, order: here)
                    do { if let c = try self.call(call, duration: duration, order: here) { candidates.append(c) } } catch { note(error) }
                    // Compose's tween(durationMillis = 300, …) or tween(300, …).
                    var millis = Self.number(call.entries.entry("durationMillis")?.values)
                    if MotionImport.base(call.name) == "tween", millis == nil, let first = call.entries.first, first.label == nil {
                        millis = Self.number(first.values)
                    }
                    let inner = millis.map { $0 / 1000 } ?? duration
                    for entry in call.entries { visit(entry.values, duration: inner) }
                case .object(let entries):
                    do { if let c = try object(entries, duration: duration, order: here) { candidates.append(c) } } catch { note(error) }
                    // WAAPI's `{ duration: 724, easing: … }` is in ms; framer-motion's `{ duration: 0.3, ease: … }` in s.
                    var inner = duration
                    if let d = Self.number(entries.entry("duration")?.values) { inner = entries.entry("easing") != nil ? d / 1000 : d }
                    for entry in entries { visit(entry.values, duration: inner) }
                case .list(let entries):
                    for entry in entries { visit(entry.values, duration: duration) }
                case .name(let name):
                    do { if let c = try self.name(name, duration: duration, order: here) { candidates.append(c) } } catch { note(error) }
                case .number, .symbol:
                    break
                }
            }
        }

        // MARK: Durations

        mutating func findDurations() {
            func search(_ values: [Value]) {
                for value in values {
                    switch value {
                    case .call(let call):
                        let base = MotionImport.base(call.name)
                        if base == "UIViewPropertyAnimator", let d = Self.number(call.entries.entry("duration")?.values) {
                            animatorDuration = animatorDuration ?? d
                            textDuration = textDuration ?? d
                        }
                        if base == "setDuration", let ms = Self.number(call.entries.first?.values) { textDuration = textDuration ?? ms / 1000 }
                        if let ms = Self.number(call.entries.entry("durationMillis")?.values) { textDuration = textDuration ?? ms / 1000 }
                        if base == "tween", let first = call.entries.first, first.label == nil, let ms = Self.number(first.values) {
                            textDuration = textDuration ?? ms / 1000
                        }
                        for entry in call.entries { search(entry.values) }
                    case .object(let entries), .list(let entries):
                        for entry in entries { search(entry.values) }
                    default:
                        break
                    }
                }
            }
            for statement in syntax.statements {
                for entry in statement {
                    // `animation.duration = 0.3` (Core Animation, seconds).
                    if let label = entry.label, label.hasSuffix(".duration"), let d = Self.number(entry.values) {
                        textDuration = textDuration ?? d
                    }
                    search(entry.values)
                }
            }
        }

        // MARK: Calls

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

        // MARK: Objects, names, assignments

        func object(_ e: [Entry], duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
            let labels = Set(e.compactMap(\.label))
            let form = "{ " + e.compactMap(\.label).joined(separator: ", ") + " }"
            func number(_ label: String) throws(TimingParametersError) -> Double? { try Self.number(in: e, label, form: form) }
            let isSpring: Bool
            if case .name("spring")? = e.entry("type")?.values.first { isSpring = true } else { isSpring = false }
            if !labels.isDisjoint(with: ["tension", "friction"]) {
                // react-spring: mass 1, tension 170, friction 26 unless given.
                return try Candidate(.physical, [number("mass") ?? 1, number("tension") ?? 170, number("friction") ?? 26],
                                     velocity: number("velocity") ?? 0, rank: .exactWithMass, form: form, order: order)
            }
            if labels.contains("frequency") {
                throw TimingParametersError("\(form): react-spring's { frequency, damping } config is not read; give mass, tension and friction")
            }
            if isSpring || !labels.isDisjoint(with: ["stiffness", "damping"]) {
                if labels.isDisjoint(with: ["stiffness", "damping", "mass"]), !labels.isDisjoint(with: ["bounce", "duration", "visualDuration"]) {
                    throw TimingParametersError("\(form): framer-motion's duration and bounce springs are not read; give stiffness, damping and mass")
                }
                // framer-motion: stiffness 100, damping 10, mass 1 unless given.
                return try Candidate(.physical, [number("mass") ?? 1, number("stiffness") ?? 100, number("damping") ?? 10],
                                     velocity: number("velocity") ?? 0, rank: .exactWithMass, form: form, order: order)
            }
            if let ease = e.entry("ease") {
                let seconds = Self.number(e.entry("duration")?.values) ?? duration ?? textDuration
                switch ease.values.first {
                case .list(let points)?:
                    let numbers = try Self.positionalNumbers(points, form: "ease: […]")
                    guard numbers.count == 4 else { throw TimingParametersError("ease: […] takes 4 numbers x1, y1, x2, y2 (got \(numbers.count))") }
                    return try Candidate(Self.cubic(numbers, form: "ease: […]"), duration: seconds, form: form, order: order)
                case .name(let name)?:
                    guard let named = MotionImport.namedCurve(name) else { return nil }
                    return try Candidate(named, duration: seconds, form: form, order: order)
                default:
                    return nil
                }
            }
            return nil
        }

        func name(_ name: String, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
            if let preset = MotionImport.preset(name, order: order) { return preset }
            // CSS keywords stand alone; the others are written `.easeInOut`, `FastOutSlowInEasing`, "easeInOut".
            guard let curve = MotionImport.namedCurve(name) else { return nil }
            return try Candidate(curve, duration: duration ?? textDuration, form: name, order: order)
        }

        /// `receiver.key = value` statements grouped by receiver: Core Animation's
        /// `spring.mass = …`, UIKit Dynamics' `attachment.frequency = …`, or bare `stiffness: 200`
        /// lines (receiver "").
        mutating func readAssignments() {
            var groups: [(receiver: String, order: Int, entries: [Entry])] = []
            var position = -1
            for statement in syntax.statements {
                for entry in statement {
                    position += 1
                    guard let label = entry.label else { continue }
                    let dot = label.lastIndex(of: ".")
                    let receiver = dot.map { String(label[..<$0]) } ?? ""
                    let key = dot.map { String(label[label.index(after: $0)...]) } ?? label
                    let renamed = Entry(label: key, values: entry.values)
                    if let k = groups.firstIndex(where: { $0.receiver == receiver }) { groups[k].entries.append(renamed) }
                    else { groups.append((receiver, entryOrders[position], [renamed])) }
                }
            }
            for group in groups {
                let e = group.entries, labels = Set(e.compactMap(\.label))
                let form = group.receiver.isEmpty ? "assignments" : group.receiver
                func number(_ label: String) throws(TimingParametersError) -> Double? { try Self.number(in: e, label, form: form) }
                do {
                    let velocity = try number("velocity")
                    if labels.contains("frequency"), labels.contains("damping") {
                        candidates.append(try Candidate(.attachment, [number("frequency") ?? 0, number("damping") ?? 0], rank: .exact,
                                                        form: form, order: group.order))
                    } else if !labels.isDisjoint(with: ["stiffness", "dampingRatio"]), !labels.contains("damping"), !labels.contains("mass"),
                              springForce != nil || (labels.contains("stiffness") && labels.contains("dampingRatio")) {
                        // Kotlin's properties of a SpringForce: force.stiffness = 400f; force.dampingRatio = 0.5f.
                        var force = springForce ?? (group.order, nil, nil)
                        force.stiffness = try number("stiffness") ?? force.stiffness
                        force.dampingRatio = try number("dampingRatio") ?? force.dampingRatio
                        springForce = force
                    } else if labels.intersection(["mass", "stiffness", "damping"]).count >= 2 {
                        // CASpringAnimation: mass 1, stiffness 100, damping 10 unless set.
                        candidates.append(try Candidate(.physical, [number("mass") ?? 1, number("stiffness") ?? 100, number("damping") ?? 10],
                                                        velocity: number("initialVelocity") ?? velocity ?? 0, rank: .exactWithMass,
                                                        form: form, order: group.order))
                    }
                } catch { note(error) }
            }
        }

        // MARK: Numbers

        /// The number a value list stands for: its first value as a number, a named constant
        /// (`Spring.StiffnessLow`), `.zero`, or the `dx` of a `CGVector(dx:dy:)`.
        static func number(_ values: [Value]?) -> Double? {
            guard let values, let first = values.first else { return nil }
            switch first {
            case .number(let v, _): return v
            case .name(let name):
                // `.zero` (CGVector.zero, a velocity at rest) or a named constant.
                return MotionImport.base(name) == "zero" ? 0 : SpringPreset.constants[MotionImport.base(name)]
            case .call(let call) where MotionImport.base(call.name) == "CGVector":
                return number(call.entries.entry("dx")?.values ?? call.entries.first?.values)
            default: return nil
            }
        }

        /// The number labelled `label`, nil when there is none; a label whose value is no number is an error.
        static func number(in entries: [Entry], _ label: String, form: String) throws(TimingParametersError) -> Double? {
            guard let entry = entries.entry(label) else { return nil }
            guard let value = number(entry.values) else {
                throw TimingParametersError("\(form): cannot read \(label) '\(describe(entry.values))' as a number")
            }
            return value
        }

        /// The numbers of the entries without a label (and `controlPoints:`, Core Animation's first).
        static func positionalNumbers(_ entries: [Entry], form: String) throws(TimingParametersError) -> [Double] {
            var numbers: [Double] = []
            for entry in entries where entry.label == nil || entry.label == "controlPoints" {
                guard let value = number(entry.values) else {
                    throw TimingParametersError("\(form): cannot read '\(describe(entry.values))' as a number")
                }
                numbers.append(value)
            }
            return numbers
        }

        /// x and y of a `CGPoint(x:y:)`.
        static func point(_ values: [Value], form: String) throws(TimingParametersError) -> [Double] {
            guard case .call(let point)? = values.first, let x = number(point.entries.entry("x")?.values),
                  let y = number(point.entries.entry("y")?.values) else {
                throw TimingParametersError("\(form): cannot read the control point '\(describe(values))'")
            }
            return [x, y]
        }

        /// The curve through control points (x1, y1), (x2, y2), or an error naming the bad value.
        static func cubic(_ p: [Double], form: String) throws(TimingParametersError) -> CubicTimingParameters {
            do {
                return try CubicTimingParameters(validatingControlPoint1: Point(x: p[0], y: p[1]), controlPoint2: Point(x: p[2], y: p[3]))
            } catch {
                throw TimingParametersError("\(form): \(error.message)")
            }
        }

        /// Values as text, for messages.
        static func describe(_ values: [Value]) -> String {
            values.map { value -> String in
                switch value {
                case .number(let v, let unit): SpringDialect.spell(v) + unit
                case .name(let name): name
                case .call(let call): call.name + "(…)"
                case .list: "[…]"
                case .object: "{…}"
                case .symbol(let s): String(s)
                }
            }.joined(separator: " ")
        }
    }

    // MARK: Shared pieces

    /// A `linear()` easing is read back as a spring only when the fitted spring follows every
    /// stop within this (progress): Kinetic's stops fit within 10⁻⁴; other tools' sampled
    /// springs within their own rounding.
    static let linearFitTolerance = 0.01

    /// The last component of a name, without leading dots: "Spring.StiffnessLow" → "StiffnessLow".
    static func base(_ name: String) -> String {
        let trimmed = name.drop { $0 == "." }
        return trimmed.split(separator: ".").last.map(String.init) ?? String(trimmed)
    }

    /// A preset written `name` (`.snappy`, `Animation.bouncy`, `config.wobbly`).
    static func preset(_ name: String, order: Int) -> Candidate? {
        let preset: SpringPreset?
        if name.hasPrefix("config.") { preset = SpringPreset.written(name) }
        else if name.hasPrefix(".") || name.hasPrefix("Animation.") || name.hasPrefix("Spring.") { preset = SpringPreset.written("." + base(name)) }
        else { preset = nil }
        return preset.map { Candidate(motion: .spring($0.spring), rank: .exact, order: order) }
    }

    /// The curve a platform names: CSS `ease`, `ease-in`, `ease-out`, `ease-in-out`, `linear`;
    /// UIKit, SwiftUI and framer-motion `easeIn`, `easeOut`, `easeInOut`, `linear`; Core
    /// Animation `easeInEaseOut`; Compose `FastOutSlowInEasing` (0.4, 0, 0.2, 1),
    /// `LinearOutSlowInEasing` (0, 0, 0.2, 1), `FastOutLinearInEasing` (0.4, 0, 1, 1) and
    /// `LinearEasing` (androidx.compose.animation.core `Easing.kt`).
    static func namedCurve(_ name: String) -> CubicTimingParameters? {
        func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> CubicTimingParameters {
            CubicTimingParameters(controlPoint1: Point(x: x1, y: y1), controlPoint2: Point(x: x2, y: y2))
        }
        switch base(name) {
        case "ease" where !name.contains("."): return CubicTimingParameters()
        case "ease-in", "easeIn": return CubicTimingParameters(animationCurve: .easeIn)
        case "ease-out", "easeOut": return CubicTimingParameters(animationCurve: .easeOut)
        case "ease-in-out", "easeInOut", "easeInEaseOut": return CubicTimingParameters(animationCurve: .easeInOut)
        case "linear", "LinearEasing": return CubicTimingParameters(animationCurve: .linear)
        case "FastOutSlowInEasing": return cubic(0.4, 0, 0.2, 1)
        case "LinearOutSlowInEasing": return cubic(0, 0, 0.2, 1)
        case "FastOutLinearInEasing": return cubic(0.4, 0, 1, 1)
        default: return nil
        }
    }

    /// Whether two readings describe the same motion: springs with ω₀ and ζ within 0.2 %, curves
    /// with control points within 10⁻³.
    static func agree(_ a: ImportedMotion, _ b: ImportedMotion) -> Bool {
        switch (a, b) {
        case (.spring(let s), .spring(let t)):
            return abs(s.angularFrequency - t.angularFrequency) <= 2e-3 * t.angularFrequency
                && abs(s.dampingRatio - t.dampingRatio) <= 2e-3 * Swift.max(t.dampingRatio, 0.01)
        case (.curve(let c, _), .curve(let d, _)):
            let p = [c.controlPoint1, c.controlPoint2], q = [d.controlPoint1, d.controlPoint2]
            return zip(p, q).allSatisfy { abs($0.x - $1.x) <= 1e-3 && abs($0.y - $1.y) <= 1e-3 }
        default:
            return false
        }
    }

    /// MotionExport's header: "mass M, stiffness K, damping C[, initial velocity V/s]" or
    /// "cubic Bézier (x1, y1), (x2, y2) over D s", anywhere in the text.
    static func header(in chars: [Character]) throws(TimingParametersError) -> ImportedMotion? {
        if let n = numbers(in: chars, after: ["mass ", ", stiffness ", ", damping "]) {
            let velocity = numbers(in: chars, after: ["mass ", ", stiffness ", ", damping ", ", initial velocity "])?[3] ?? 0
            return .spring(try SpringDialect.physical.spring(from: n, initialVelocity: velocity))
        }
        if let n = numbers(in: chars, after: ["cubic Bézier (", ", ", "), (", ", ", ") over "]) {
            return .curve(try Reader.cubic(Array(n.prefix(4)), form: "cubic Bézier"), duration: n[4])
        }
        return nil
    }

    /// The numbers right after each of `labels` in turn, at the first place where all follow one
    /// another exactly.
    static func numbers(in chars: [Character], after labels: [String]) -> [Double]? {
        let patterns = labels.map(Array.init)
        func matches(_ pattern: [Character], at i: Int) -> Bool {
            i + pattern.count <= chars.count && Array(chars[i..<(i + pattern.count)]) == pattern
        }
        var start = 0
        while start < chars.count {
            defer { start += 1 }
            var i = start
            var found: [Double] = []
            for pattern in patterns {
                guard matches(pattern, at: i) else { break }
                i += pattern.count
                guard let value = MotionSyntax.scanNumber(chars, &i) else { break }
                found.append(value)
            }
            if found.count == patterns.count { return found }
        }
        return nil
    }

    /// `text` on one line, cut to 60 characters.
    static func snippet(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.count <= 60 ? words : String(words.prefix(59)) + "…"
    }
}

extension MotionImport.Candidate {
    /// A spring in `dialect` from `values`, its errors prefixed with `form`.
    init(_ dialect: SpringDialect, _ values: [Double], velocity: Double = 0, rank: MotionImport.Rank, form: String, order: Int) throws(TimingParametersError) {
        do {
            self.init(motion: .spring(try dialect.spring(from: values, initialVelocity: velocity)), rank: rank, order: order)
        } catch {
            throw TimingParametersError("\(form): \(error.message)")
        }
    }
}

extension MotionImport.Candidate {
    /// A curve run over `duration` seconds (when known), which must be positive.
    init(_ curve: CubicTimingParameters, duration: Double?, form: String, order: Int) throws(TimingParametersError) {
        if let duration, !(duration.isFinite && duration > 0) {
            throw TimingParametersError("\(form): the duration must be > 0 seconds (got \(SpringDialect.spell(duration)))")
        }
        self.init(motion: .curve(curve, duration: duration), rank: .exact, order: order)
    }
}

extension Array where Element == MotionSyntax.Entry {
    /// The first entry labelled `label`.
    func entry(_ label: String) -> MotionSyntax.Entry? { first { $0.label == label } }
}
