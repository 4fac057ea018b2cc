import Geometry

/// The reader's React Native forms: `Animated.spring(value, { … })` in its three forms
/// (``ReactNativeSpring``) and `Animated.timing(value, { toValue, duration, easing })`.
extension MotionImport.Reader {
    /// Whether `name` is `Animated.spring` or `Animated.timing`.
    static func isAnimated(_ name: String) -> Bool {
        name.hasSuffix("Animated.spring") || name.hasSuffix("Animated.timing")
    }

    /// Whether an object's keys make it React Native's spring config outside `Animated.spring(…)`:
    /// bounciness or speed (no other library takes them), a spring key with React Native's
    /// `toValue` or `useNativeDriver` (react-spring's and framer-motion's objects have neither), or
    /// tension and friction without a mass in a text that calls `Animated.spring` (`const config =
    /// { tension: 7, friction: 4.5 }` then `Animated.spring(x, config)`; react-spring has no
    /// `Animated.spring`, and React Native's tension/friction form takes no mass).
    func isReactNativeSpringConfig(_ labels: Set<String>) -> Bool {
        !labels.isDisjoint(with: ["bounciness", "speed"])
            || (!labels.isDisjoint(with: ["toValue", "useNativeDriver"]) && !labels.isDisjoint(with: ["tension", "friction", "stiffness", "damping", "mass"]))
            || (callsAnimatedSpring && !labels.isDisjoint(with: ["tension", "friction"]) && labels.isDisjoint(with: ["type", "mass"]))
    }

    /// Whether `syntax` calls `Animated.spring` anywhere (as deep as the syntax nests).
    static func callsAnimatedSpring(_ syntax: MotionSyntax) -> Bool {
        func search(_ values: [Value], depth: Int) -> Bool {
            guard depth <= MotionSyntax.maximumDepth else { return false }
            for value in values {
                switch value {
                case .call(let call):
                    if call.name.hasSuffix("Animated.spring") || call.entries.contains(where: { search($0.values, depth: depth + 1) }) { return true }
                case .object(let entries), .list(let entries):
                    if entries.contains(where: { search($0.values, depth: depth + 1) }) { return true }
                default:
                    break
                }
            }
            return false
        }
        return syntax.statements.contains { $0.contains { search($0.values, depth: 0) } }
    }

    /// `Animated.spring(value, config)` or `Animated.timing(value, config)` with the config
    /// written out as an object; nil when it is not (a variable).
    func reactNative(_ call: MotionSyntax.Call, order: Int) throws(TimingParametersError) -> Candidate? {
        let form = MotionImport.clip(call.name) + "(…)"
        var config: [Entry]?
        for entry in call.entries {
            if case .object(let entries)? = entry.values.first { config = Self.lastOfEachLabel(entries); break }
        }
        guard let config else { return nil }
        if call.name.hasSuffix("spring") { return try reactNativeSpring(config, form: form, order: order) }
        return try reactNativeTiming(config, form: form, order: order)
    }

    /// A React Native spring config (SpringAnimation.js's constructor): one form of three, its
    /// defaults, mass 1 unless the stiffness form gives one, and React Native's invariants
    /// (stiffness, damping and mass > 0). `velocity` is in the value's units per second: toward
    /// `toValue: 1` from 0 it is Kinetic's initial velocity.
    func reactNativeSpring(_ e: [Entry], form: String, order: Int) throws(TimingParametersError) -> Candidate {
        let labels = Set(e.compactMap(\.label))
        func number(_ label: String) throws(TimingParametersError) -> Double? { try Self.number(in: e, label, form: form) }
        let forms: [Set<String>] = [["stiffness", "damping", "mass"], ["tension", "friction"], ["bounciness", "speed"]]
        guard forms.count(where: { !labels.isDisjoint(with: $0) }) <= 1 else {
            throw TimingParametersError("\(form): give one of bounciness/speed, tension/friction or stiffness/damping/mass, "
                                        + "not more than one (React Native refuses the mix)")
        }
        let velocity = try number("velocity") ?? 0
        let defaults = ReactNativeSpring.defaultPhysical
        var values = [try number("mass") ?? defaults.mass, try number("stiffness") ?? defaults.stiffness, try number("damping") ?? defaults.damping]
        var names = ["mass", "stiffness", "damping"]
        if labels.isDisjoint(with: forms[0]) {
            let given: String
            let converted: (stiffness: Double, damping: Double)
            if labels.isDisjoint(with: forms[2]) {
                let t = try number("tension") ?? ReactNativeSpring.defaultTensionFriction.tension
                let f = try number("friction") ?? ReactNativeSpring.defaultTensionFriction.friction
                converted = ReactNativeSpring.stiffnessDamping(tension: t, friction: f)
                given = "tension \(MotionImport.spell(t)) and friction \(MotionImport.spell(f))"
                names = ["mass", "stiffness (from tension \(MotionImport.spell(t)))", "damping (from friction \(MotionImport.spell(f)))"]
            } else {
                let b = try number("bounciness") ?? ReactNativeSpring.defaultBouncinessSpeed.bounciness
                let s = try number("speed") ?? ReactNativeSpring.defaultBouncinessSpeed.speed
                converted = ReactNativeSpring.stiffnessDamping(bounciness: b, speed: s)
                given = "bounciness \(MotionImport.spell(b)) and speed \(MotionImport.spell(s))"
                names = ["mass", "stiffness (from bounciness \(MotionImport.spell(b)) and speed \(MotionImport.spell(s)))",
                         "damping (from bounciness \(MotionImport.spell(b)) and speed \(MotionImport.spell(s)))"]
            }
            guard converted.stiffness > 0, converted.damping > 0 else {
                throw TimingParametersError("\(form): \(given) give stiffness \(MotionImport.spell(converted.stiffness)) and damping "
                                            + "\(MotionImport.spell(converted.damping)); React Native needs both > 0")
            }
            values = [1, converted.stiffness, converted.damping]
        } else if values[2] == 0 {
            throw TimingParametersError("\(form): damping must be > 0 (React Native's invariant; got 0)")
        }
        return try Candidate(.physical, values, names: names, velocity: velocity, velocityName: "velocity", rank: .exactWithMass, form: form, order: order)
    }

    /// `Animated.timing`'s config (TimingAnimation.js): `duration` in ms (default 500) and
    /// `easing` (default `Easing.inOut(Easing.ease)`, which is not one cubic, so refused).
    func reactNativeTiming(_ e: [Entry], form: String, order: Int) throws(TimingParametersError) -> Candidate {
        let ms = try Self.number(in: e, "duration", form: form) ?? 500
        guard ms.isFinite, ms > 0 else { throw TimingParametersError("\(form): duration must be > 0 ms (got \(MotionImport.spell(ms)))") }
        guard let easing = e.entry("easing") else {
            throw TimingParametersError("\(form) without an easing runs Easing.inOut(Easing.ease), two curves joined, not one cubic Bézier: "
                                        + "give easing: Easing.bezier(x1, y1, x2, y2) (cubic-bezier(0.42, 0, 0.58, 1) is near it, an approximation)")
        }
        return try Candidate(Self.reactNativeEasing(easing.values, form: form), duration: ms / 1000, form: form, order: order)
    }

    /// The cubic Bézier a React Native easing is (Easing.js), exactly:
    /// - `Easing.bezier(x1, y1, x2, y2)`; `Easing.linear` (0, 0, 1, 1); `Easing.ease` (0.42, 0, 1, 1);
    /// - `Easing.quad` t², `Easing.cubic` t³ and `Easing.poly(n)` for n = 1…3, and `Easing.back(s)`
    ///   t²((s + 1)t − s) (default s 1.70158): polynomials of degree ≤ 3 in t are the cubic Béziers with
    ///   x1 = 1/3, x2 = 2/3 (x runs with t), y1 = 0 and y2 = 1/3, 0, −s/3;
    /// - `Easing.in(e)` is e; `Easing.out(e)`, 1 − e(1 − t), is e's curve turned half a turn:
    ///   (1 − x2, 1 − y2), (1 − x1, 1 − y1).
    ///
    /// `Easing.inOut(e)` joins two halves (one cubic only for linear) and `sin`, `circle`, `exp`,
    /// `elastic`, `bounce`, `step0`, `step1` are no cubic: each refused in one line naming it.
    static func reactNativeEasing(_ values: [Value], form: String, depth: Int = 0) throws(TimingParametersError) -> CubicTimingParameters {
        func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> CubicTimingParameters {
            CubicTimingParameters(controlPoint1: Point(x: x1, y: y1), controlPoint2: Point(x: x2, y: y2))
        }
        func notCubic(_ name: String) -> TimingParametersError {
            TimingParametersError("\(form): \(name) is not a cubic Bézier; Kinetic reads Easing.bezier(…), linear, ease, quad, cubic, "
                                  + "poly(1…3), back(s), and Easing.in/out of those")
        }
        guard depth < MotionSyntax.maximumDepth, let first = values.first else {
            throw TimingParametersError("\(form): cannot read the easing '\(describe(values))'")
        }
        switch first {
        case .name(let name):
            switch MotionImport.base(name) {
            case "linear": return cubic(0, 0, 1, 1)
            case "ease": return cubic(0.42, 0, 1, 1)
            case "quad": return cubic(1.0 / 3, 0, 2.0 / 3, 1.0 / 3)
            case "cubic": return cubic(1.0 / 3, 0, 2.0 / 3, 0)
            case "sin", "circle", "exp", "bounce", "step0", "step1", "elastic", "back", "poly": throw notCubic(MotionImport.clip(name))
            default: throw TimingParametersError("\(form): cannot read the easing '\(MotionImport.clip(name))' (write Easing.bezier(x1, y1, x2, y2))")
            }
        case .call(let call):
            let name = MotionImport.clip(call.name) + "(…)"
            let inner = call.entries.first?.values ?? []
            switch MotionImport.base(call.name) {
            case "bezier":
                let points = try positionalNumbers(call.entries, form: name)
                guard points.count == 4 else { throw TimingParametersError("\(name) takes 4 numbers x1, y1, x2, y2 (got \(points.count))") }
                return try Self.cubic(points, form: name)
            case "in":
                return try reactNativeEasing(inner, form: form, depth: depth + 1)
            case "out":
                let e = try reactNativeEasing(inner, form: form, depth: depth + 1)
                return try Self.cubic([1 - e.controlPoint2.x, 1 - e.controlPoint2.y, 1 - e.controlPoint1.x, 1 - e.controlPoint1.y], form: name)
            case "inOut":
                let e = try reactNativeEasing(inner, form: form, depth: depth + 1)
                guard e.animationCurve == .linear else {
                    throw TimingParametersError("\(form): Easing.inOut(…) joins two curves, not one cubic Bézier (Easing.inOut(Easing.ease) is near "
                                                + "cubic-bezier(0.42, 0, 0.58, 1), an approximation): write Easing.bezier(x1, y1, x2, y2)")
                }
                return e
            case "poly":
                let n = number(inner)
                switch n {
                case 1?: return cubic(0, 0, 1, 1)
                case 2?: return cubic(1.0 / 3, 0, 2.0 / 3, 1.0 / 3)
                case 3?: return cubic(1.0 / 3, 0, 2.0 / 3, 0)
                default: throw notCubic("Easing.poly(\(n.map { MotionImport.spell($0) } ?? describe(inner)))")
                }
            case "back":
                let s = call.entries.isEmpty ? 1.70158 : number(inner)   // Easing.js: back(s = 1.70158)
                guard let s, s.isFinite, abs(s) <= 1e6 else {
                    throw TimingParametersError("\(name): cannot read the overshoot '\(describe(inner))' as a number within ±1e6")
                }
                return try Self.cubic([1.0 / 3, 0, 2.0 / 3, -s / 3], form: name)
            default:
                throw notCubic(name)
            }
        default:
            throw TimingParametersError("\(form): cannot read the easing '\(describe(values))'")
        }
    }
}
