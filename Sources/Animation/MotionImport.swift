import Geometry

/// Reads a spring or a timing curve back from the code a platform takes (`kinetic curve import`):
/// everything ``MotionExport`` prints, as a whole block or any one line of it that holds a whole
/// spring or curve, and the common forms people write by hand.
///
/// | platform | springs | curves |
/// |---|---|---|
/// | UIKit | `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`; `(dampingRatio:…)` with the block's `UIViewPropertyAnimator(duration:…)`; `(duration:bounce:…)`; `attachment.frequency` + `attachment.damping`; `CASpringAnimation`'s `mass`/`stiffness`/`damping`/`initialVelocity` assignments (defaults 1, 100, 10, 0) and `(perceptualDuration:bounce:)`; `UIView.animate(…)` and `UIViewPropertyAnimator(duration:dampingRatio:)` (`MotionImport+Apple.swift`) | `UICubicTimingParameters(controlPoint1:controlPoint2:)` or `(animationCurve:)`, `CAMediaTimingFunction(controlPoints:…)` or `(name:)`; `UIView.animate(withDuration:…)`'s options, `UIViewPropertyAnimator(duration:curve:)` or `(duration:controlPoint1:controlPoint2:)` |
/// | SwiftUI | `withAnimation { }` and `.default` (iOS 17: response 0.55, damping fraction 1), `.spring(response:dampingFraction:blendDuration:)`, `.spring(duration:bounce:)`, `Spring(…)`, `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`, `.smooth`/`.snappy`/`.bouncy` (optionally `(duration:extraBounce:)`), `.spring`, `.interactiveSpring` | `.timingCurve(x1, y1, x2, y2, duration:)`, `.easeInOut(duration:)` and the other named curves (0.35 s without a duration) |
/// | CSS | `linear(…)` sampled from a spring, with a duration (`1.27s`, `300ms`) | `cubic-bezier(…)`, `ease`, `ease-in`, `ease-out`, `ease-in-out`, `linear` |
/// | Android | `SpringForce().setStiffness(…).setDampingRatio(…)` (defaults 1500, 0.5) with numbers or `SpringForce.STIFFNESS_LOW`-style constants; `SpringAnimation(view, property, 0f)` and its `spring.stiffness = …` (`MotionImport+Android.swift`) | `PathInterpolator(…)` (cubic or quadratic), `LinearInterpolator()`, `FastOutSlowInInterpolator()` and the other interpolators that are cubics, `@android:interpolator/…`, with `setDuration(ms)` (default 300) |
/// | Compose | `spring(dampingRatio = …, stiffness = …)` in any order (defaults 1, 1500), with `Spring.StiffnessLow`-style constants | `tween(durationMillis = …, easing = CubicBezierEasing(…))` (default 300, `FastOutSlowInEasing`), the named and `Ease*` easings (`MotionImport+Compose.swift`) |
/// | Flutter | `SpringDescription(…)`, `.withDampingRatio(…)`, `.withDurationAndBounce(…)`, `SpringSimulation(…)` (`MotionImport+Flutter.swift`) | `Cubic(…)`, `Curves.…`, with a `Duration(…)` |
/// | web, React Native | `{ type: "spring", stiffness, damping, mass }` (framer-motion; defaults 100, 10, 1), `{ type: "spring", duration, bounce }` and `{ visualDuration, bounce }` (``FramerMotionSpring``), `config: { mass, tension, friction }` and `config.wobbly` etc. (react-spring; defaults 1, 170, 26), `element.animate(…, { duration: ms, easing: "linear(…)" })`; React Native `Animated.spring(value, { … })` with tension/friction (also as an object in a text that calls it), bounciness/speed or stiffness/damping/mass (``ReactNativeSpring``) | `element.animate(…, { duration: ms, easing: "cubic-bezier(…)" })`, framer-motion `{ duration: s, ease: [x1, y1, x2, y2] }` or a named ease (`backOut`, …; 0.3 s without a duration); React Native `Animated.timing(value, { duration: ms, easing: Easing.bezier(…) })` and the easings that are one cubic; CSS `steps()` refused |
///
/// MotionExport's header comment ("// UIKit — mass 1, stiffness 200, damping 20: …", "… cubic
/// Bézier (0.42, 0), (0.58, 1) over 0.3 s") is read too. When a text holds several forms of the
/// motion, the most exact wins: code with a mass (and initial velocity), then other exact code,
/// then the header, then a damping-ratio spring fitted to its animator's duration, and last the
/// first `linear()` easing, fitted to a spring by least squares (``SpringFit``) only then (its
/// stops are checked in any case, the fit is not: the other readings do not need it); a header that agrees
/// with the chosen code (ω₀ and ζ within 0.2 %) gives its mass and initial velocity, and a header
/// always wins over a fit.
///
/// Errors are one line: text with no spring or curve names the forms expected; a number out of
/// its range (``SpringDialect/Parameter``, a control point x outside 0…1) names the form, the
/// argument as the text spells it and the value.
///
/// What is read is what the languages define: a negative duration (`-300ms`, `{ duration: -300 }`)
/// is refused, hexadecimal numbers read as Swift and C read them (`0x1p-3` is 0.125), a label
/// given twice in one call (`.spring(duration: 0.4, duration: 0.6)`, a compile error in Swift and
/// Kotlin) is refused, and of two assignments of one property (`a.stiffness = 100` then
/// `a.stiffness = 300`) or two equal keys of an object the last wins, as when the code runs.
///
/// Every reading is one Kinetic runs: a spring with mass, stiffness and damping, and the same
/// motion with a unit mass, within ``SpringTimingParameters/parameterRange`` (1e-6…1e6) and an
/// initial velocity within ±10⁶ (so its frequency, damping ratio, response and settling duration
/// are finite), and a curve with finite control points over ``curveDurationRange`` seconds. A
/// spring with no damping never settles and is refused, saying so.
///
/// Limits: at most ``maximumLength`` bytes of text, brackets nested at most ``maximumDepth``
/// deep and at most ``maximumLinearStops`` stops in a `linear()`; each is refused with a line
/// naming it, so no text makes the reader trap or work long.
public enum MotionImport {
    /// The spring or curve in `text`.
    ///
    /// - Throws: ``TimingParametersError`` with a one-line message, for example "cannot read a
    ///   spring or curve in 'foo(1)': expected e.g. …" or "cubic-bezier(…): control point 1 x
    ///   must lie in 0…1 (got 1.2)".
    public static func parse(_ text: String) throws(TimingParametersError) -> ImportedMotion {
        var reader = Reader(try MotionSyntax(text))
        reader.read()
        if let problem = reader.problem { throw problem }
        let header = try Self.header(in: Array(text))
        var best = reader.candidates.max { ($0.rank.rawValue, -$0.order) < ($1.rank.rawValue, -$1.order) }?.motion
        if let header, best == nil || reader.candidates.allSatisfy({ $0.rank.rawValue < Rank.header.rawValue })
            || best.map({ Self.agree($0, header) }) == true {
            best = header
        }
        if best == nil, let pending = reader.pendingFits.first { best = try fit(pending).motion }
        guard let best else {
            throw TimingParametersError("cannot read a spring or curve in '\(Self.snippet(text))': expected e.g. \(expected)")
        }
        try Self.checkRunnable(best)
        return best
    }

    /// The longest text ``parse(_:)`` reads, UTF-8 bytes (131 072, 128 KiB): enough for
    /// everything MotionExport prints for a spring that settles within the animator's 300 s cap.
    public static let maximumLength = MotionSyntax.maximumLength

    /// The deepest brackets ``parse(_:)`` follows (64 levels).
    public static let maximumDepth = MotionSyntax.maximumDepth

    /// The most stops a CSS `linear()` may have (10 000): MotionExport's easing of a spring that
    /// barely damps (1 Hz, damping ratio 0.001, cut at 300 s) has 5 342; the fit of a spring to
    /// them reads at most ``SpringFit/maximumFitPoints`` of them, so it stays fast at the limit.
    public static let maximumLinearStops = 10_000

    /// The durations a curve may run, seconds (a millisecond to an hour), as `kinetic curve`'s
    /// `--duration` takes them.
    public static let curveDurationRange = 0.001...3600

    /// A value as messages spell it: 12 significant digits, exponents for the very large and very
    /// small ("1e+308", "1e-300"), and infinity as a number too large to hold.
    static func spell(_ value: Double, digits: Int = 12) -> String { SpringDialect.spell(value, digits: digits) }

    /// The last safeguard: a reading whose numbers Kinetic cannot run (a mass, stiffness, damping
    /// or derived value that is not finite or out of range, a curve's control point or duration
    /// out of range). The readers' own checks refuse these first, with messages naming the
    /// argument; this keeps any they miss from reaching an animator.
    static func checkRunnable(_ motion: ImportedMotion) throws(TimingParametersError) {
        switch motion {
        case .spring(let s):
            let derived = [s.angularFrequency, s.frequency, s.dampingRatio, s.response, s.unitMassStiffness, s.unitMassDamping]
            guard [s.mass, s.stiffness, s.damping, s.initialVelocity].allSatisfy(\.isFinite), derived.allSatisfy(\.isFinite),
                  s.timingParameters?.settlingDuration.isFinite == true,
                  (try? SpringTimingParameters(validatingMass: s.mass, stiffness: s.stiffness, damping: s.damping,
                                               initialVelocity: Vector(dx: s.initialVelocity, dy: s.initialVelocity))) != nil else {
                throw TimingParametersError("the spring read (mass \(spell(s.mass)), stiffness \(spell(s.stiffness)), damping \(spell(s.damping))) "
                                            + "is outside what Kinetic runs: mass, stiffness and damping 1e-6…1e6")
            }
        case .curve(let c, let duration):
            let p = [c.controlPoint1.x, c.controlPoint1.y, c.controlPoint2.x, c.controlPoint2.y]
            guard p.allSatisfy(\.isFinite), duration.map(curveDurationRange.contains) ?? true else {
                throw TimingParametersError("the curve read is outside what Kinetic runs: control points \(p.map { spell($0) }), duration \(duration.map { spell($0) } ?? "none")")
            }
        }
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

    /// A `linear()` easing's stops as samples of a spring's progress: (seconds, progress), the
    /// last stop (the end) left out.
    struct PendingFit {
        let samples: [(time: Double, progress: Double)]
        /// The animation's duration, seconds.
        let duration: Double
        let order: Int
    }

    /// The spring fitted to `pending` (``SpringFit``), or an error about the stops when none
    /// follows them within ``linearFitTolerance`` or the one that does is not one Kinetic runs.
    static func fit(_ pending: PendingFit) throws(TimingParametersError) -> Candidate {
        guard let fit = SpringFit.fit(pending.samples), fit.maximumError <= linearFitTolerance else {
            throw TimingParametersError("linear(…) does not follow a damped spring closely enough to read one back")
        }
        let s = fit.spring
        do {
            let spring = try runnableSpring(.physical, [s.mass, s.stiffness, s.damping], names: ["mass", "stiffness", "damping"],
                                            velocity: s.initialVelocity, velocityName: "initial velocity", form: "linear(…)")
            return Candidate(motion: .spring(spring), rank: .linearFit, order: pending.order)
        } catch {
            throw TimingParametersError("linear(…): over \(spell(pending.duration)) s its stops follow no spring Kinetic runs "
                                        + "(a unit mass with stiffness and damping within 1e-6…1e6)")
        }
    }

    /// One reading of the text.
    struct Candidate {
        let motion: ImportedMotion
        let rank: Rank
        let order: Int
    }

    // MARK: The reader

    /// Walks the statements of a text, collecting every spring or curve it can read: durations
    /// here, calls in `MotionImport+Calls.swift`, objects, names, assignments and numbers in
    /// `MotionImport+Assignments.swift`.
    struct Reader {
        typealias Value = MotionSyntax.Value
        typealias Entry = MotionSyntax.Entry
        typealias Candidate = MotionImport.Candidate
        typealias Rank = MotionImport.Rank

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
        /// The `linear()` easings that may be springs, in the order of the text: the first is
        /// fitted when nothing else gives the motion.
        var pendingFits: [PendingFit] = []
        /// How many values have been visited: the place of a candidate in the text.
        var order = 0
        /// The place of each top-level entry, statement after statement (for the assignments).
        var entryOrders: [Int] = []

        let callsAnimatedSpring: Bool   // the text calls React Native's Animated.spring: its { tension, friction } are Origami's

        init(_ syntax: MotionSyntax) { self.syntax = syntax; callsAnimatedSpring = Self.callsAnimatedSpring(syntax) }

        mutating func read() {
            findDurations()
            readAndroidViews()
            for statement in syntax.statements {
                // CSS: `transition: transform 0.3s cubic-bezier(…)`; the statement's own time (the
                // first: a second one is the delay, which may be negative; so may `*-delay: -1s`).
                let timed = statement.filter { !($0.label?.hasSuffix("delay") ?? false) }
                var seconds: Double?
                if case .number(let v, let unit)? = timed.lazy.flatMap(\.values).first(where: { Self.seconds($0) != nil }) {
                    seconds = checkedDuration(v, unit: unit, form: statement.first?.label.map { MotionImport.clip($0) } ?? "the time")
                }
                for entry in statement {
                    entryOrders.append(order + 1)
                    visit(entry.values, duration: seconds, depth: 0)
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

        /// A duration the text gives as `value` in `unit` ("s", "ms", or "" for seconds), in
        /// seconds; nil, with an error naming `form` noted, when it is negative or not finite
        /// (no platform runs an animation for a negative time; `0s` is CSS's instant one, left
        /// for the curve that takes it to refuse).
        mutating func checkedDuration(_ value: Double, unit: String, form: String) -> Double? {
            guard value.isFinite, value >= 0 else {
                let written = MotionImport.spell(value) + (unit.isEmpty ? "" : " " + unit)
                note(TimingParametersError("\(form): the duration must \(value.isFinite ? "not be negative" : "be finite") (got \(written))"))
                return nil
            }
            return unit == "ms" ? value / 1000 : value
        }

        /// Android's `SpringForce().setStiffness(…).setDampingRatio(…)`: the calls of one chain
        /// (or of several lines) make one spring.
        mutating func gatherSpringForce(_ call: MotionSyntax.Call, order: Int) {
            let base = MotionImport.base(call.name)
            guard ["SpringForce", "setStiffness", "setDampingRatio"].contains(base) else { return }
            var force = springForce ?? (order, nil, nil)
            if base != "SpringForce" {
                let form = MotionImport.clip(call.name) + "(…)"
                guard let first = call.entries.first, let value = Self.number(first.values) else {
                    note(TimingParametersError("\(form): cannot read '\(Self.describe(call.entries.first?.values ?? []))' as a number"))
                    return
                }
                if base == "setStiffness" { force.stiffness = value } else { force.dampingRatio = value }
            }
            springForce = force
        }

        /// Reads `values` and, inside each, the values they hold, `depth` brackets deep (the
        /// syntax nests at most ``MotionSyntax/maximumDepth`` deep; deeper is not walked).
        mutating func visit(_ values: [Value], duration: Double?, depth: Int) {
            guard depth <= MotionSyntax.maximumDepth else { return }
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
                    let inner = millis.map { checkedDuration($0, unit: "ms", form: MotionImport.clip(call.name) + "(…)") } ?? duration
                    for entry in call.entries { visit(entry.values, duration: inner, depth: depth + 1) }
                case .object(let entries):
                    let entries = Self.lastOfEachLabel(entries)
                    do { if let c = try object(entries, duration: duration, order: here) { candidates.append(c) } } catch { note(error) }
                    // WAAPI's `{ duration: 724, easing: … }` is in ms; framer-motion's `{ duration: 0.3, ease: … }` in s.
                    var inner = duration
                    if let d = Self.number(entries.entry("duration")?.values) {
                        inner = checkedDuration(d, unit: entries.entry("easing") != nil ? "ms" : "s", form: "{ duration }")
                    }
                    for entry in entries { visit(entry.values, duration: inner, depth: depth + 1) }
                case .list(let entries):
                    for entry in entries { visit(entry.values, duration: duration, depth: depth + 1) }
                case .name(let name):
                    do { if let c = try self.name(name, duration: duration, order: here) { candidates.append(c) } } catch { note(error) }
                case .number, .symbol:
                    break
                }
            }
        }

        // MARK: Durations

        /// The durations the text gives (see ``textDuration``), each checked: a negative one is an
        /// error naming where it is written. Of several, a call's first wins; of several
        /// `x.duration = …` assignments, the last (as the code runs).
        mutating func findDurations() {
            func search(_ values: [Value], depth: Int) {
                guard depth <= MotionSyntax.maximumDepth else { return }
                for value in values {
                    switch value {
                    case .call(let call):
                        let base = MotionImport.base(call.name), form = MotionImport.clip(call.name) + "(…)"
                        if base == "UIViewPropertyAnimator", let d = Self.number(call.entries.entry("duration")?.values),
                           let seconds = checkedDuration(d, unit: "s", form: form) {
                            animatorDuration = animatorDuration ?? seconds
                            textDuration = textDuration ?? seconds
                        }
                        if base == "setDuration", let ms = Self.number(call.entries.first?.values), let seconds = checkedDuration(ms, unit: "ms", form: form) {
                            textDuration = textDuration ?? seconds
                        }
                        if base == "Duration" { noteFlutterDuration([value]) }
                        if let ms = Self.number(call.entries.entry("durationMillis")?.values), let seconds = checkedDuration(ms, unit: "ms", form: form) {
                            textDuration = textDuration ?? seconds
                        }
                        if base == "tween", let first = call.entries.first, first.label == nil, let ms = Self.number(first.values),
                           let seconds = checkedDuration(ms, unit: "ms", form: form) {
                            textDuration = textDuration ?? seconds
                        }
                        for entry in call.entries { search(entry.values, depth: depth + 1) }
                    case .object(let entries), .list(let entries):
                        for entry in entries { search(entry.values, depth: depth + 1) }
                    default:
                        break
                    }
                }
            }
            var assigned: Double?
            for statement in syntax.statements {
                for entry in statement {
                    // `animation.duration = 0.3` (Core Animation, seconds).
                    if let label = entry.label, label.hasSuffix(".duration"), let d = Self.number(entry.values) {
                        assigned = checkedDuration(d, unit: "s", form: MotionImport.clip(label)) ?? assigned
                    }
                    search(entry.values, depth: 0)
                }
            }
            textDuration = textDuration ?? assigned
        }

        /// `entries` with only the last of each label (a JavaScript object's or CSS block's key
        /// given twice: the last wins), in the order of those last ones.
        static func lastOfEachLabel(_ entries: [Entry]) -> [Entry] {
            var seen = Set<String>()
            var kept: [Entry] = []
            for entry in entries.reversed() {
                if let label = entry.label, !seen.insert(label).inserted { continue }
                kept.append(entry)
            }
            return kept.reversed()
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
    /// Animation `easeInEaseOut`; Compose `FastOutSlowInEasing`, `LinearOutSlowInEasing`,
    /// `FastOutLinearInEasing` (``composeEasings``) and `LinearEasing`.
    static func namedCurve(_ name: String) -> CubicTimingParameters? {
        switch base(name) {
        case "ease" where !name.contains("."): return CubicTimingParameters()
        case "ease-in", "easeIn": return CubicTimingParameters(animationCurve: .easeIn)
        case "ease-out", "easeOut": return CubicTimingParameters(animationCurve: .easeOut)
        case "ease-in-out", "easeInOut", "easeInEaseOut": return CubicTimingParameters(animationCurve: .easeInOut)
        case "linear", "LinearEasing": return CubicTimingParameters(animationCurve: .linear)
        case "FastOutSlowInEasing", "LinearOutSlowInEasing", "FastOutLinearInEasing":
            // Their points are in Compose's one table of easings (MotionImport+Compose.swift).
            return composeEasings[base(name)].map {
                CubicTimingParameters(controlPoint1: Point(x: $0[0], y: $0[1]), controlPoint2: Point(x: $0[2], y: $0[3]))
            }
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

    /// `text` cut to `length` characters (its last one "…"), for a name or values in a message.
    static func clip(_ text: String, length: Int = 40) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }

    /// `text` on one line, cut to 60 characters.
    static func snippet(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.count <= 60 ? words : String(words.prefix(59)) + "…"
    }
}

extension MotionImport.Candidate {
    /// A spring in `dialect` from `values` (see ``MotionImport/runnableSpring(_:_:names:velocity:velocityName:form:)``):
    /// `names` are the arguments as `form` spells them (default the dialect's names).
    init(_ dialect: SpringDialect, _ values: [Double], names: [String]? = nil, velocity: Double = 0, velocityName: String = "initialVelocity",
         rank: MotionImport.Rank, form: String, order: Int) throws(TimingParametersError) {
        let spring = try MotionImport.runnableSpring(dialect, values, names: names ?? dialect.parameters.map(\.name), velocity: velocity,
                                                     velocityName: velocityName, form: form)
        self.init(motion: .spring(spring), rank: rank, order: order)
    }
}

extension MotionImport.Candidate {
    /// A curve run over `duration` seconds (when known), which must lie in ``MotionImport/curveDurationRange``.
    init(_ curve: CubicTimingParameters, duration: Double?, form: String, order: Int) throws(TimingParametersError) {
        if let duration, !(duration.isFinite && duration > 0) {
            throw TimingParametersError("\(form): the duration must be > 0 seconds (got \(MotionImport.spell(duration)))")
        }
        if let duration, !MotionImport.curveDurationRange.contains(duration) {
            throw TimingParametersError("\(form): the duration must be between 0.001 and 3600 seconds (got \(MotionImport.spell(duration)))")
        }
        self.init(motion: .curve(curve, duration: duration), rank: .exact, order: order)
    }
}

extension Array where Element == MotionSyntax.Entry {
    /// The first entry labelled `label`.
    func entry(_ label: String) -> MotionSyntax.Entry? { first { $0.label == label } }
}
