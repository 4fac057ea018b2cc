import Geometry

/// The reader's web forms beyond plain stiffness and damping: React Native's spring configs
/// written as objects, framer-motion's springs by time (``FramerMotionSpring``) and its named
/// eases, and CSS's step easings (refused: a staircase is no curve).
extension MotionImport.Reader {
    /// An object read as React Native's spring config or framer-motion's time-based spring or
    /// named ease; nil when it is none of them (the other object readers then look at it).
    func webObject(_ e: [Entry], duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        let labels = Set(e.compactMap(\.label))
        let form = MotionImport.clip("{ " + e.compactMap(\.label).joined(separator: ", ") + " }")
        if isReactNativeSpringConfig(labels) { return try reactNativeSpring(e, form: form, order: order) }
        func number(_ label: String) throws(TimingParametersError) -> Double? { try Self.number(in: e, label, form: form) }
        if case .name("spring")? = e.entry("type")?.values.first, labels.isDisjoint(with: ["stiffness", "damping", "mass"]),
           !labels.isDisjoint(with: ["duration", "bounce"]) {
            let bounce = try number("bounce")
            if let bounce, !(0...1).contains(bounce) {
                throw TimingParametersError("\(form): framer-motion's bounce runs from 0 (no bounce) to 1 (got \(MotionImport.spell(bounce)))")
            }
            let spring: SpringConversion
            if let visual = try number("visualDuration") {
                guard visual.isFinite, visual > 0 else {
                    throw TimingParametersError("\(form): visualDuration must be > 0 seconds (got \(MotionImport.spell(visual)))")
                }
                guard FramerMotionSpring.visualDurationRange.contains(visual) else {
                    throw TimingParametersError("\(form): visualDuration must be between 0.005236 and 5236 seconds for a spring Kinetic runs "
                                                + "(got \(MotionImport.spell(visual)))")
                }
                spring = FramerMotionSpring.spring(visualDuration: visual, bounce: bounce ?? 0)
            } else {
                let duration = try number("duration") ?? FramerMotionSpring.defaultDuration
                guard FramerMotionSpring.durationRange.contains(duration) else {
                    throw TimingParametersError("\(form): framer-motion runs a spring's duration within 0.01…10 seconds "
                                                + "(got \(MotionImport.spell(duration)); it is in seconds, not ms)")
                }
                spring = FramerMotionSpring.spring(duration: duration, bounce: bounce ?? FramerMotionSpring.defaultBounce)
            }
            // The form ignores any velocity (see FramerMotionSpring).
            return try Candidate(.physical, [spring.mass, spring.stiffness, spring.damping],
                                 names: ["mass", "stiffness (from duration and bounce)", "damping (from bounce)"], rank: .exact, form: form, order: order)
        }
        if case .name(let name)? = e.entry("ease")?.values.first, let curve = try Self.framerEase(name, form: form) {
            let seconds = try number("duration") ?? duration ?? textDuration ?? FramerMotionSpring.defaultTweenDuration
            return try Candidate(curve, duration: seconds, form: form, order: order)
        }
        return nil
    }

    /// framer-motion's named eases that are not everyone's (motion-utils src/easing/back.ts,
    /// circ.ts, anticipate.ts): `backOut` is cubic-bezier(0.33, 1.53, 0.69, 0.99) and `backIn` its
    /// reverse, 1 − backOut(1 − p), (0.31, 0.01, 0.67, −0.53); `circIn`, `circOut`, `circInOut`,
    /// `backInOut` and `anticipate` are no cubic and refused in one line, naming for circIn and
    /// circOut the cubic CSS easing tables commonly give Penner's easeInCirc/easeOutCirc, an
    /// approximation (e.g. cdn.jsdelivr.net/npm/@hegemonart/get-design-done@1.60.2/reference/motion-easings.md,
    /// `--ease-circle-in`/`--ease-circle-out`). Nil for other names.
    static func framerEase(_ name: String, form: String) throws(TimingParametersError) -> CubicTimingParameters? {
        func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> CubicTimingParameters {
            CubicTimingParameters(controlPoint1: Point(x: x1, y: y1), controlPoint2: Point(x: x2, y: y2))
        }
        let near: String
        switch name {
        case "backOut": return cubic(0.33, 1.53, 0.69, 0.99)
        case "backIn": return cubic(0.31, 0.01, 0.67, -0.53)
        case "circIn": near = "; cubic-bezier(0.6, 0.04, 0.98, 0.335) is the cubic commonly used for it, an approximation"
        case "circOut": near = "; cubic-bezier(0.075, 0.82, 0.165, 1) is the cubic commonly used for it, an approximation"
        case "circInOut", "backInOut", "anticipate": near = " and has no cubic commonly used for it"
        default: return nil
        }
        throw TimingParametersError("\(form): framer-motion's \(name) is not a cubic Bézier\(near); write ease: [x1, y1, x2, y2]")
    }
}

extension MotionImport {
    /// CSS's step easings, `steps(n, position)`, `step-start` and `step-end` (CSS Easing 1 §
    /// step easing functions): a staircase, refused in one line saying what is read instead.
    static func staircase(_ form: String) -> TimingParametersError {
        TimingParametersError("\(form) is a staircase that jumps between levels, not a curve or a spring: Kinetic reads "
                              + "cubic-bezier(…), ease, ease-in, ease-out, ease-in-out, linear and linear(…)")
    }
}
