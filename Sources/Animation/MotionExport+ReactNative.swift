/// React Native's code for a spring or a curve (``ExportFormat/reactNative``), and framer-motion's
/// `{ type: "spring", visualDuration, bounce }` line of the web section.
///
/// Springs: `Animated.spring` with `stiffness`, `damping` and `mass` as they are (React Native runs
/// them as given, SpringAnimation.js), and, where it is exact, Origami's `tension` and `friction`
/// (React Native runs those with mass 1: ``ReactNativeSpring/tensionFriction(of:)``). `velocity` is
/// in the value's units per second, so toward `toValue: 1` it is the initial velocity in unit
/// distances per second. Curves: `Animated.timing` with `Easing.bezier(…)` and the duration in ms.
extension MotionExport {
    /// React Native's lines for `s` after the `header` comment (see the type's comment); an
    /// undamped spring gets a comment instead, as React Native refuses damping 0.
    func reactNativeSpringLines(_ s: SpringConversion, header: String) -> [String] {
        guard s.damping > 0 else {
            // SpringAnimation.js: invariant(this._damping > 0, 'Damping value must be greater than 0').
            return ["// " + header, "// React Native refuses damping 0 ('Damping value must be greater than 0'): no Animated.spring for an undamped spring"]
        }
        let velocity = s.initialVelocity != 0 ? ", velocity: \(num(s.initialVelocity))" : ""
        var lines = ["// " + header,
                     "Animated.spring(value, { toValue: 1, stiffness: \(num(s.stiffness)), damping: \(num(s.damping)), mass: \(num(s.mass))"
                        + velocity + ", useNativeDriver: true }).start();"]
        if let origami = ReactNativeSpring.tensionFriction(of: s) {
            lines += ["// or Origami's tension and friction (React Native converts them for mass 1: the same motion):",
                      "Animated.spring(value, { toValue: 1, tension: \(num(origami.tension)), friction: \(num(origami.friction))"
                        + velocity + ", useNativeDriver: true }).start();"]
        }
        return lines
    }

    /// React Native's lines for `curve` over `duration` seconds after the `header` comment, with
    /// Easing.js's own name for the curve where one is exactly it.
    func reactNativeCurveLines(_ curve: CubicTimingParameters, duration: Double, header: String) -> [String] {
        let p1 = curve.controlPoint1, p2 = curve.controlPoint2
        let points = [p1.x, p1.y, p2.x, p2.y].map { num($0) }.joined(separator: ", ")
        let ms = num(duration * 1000)
        func timing(_ easing: String) -> String {
            "Animated.timing(value, { toValue: 1, duration: \(ms), easing: \(easing), useNativeDriver: true }).start();"
        }
        var lines = ["// " + header, timing("Easing.bezier(\(points))")]
        // Easing.js: linear is t, ease is bezier(0.42, 0, 1, 1) (CSS's ease-in), out(e) is 1 − e(1 − t).
        switch curve.animationCurve {
        case .linear?: lines.append(timing("Easing.linear") + "  // the same curve")
        case .easeIn?: lines.append(timing("Easing.ease") + "  // the same curve")
        case .easeOut?: lines.append(timing("Easing.out(Easing.ease)") + "  // the same curve")
        default: break
        }
        return lines
    }

    /// framer-motion's `{ type: "spring", visualDuration, bounce }` for `s`, when it is exact
    /// (``FramerMotionSpring/visualDurationBounce(of:)``), else nothing.
    func framerVisualDurationLines(_ s: SpringConversion) -> [String] {
        guard let visual = FramerMotionSpring.visualDurationBounce(of: s) else { return [] }
        return ["// framer-motion by time (mass 1, ω₀ = 2π / (1.2 · visualDuration), ζ = 1 − bounce):",
                "transition: { type: \"spring\", visualDuration: \(num(visual.visualDuration)), bounce: \(num(visual.bounce)) }"]
    }
}
