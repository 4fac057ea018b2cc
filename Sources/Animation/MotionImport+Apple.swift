import Geometry

/// The reader's Apple forms beyond the timing-parameter constructors (issue 41): the UIKit calls
/// people write (`UIView.animate(…)`, `UIViewPropertyAnimator(duration:…)`), SwiftUI's default
/// animation and its curves' default duration, and a `CASpringAnimation` with any of its keys set.
///
/// | form | read as |
/// |---|---|
/// | `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`, `UIViewPropertyAnimator(duration:dampingRatio:)` | the damping-ratio spring fitted to the duration (Kinetic's settling criterion, as `UISpringTimingParameters(dampingRatio:)` with its animator); the velocity in distances per second |
/// | `UIView.animate(springDuration:bounce:initialSpringVelocity:…)` (iOS 17) | duration and bounce, defaults 0.5 and 0 (developer.apple.com/documentation/uikit/uiview/animate(springduration:bounce:initialspringvelocity:delay:options:animations:completion:)) |
/// | `UIView.animate(withDuration:…)`, `UIViewPropertyAnimator.runningPropertyAnimator(withDuration:…)` | the curve its `options` name (`.curveEaseIn`, `.curveEaseOut`, `.curveLinear`; `.curveEaseInOut` when none: "the default curve for most animations", developer.apple.com/documentation/uikit/uiview/animationcurve/easeinout) over the duration |
/// | `UIViewPropertyAnimator(duration:controlPoint1:controlPoint2:)`, `(duration:curve:)` | the cubic curve, or the named one, over the duration |
/// | SwiftUI `withAnimation { }`, `.default`, `Animation.default` | `Animation.default`: since iOS 17 `spring(response: 0.55, dampingFraction: 1.0)` (developer.apple.com/documentation/swiftui/animation/default; `easeInOut` before iOS 17) |
/// | SwiftUI `.easeInOut`, `.easeIn`, `.easeOut`, `.linear`, `.timingCurve(…)` without a duration | over 0.35 s ("a default duration of 0.35 seconds", developer.apple.com/documentation/swiftui/animation/easeinout; `timingCurve`'s `duration: TimeInterval = 0.35`) |
/// | `let s = CASpringAnimation(keyPath: …)` then any of `s.mass`, `s.stiffness`, `s.damping`, `s.initialVelocity` | the spring with Core Animation's defaults for the rest (mass 1, stiffness 100, damping 10, velocity 0); ζ > 1 runs critically damped unless `s.allowsOverdamping = true` |
extension MotionImport.Reader {
    /// The calls read here (added to ``readCalls``: a label given twice is refused in them too).
    static let appleCalls: Set<String> = ["animate", "runningPropertyAnimator", "withAnimation"]

    /// SwiftUI's `Animation.default` since iOS 17: response 0.55 s, damping fraction 1.
    static let swiftUIDefault = [0.55, 1.0]

    /// The duration of SwiftUI's curves written without one, seconds (0.35).
    static let swiftUICurveDuration = 0.35

    /// UIKit's curve options and the curves they name.
    static let uikitCurveOptions: [String: AnimationCurve] = [
        "curveEaseInOut": .easeInOut, "curveEaseIn": .easeIn, "curveEaseOut": .easeOut, "curveLinear": .linear,
    ]

    /// The Apple call `call` names (see the extension's table), nil when it is none of them.
    mutating func appleCall(_ call: MotionSyntax.Call, order: Int) throws(TimingParametersError) -> Candidate? {
        let e = call.entries, base = MotionImport.base(call.name)
        let labels = Set(e.compactMap(\.label))
        let form = MotionImport.clip(call.name) + "(…)"
        func number(_ label: String) throws(TimingParametersError) -> Double? { try Self.number(in: e, label, form: form) }
        func required(_ label: String) throws(TimingParametersError) -> Double {
            guard let value = try number(label) else { throw TimingParametersError("\(form) needs \(label)") }
            return value
        }
        switch base {
        case "animate" where labels.contains("usingSpringWithDamping"):
            return try Self.fittedSpring(ratio: required("usingSpringWithDamping"), ratioName: "usingSpringWithDamping",
                                         duration: required("withDuration"), durationForm: form, durationName: "withDuration",
                                         velocity: required("initialSpringVelocity"), velocityName: "initialSpringVelocity", form: form, order: order)
        case "animate" where !labels.isDisjoint(with: ["springDuration", "bounce"])
            || (call.name.hasPrefix("UIView") && !labels.contains("withDuration") && !e.contains { $0.label == nil && !Self.isClosure($0) }):
            // iOS 17: springDuration 0.5, bounce 0, initialSpringVelocity 0 unless given.
            return try Candidate(.durationBounce, [number("springDuration") ?? 0.5, number("bounce") ?? 0], names: ["springDuration", "bounce"],
                                 velocity: number("initialSpringVelocity") ?? 0, velocityName: "initialSpringVelocity", rank: .exact, form: form, order: order)
        case "animate" where labels.contains("withDuration"), "runningPropertyAnimator" where labels.contains("withDuration"):
            let seconds = try required("withDuration")
            guard seconds.isFinite, seconds > 0 else {
                throw TimingParametersError("\(form): withDuration must be > 0 (got \(MotionImport.spell(seconds))); UIKit makes the change without animating")
            }
            return try Candidate(CubicTimingParameters(animationCurve: Self.uikitCurve(e.entry("options")?.values ?? [], form: form)),
                                 duration: seconds, form: form, order: order)
        case "UIViewPropertyAnimator" where labels.contains("dampingRatio"):
            return try Self.fittedSpring(ratio: required("dampingRatio"), ratioName: "dampingRatio", duration: required("duration"), durationForm: form,
                                         durationName: "duration", velocity: 0, velocityName: "initialVelocity", form: form, order: order)
        case "UIViewPropertyAnimator" where labels.contains("controlPoint1") || labels.contains("controlPoint2"):
            guard let p1 = e.entry("controlPoint1"), let p2 = e.entry("controlPoint2") else {
                throw TimingParametersError("\(form) needs controlPoint1 and controlPoint2")
            }
            let points = try Self.point(p1.values, form: form) + Self.point(p2.values, form: form)
            return try Candidate(Self.cubic(points, form: form), duration: required("duration"), form: form, order: order)
        case "UIViewPropertyAnimator" where labels.contains("curve"):
            guard case .name(let name)? = e.entry("curve")?.values.first, let named = MotionImport.namedCurve(name) else { return nil }
            return try Candidate(named, duration: required("duration"), form: form, order: order)
        case "withAnimation" where !e.contains { $0.label == nil && !Self.isClosure($0) }:
            return try Candidate(.responseDampingFraction, Self.swiftUIDefault, rank: .exact, form: "withAnimation", order: order)
        default:
            return nil
        }
    }

    /// SwiftUI's names (`.default`, `Animation.default`, `withAnimation` before its closure, and
    /// the curves `.easeInOut` … over 0.35 s) and `UIView.animate` before its closure (iOS 17's
    /// spring with every default); nil for any other name.
    func appleName(_ name: String, order: Int) throws(TimingParametersError) -> Candidate? {
        let swiftUI = name.hasPrefix(".") || name.hasPrefix("Animation.")
        let base = MotionImport.base(name)
        if name == "withAnimation" || (swiftUI && base == "default") {
            return try Candidate(.responseDampingFraction, Self.swiftUIDefault, rank: .exact, form: name, order: order)
        }
        if name == "UIView.animate" {
            return try Candidate(.durationBounce, [0.5, 0], names: ["springDuration", "bounce"], rank: .exact, form: name, order: order)
        }
        if swiftUI, ["easeInOut", "easeIn", "easeOut", "linear"].contains(base), let curve = MotionImport.namedCurve(base) {
            return try Candidate(curve, duration: Self.swiftUICurveDuration, form: name, order: order)
        }
        return nil
    }

    /// Whether an entry is a trailing closure's body or an `animations: { … }` block (not an animation).
    static func isClosure(_ entry: Entry) -> Bool {
        if case .object? = entry.values.first { return true }
        return false
    }

    /// The curve UIKit's `options` name: `.curveEaseInOut` when none does; two different curves
    /// are refused (UIKit takes one).
    static func uikitCurve(_ values: [Value], form: String) throws(TimingParametersError) -> AnimationCurve {
        var names: [String] = []
        for value in values {
            switch value {
            case .name(let name): names.append(MotionImport.base(name))
            case .list(let entries): names += entries.flatMap(\.values).compactMap { if case .name(let n) = $0 { MotionImport.base(n) } else { nil } }
            default: break
            }
        }
        let curves = Set(names.compactMap { uikitCurveOptions[$0] })
        guard curves.count <= 1 else {
            let written = names.filter { uikitCurveOptions[$0] != nil }.map { "." + $0 }.joined(separator: " and ")
            throw TimingParametersError("\(form): options name two curves (\(written)); UIKit takes one")
        }
        return curves.first ?? .easeInOut
    }

    /// The mass-1 spring with damping ratio `ratio` that settles in `duration` seconds (what an
    /// animator does with a damping-ratio spring, ``SpringTimingParameters/resolved(forDuration:)``),
    /// moving at `velocity`; or a one-line error naming `form` and the argument (`ratioName`,
    /// `durationName` of `durationForm`, `velocityName`).
    static func fittedSpring(ratio zeta: Double, ratioName: String, duration: Double, durationForm: String, durationName: String,
                             velocity v: Double, velocityName: String, form: String, order: Int) throws(TimingParametersError) -> Candidate {
        guard zeta.isFinite, zeta >= 0 else { throw TimingParametersError("\(form): \(ratioName) must be ≥ 0 (got \(MotionImport.spell(zeta)))") }
        guard zeta > 0 else {
            throw TimingParametersError("\(form): \(ratioName) 0 means the spring has no damping (damping ratio 0): it never settles, so it cannot be imported")
        }
        guard duration.isFinite, duration > 0 else {
            throw TimingParametersError("\(durationForm): \(durationName) must be > 0 (got \(MotionImport.spell(duration)))")
        }
        guard v.isFinite, abs(v) <= SpringTimingParameters.maximumInitialVelocity else {
            throw TimingParametersError("\(form): \(velocityName) must be within ±1000000 (got \(MotionImport.spell(v)))")
        }
        // The damping ratios and durations whose fitted spring Kinetic runs (a ratio of 1e300
        // or a duration of 1e-300 s has none).
        guard fittedDampingRatios.contains(zeta) else {
            throw TimingParametersError("\(form): \(ratioName) must be between 0.000001 and 10000 for a spring Kinetic runs (got \(MotionImport.spell(zeta)))")
        }
        guard MotionImport.curveDurationRange.contains(duration) else {
            throw TimingParametersError("\(durationForm): \(durationName) must be between 0.001 and 3600 seconds (got \(MotionImport.spell(duration)))")
        }
        let fitted = SpringTimingParameters(dampingRatio: zeta, initialVelocity: Vector(dx: v, dy: 0)).resolved(forDuration: duration)
        let spring = try MotionImport.runnableSpring(.physical, [fitted.mass, fitted.stiffness, fitted.damping], names: ["mass", "stiffness", "damping"],
                                                     velocity: v, velocityName: velocityName,
                                                     form: "\(form) with \(ratioName) \(MotionImport.spell(zeta)) over \(MotionImport.spell(duration)) s")
        return Candidate(motion: .spring(spring), rank: .fittedToDuration, order: order)
    }

    // MARK: Core Animation

    /// The names given a `CASpringAnimation(…)` (other than `(perceptualDuration:bounce:)`, a
    /// whole spring on its own): `let spring = CASpringAnimation(keyPath: "position")`.
    var coreAnimationReceivers: Set<String> {
        var receivers = Set<String>()
        for statement in syntax.statements {
            for entry in statement {
                guard let label = entry.label, case .call(let call)? = entry.values.first, MotionImport.base(call.name) == "CASpringAnimation",
                      call.entries.entry("perceptualDuration") == nil else { continue }
                receivers.insert(label)
            }
        }
        return receivers
    }

    /// The mass, stiffness and damping Core Animation runs for `values`: an over-damped spring
    /// (ζ > 1) as the critically damped one with the same mass and stiffness unless
    /// `allowsOverdamping` is true (`-[CASpringAnimation durationForEpsilon:]` clamps it so; see
    /// ``SpringConversion/coreAnimationSettlingDuration(allowsOverdamping:)``). Values a spring
    /// cannot have are left for the range checks to name.
    static func coreAnimationRuns(_ values: [Double], entries: [Entry]) -> [Double] {
        let (m, k, c) = (values[0], values[1], values[2])
        let allowed: Bool
        if case .name("true")? = entries.entry("allowsOverdamping")?.values.first { allowed = true } else { allowed = false }
        guard !allowed, [m, k, c].allSatisfy({ $0.isFinite && $0 > 0 }) else { return values }
        let critical = 2 * (k.squareRoot() * m.squareRoot())
        return c > critical ? [m, k, critical] : values
    }
}
