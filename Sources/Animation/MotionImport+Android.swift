import Geometry

/// Android's view interpolators and dynamic-animation springs, as AOSP and androidx define them.
///
/// Curves (AOSP platform_frameworks_base, core/java/android/view/animation/):
/// - `PathInterpolator(controlX1, controlY1, controlX2, controlY2)`: `path.cubicTo(x1, y1, x2, y2, 1f, 1f)`;
///   `PathInterpolator(controlX, controlY)`: `path.quadTo(controlX, controlY, 1f, 1f)`, a quadratic
///   Bézier with control point q, which is exactly the cubic with control points ⅔q and
///   (1, 1) + ⅔(q − (1, 1)) (degree elevation). androidx.core's `PathInterpolatorCompat.create(…)`
///   takes the same arguments.
/// - `AccelerateInterpolator(factor = 1f)`: `input * input` for factor 1, else `pow(input, 2 * factor)`;
///   `DecelerateInterpolator(factor = 1f)`: `1 - (1 - input)²`, else `1 - pow(1 - input, 2 * factor)`.
///   tⁿ is a cubic Bézier exactly for n = 1, 2, 3 (factor 0.5, 1, 1.5): x runs linearly
///   (control x ⅓, ⅔) and y's Bernstein coefficients are t: (⅓, ⅔), t²: (0, ⅓), t³: (0, 0).
/// - `AnticipateInterpolator(tension = 2f)`: `t * t * ((tension + 1) * t - tension)`, the cubic
///   polynomial with Bernstein coefficients (0, −tension/3); `OvershootInterpolator(tension = 2f)`:
///   its flip, `(t−1)²((tension + 1)(t−1) + tension) + 1`, coefficients (1 + tension/3, 1).
/// - `AccelerateDecelerateInterpolator`: `cos((input + 1) * PI) / 2 + 0.5`, a cosine;
///   `AnticipateOvershootInterpolator`, `BounceInterpolator`, `CycleInterpolator` are piecewise or
///   periodic: none is a cubic Bézier, so each is refused.
/// - androidx.interpolator's `FastOutSlowInInterpolator`, `LinearOutSlowInInterpolator`,
///   `FastOutLinearInInterpolator`: lookup tables of the cubics with control points (0.4, 0),
///   (0.2, 1); (0, 0), (0.2, 1); (0.4, 0), (1, 1) (their class comments), the curves of the
///   platform's `@android:interpolator/fast_out_slow_in` etc. (core/res/res/interpolator/*.xml,
///   `<pathInterpolator android:controlX1="0.4" android:controlY1="0" android:controlX2="0.2" android:controlY2="1"/>`).
/// - The durations: an interpolator runs for its animator's duration, 300 ms unless set
///   (`ValueAnimator`'s `private long mDuration = 300`; `ViewPropertyAnimator` takes
///   `ValueAnimator`'s default; developer.android.com/reference/android/animation/ValueAnimator#setDuration(long):
///   "The default duration is 300 milliseconds").
///
/// Springs (androidx dynamicanimation, `SpringAnimation.java`, `SpringForce.java` commit fd79a56):
/// `SpringAnimation(view, property, finalPosition)` makes `new SpringForce(finalPosition)`, whose
/// stiffness is `STIFFNESS_MEDIUM` (1500) and damping ratio `DAMPING_RATIO_MEDIUM_BOUNCY` (0.5)
/// until set (`mNaturalFreq = Math.sqrt(STIFFNESS_MEDIUM)`, `mDampingRatio = DAMPING_RATIO_MEDIUM_BOUNCY`);
/// `spring.stiffness = …`, `spring.dampingRatio = …` (Kotlin's properties of `getSpring()`) and
/// `setSpring(SpringForce()…)` set them.
extension MotionImport {
    /// The calls read here (a label given twice in them is refused).
    static let androidCalls: Set<String> = [
        "PathInterpolator", "LinearInterpolator", "AccelerateInterpolator", "DecelerateInterpolator", "AnticipateInterpolator",
        "OvershootInterpolator", "FastOutSlowInInterpolator", "LinearOutSlowInInterpolator", "FastOutLinearInInterpolator",
    ]

    /// Android's (and androidx's) default duration of an animator, seconds (300 ms, see above).
    static let androidDefaultDuration = 0.3

    /// The curves the platform's interpolator resources name (`@android:interpolator/NAME`,
    /// `android.R.interpolator.NAME`, `R.anim.NAME`), as control points; quad and cubic are the
    /// accelerate/decelerate interpolators with factor 1 and 1.5, as developer.android.com/reference/android/R.interpolator
    /// describes them ("Acceleration curve matching a quadtratic/cubic … function").
    static let androidResourceCurves: [String: [Double]] = [
        "fast_out_slow_in": [0.4, 0, 0.2, 1], "linear_out_slow_in": [0, 0, 0.2, 1], "fast_out_linear_in": [0.4, 0, 1, 1],
        "accelerate_quad": power(2, accelerating: true), "decelerate_quad": power(2, accelerating: false),
        "accelerate_cubic": power(3, accelerating: true), "decelerate_cubic": power(3, accelerating: false),
        "accelerate_interpolator": power(2, accelerating: true), "decelerate_interpolator": power(2, accelerating: false),
        "linear_interpolator": [0, 0, 1, 1],
    ]

    /// The interpolators (classes and resources) that are no cubic Bézier, with what they are instead.
    static let androidNonCubic: [String: String] = [
        "AccelerateDecelerateInterpolator": "cos((t + 1)π)/2 + 0.5, a cosine", "accelerate_decelerate": "a cosine",
        "accelerate_decelerate_interpolator": "a cosine", "AnticipateOvershootInterpolator": "two cubic pieces",
        "anticipate_overshoot": "two cubic pieces", "anticipate_overshoot_interpolator": "two cubic pieces",
        "BounceInterpolator": "piecewise parabolas", "bounce_interpolator": "piecewise parabolas",
        "CycleInterpolator": "a sine, ending where it starts", "cycle_interpolator": "a sine, ending where it starts",
        "accelerate_quint": "t⁵", "decelerate_quint": "1 − (1 − t)⁵", "fast_out_extra_slow_in": "a path of two cubic Béziers",
        "FastOutExtraSlowInInterpolator": "a path of two cubic Béziers",
        "anticipate_interpolator": "an AnticipateInterpolator whose tension Kinetic could not check",
        "overshoot_interpolator": "an OvershootInterpolator whose tension Kinetic could not check",
    ]

    /// Control points (⅓, y1, ⅔, y2) of tⁿ (accelerating) or 1 − (1 − t)ⁿ, n = 1, 2 or 3.
    static func power(_ n: Int, accelerating: Bool) -> [Double] {
        let y: [Double] = n == 1 ? [1.0 / 3, 2.0 / 3] : n == 2 ? [0, 1.0 / 3] : [0, 0]
        return accelerating ? [1.0 / 3, y[0], 2.0 / 3, y[1]] : [1.0 / 3, 1 - y[1], 2.0 / 3, 1 - y[0]]
    }

    /// The cubic control points of the quadratic Bézier from (0, 0) to (1, 1) through control
    /// point (cx, cy) (`path.quadTo(cx, cy, 1f, 1f)`): degree elevation, ⅔ of the way from each
    /// end point to the control point. The control point's x must lie in 0…1 (then so do the cubic's).
    static func quadraticAsCubic(_ cx: Double, _ cy: Double, form: String) throws(TimingParametersError) -> [Double] {
        guard (0...1).contains(cx) else { throw TimingParametersError("\(form): the quadratic's controlX must lie in 0…1 (got \(spell(cx)))") }
        return [2 * cx / 3, 2 * cy / 3, 1 + 2 * (cx - 1) / 3, 1 + 2 * (cy - 1) / 3]
    }

    /// The Android resource curve written `name` (`@android:interpolator/fast_out_slow_in` reads
    /// as the name `fast_out_slow_in`; `android.R.interpolator.fast_out_slow_in` has it as its
    /// last component), over `duration` or Android's 300 ms; nil for any other name.
    static func androidResource(_ name: String, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        let base = Self.base(name)
        guard base.contains("_") || name.contains("R.interpolator.") || name.contains("R.anim.") else { return nil }
        if let shape = androidNonCubic[base] {
            throw TimingParametersError("\(base) is not a cubic Bézier (it is \(shape)): use PathInterpolator(x1, y1, x2, y2) or a SpringForce")
        }
        guard let p = androidResourceCurves[base] else { return nil }
        return try Candidate(Reader.cubic(p, form: base), duration: duration ?? androidDefaultDuration, form: base, order: order)
    }
}

extension MotionImport.Reader {
    /// Android's interpolator classes (see the extension's comment), or nil for other calls.
    func androidCall(_ call: MotionSyntax.Call, base: String, form: String, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        func curve(_ p: [Double]) throws(TimingParametersError) -> Candidate {
            try Candidate(Self.cubic(p, form: form), duration: duration ?? textDuration ?? MotionImport.androidDefaultDuration, form: form, order: order)
        }
        if let shape = MotionImport.androidNonCubic[base] {
            throw TimingParametersError("\(form) is not a cubic Bézier (it is \(shape)): use PathInterpolator(x1, y1, x2, y2) or a SpringForce")
        }
        let pathCompat = call.name.hasSuffix("PathInterpolatorCompat.create")
        guard MotionImport.androidCalls.contains(base) || pathCompat else { return nil }
        let numbers = try Self.positionalNumbers(call.entries, form: form)
        switch base {
        case "FastOutSlowInInterpolator": return try curve([0.4, 0, 0.2, 1])
        case "LinearOutSlowInInterpolator": return try curve([0, 0, 0.2, 1])
        case "FastOutLinearInInterpolator": return try curve([0.4, 0, 1, 1])
        case "LinearInterpolator": return try curve([0, 0, 1, 1])
        case "AccelerateInterpolator", "DecelerateInterpolator":
            let factor = numbers.first ?? 1
            // pow(t, 2·factor): a cubic Bézier for the powers 1, 2 and 3 only.
            guard let n = [0.5: 1, 1: 2, 1.5: 3][factor] else {
                throw TimingParametersError("\(form): factor \(MotionImport.spell(factor)) makes a power of t that is not a cubic Bézier "
                                            + "(factor 0.5, 1 or 1.5 are: t, t², t³)")
            }
            return try curve(MotionImport.power(n, accelerating: base == "AccelerateInterpolator"))
        case "AnticipateInterpolator", "OvershootInterpolator":
            let tension = numbers.first ?? 2
            guard tension.isFinite, abs(tension) <= 1e6 else {
                throw TimingParametersError("\(form): tension must be finite and within ±1000000 (got \(MotionImport.spell(tension)))")
            }
            return try curve(base == "AnticipateInterpolator" ? [1.0 / 3, 0, 2.0 / 3, -tension / 3] : [1.0 / 3, 1 + tension / 3, 2.0 / 3, 1])
        default:   // PathInterpolator, PathInterpolatorCompat.create
            if numbers.count == 2 {
                return try curve(MotionImport.quadraticAsCubic(numbers[0], numbers[1], form: form))
            }
            guard numbers.count == 4 else {
                throw TimingParametersError("\(form) takes 2 numbers (a quadratic: controlX, controlY) or 4 (a cubic: x1, y1, x2, y2), got \(numbers.count)")
            }
            return try curve(numbers)
        }
    }

    /// What Android's views write apart from calls: a `<pathInterpolator>` resource's
    /// attributes, and the springs of `SpringAnimation`s (``readSpringAnimations()``).
    mutating func readAndroidViews() {
        readPathInterpolatorXML()
        readSpringAnimations()
    }

    /// `<pathInterpolator android:controlX1="…" android:controlY1="…" android:controlX2="…"
    /// android:controlY2="…"/>` (AOSP core/res/res/interpolator/*.xml): a cubic, or with only
    /// controlX1 and controlY1 the quadratic (PathInterpolator's `parseInterpolatorFromTypeArray`:
    /// "pathInterpolator requires both controlX2 and controlY2 for cubic Beziers").
    mutating func readPathInterpolatorXML() {
        var values: [String: [Value]] = [:]
        for statement in syntax.statements {
            for entry in statement {
                if let label = entry.label, ["controlX1", "controlY1", "controlX2", "controlY2"].contains(label) { values[label] = entry.values }
            }
        }
        guard !values.isEmpty else { return }
        let form = "<pathInterpolator>"
        do throws(TimingParametersError) {
            var p: [Double] = []
            for label in ["controlX1", "controlY1", "controlX2", "controlY2"] {
                guard let written = values[label] else { continue }
                guard let n = Self.number(written) else {
                    throw TimingParametersError("\(form): cannot read android:\(label) '\(Self.describe(written))' as a number")
                }
                p.append(n)
            }
            guard values["controlX1"] != nil, values["controlY1"] != nil, (values["controlX2"] != nil) == (values["controlY2"] != nil) else {
                throw TimingParametersError("\(form) needs controlX1 and controlY1, and controlX2 with controlY2 for a cubic")
            }
            if p.count == 2 { p = try MotionImport.quadraticAsCubic(p[0], p[1], form: form) }
            candidates.append(try Candidate(Self.cubic(p, form: form), duration: textDuration ?? MotionImport.androidDefaultDuration, form: form, order: 1))
        } catch { note(error) }
    }

    /// `SpringAnimation(view, property[, finalPosition])` anywhere in the text: its spring is a
    /// `SpringForce` (1500, 0.5 unless set), set by `….spring.stiffness = …` and
    /// `….spring.dampingRatio = …` anywhere, also inside `apply { }`; `setStiffness(…)` calls
    /// are gathered with the other `SpringForce` calls.
    mutating func readSpringAnimations() {
        var found = false
        var stiffness: Double?, ratio: Double?
        // Kotlin's `SpringForce(0f).apply { stiffness = …; dampingRatio = … }`: a block of
        // assignments that would otherwise read as a framer-motion object.
        var block: (stiffness: Double?, ratio: Double?)?
        func readBlock(_ inner: [Entry]) {
            var b = block ?? (nil, nil)
            for entry in inner where entry.label == "stiffness" || entry.label == "dampingRatio" {
                guard let value = Self.number(entry.values) else {
                    note(TimingParametersError("SpringForce().apply { }: cannot read \(entry.label ?? "") '\(Self.describe(entry.values))' as a number"))
                    return
                }
                if entry.label == "stiffness" { b.stiffness = value } else { b.ratio = value }
            }
            block = b
        }
        func walk(_ entries: [Entry], depth: Int) {
            guard depth <= MotionSyntax.maximumDepth else { return }
            for entry in entries {
                let values = entry.values
                if let k = values.firstIndex(where: { if case .call(let c) = $0 { MotionImport.base(c.name) == "SpringForce" } else { false } }),
                   k + 2 < values.count, case .name(".apply") = values[k + 1], case .object(let inner) = values[k + 2] {
                    readBlock(inner)
                }
                if let label = entry.label, label.hasSuffix("spring.stiffness") || label.hasSuffix("spring.dampingRatio") {
                    guard let value = Self.number(entry.values) else {
                        note(TimingParametersError("\(MotionImport.clip(label)): cannot read '\(Self.describe(entry.values))' as a number"))
                        continue
                    }
                    if label.hasSuffix("stiffness") { stiffness = value } else { ratio = value }
                }
                for value in entry.values {
                    switch value {
                    case .call(let call):
                        if MotionImport.base(call.name) == "SpringAnimation" { found = true }
                        walk(call.entries, depth: depth + 1)
                    case .object(let inner), .list(let inner): walk(inner, depth: depth + 1)
                    default: break
                    }
                }
            }
        }
        for statement in syntax.statements { walk(statement, depth: 0) }
        if let block {
            // It outranks that misreading (an exact reading with its mass, 1, first in the text).
            do {
                candidates.append(try Candidate(.unitMass, [block.stiffness ?? 1500, block.ratio ?? 0.5], rank: .exactWithMass,
                                                form: "SpringForce().apply { }", order: 0))
            } catch { note(error) }
        }
        guard found else { return }
        var force = springForce ?? (order: 1, stiffness: nil, dampingRatio: nil)
        force.stiffness = stiffness ?? force.stiffness
        force.dampingRatio = ratio ?? force.dampingRatio
        springForce = force
    }
}
