import Geometry

/// A spring or a timing curve written as the code each platform takes, with the same motion
/// (`kinetic curve … --as NAME`, the app's E key).
///
/// Springs are converted through ``SpringConversion``, which keeps ω₀ and ζ (and the initial
/// velocity) exactly; only the spelling changes:
/// - UIKit `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`, `CASpringAnimation`,
///   SwiftUI `.interpolatingSpring`, framer-motion, react-spring and Flutter `SpringDescription`
///   take m, k, c as they are.
/// - `UISpringTimingParameters(dampingRatio:initialVelocity:)` takes ζ and the animator's duration
///   (the settling duration): an animator fits the mass-1 stiffness that settles in that duration,
///   which gives back ω₀ under Kinetic's settling criterion (within 0.1 % of the target); UIKit
///   does not document its criterion, so on iOS this form may differ slightly — the
///   mass/stiffness/damping form is the exact one.
/// - SwiftUI `.spring(response:dampingFraction:)` takes response = 2π/ω₀ and ζ.
/// - Android `SpringForce` and Compose `spring()` have unit mass: stiffness k/m and ζ.
/// - `UIAttachmentBehavior` takes frequency f = ω₀/2π and damping ζ (or the scene's own
///   attachments, see ``Attachment``).
/// - CSS and the Web Animations API get a `linear()` easing sampled from the spring
///   (``LinearEasing``) over its settling duration.
/// - React Native's `Animated.spring` takes m, k, c as they are, and Origami's tension and friction
///   where they give the same motion (``ReactNativeSpring``; `MotionExport+ReactNative.swift`).
///
/// Cubic curves keep their control points: `UICubicTimingParameters`, `CAMediaTimingFunction`,
/// SwiftUI `.timingCurve`, CSS `cubic-bezier()`, Android `PathInterpolator`, Compose
/// `CubicBezierEasing`, Flutter `Cubic` (`MotionExport+Flutter.swift`), plus the platform's name
/// for the curve where one is exactly the same.
///
/// Numbers are written with 6 significant digits (``ExportNumber``), the same on every machine.
public struct MotionExport: Sendable {
    /// What is exported.
    public enum Motion: Sendable, Hashable {
        /// A damped spring from 0 to 1.
        case spring(SpringConversion)
        /// A cubic Bézier timing curve run over `duration` seconds.
        case curve(CubicTimingParameters, duration: Double)
    }

    /// How UIKit Dynamics holds the item: attachments with `frequency` (Hz) and damping ratio
    /// `dampingRatio`, arranged as `arrangement` says. For a spring without one, a single
    /// attachment of length 0 to the target with the spring's own f and ζ.
    public struct Attachment: Sendable, Hashable {
        /// Frequency of each attachment, Hz.
        public var frequency: Double
        /// Damping ratio of each attachment.
        public var dampingRatio: Double
        /// One phrase on how many attachments hold the item and where they go.
        public var arrangement: String
        /// Attachments of `frequency` Hz and damping ratio `dampingRatio`, arranged as `arrangement`.
        public init(frequency: Double, dampingRatio: Double, arrangement: String) {
            self.frequency = frequency; self.dampingRatio = dampingRatio; self.arrangement = arrangement
        }
    }

    /// The spring or curve.
    public var motion: Motion
    /// The UIKit Dynamics attachments of a spring (nil: one length-0 attachment with its f and ζ).
    public var attachment: Attachment?
    /// One line on where the motion comes from (a scene and its item), printed first as a `//`
    /// comment; nil prints nothing.
    public var origin: String?

    /// Exports `spring`, held in UIKit Dynamics by `attachment` (default: one length-0 attachment).
    public init(spring: SpringConversion, attachment: Attachment? = nil, origin: String? = nil) {
        motion = .spring(spring); self.attachment = attachment; self.origin = origin
    }

    /// Exports `curve` run over `duration` seconds (> 0).
    public init(curve: CubicTimingParameters, duration: Double, origin: String? = nil) {
        motion = .curve(curve, duration: duration); self.origin = origin
    }

    /// The code for every format in `formats` (default all, in ``ExportFormat`` order), one
    /// section each, separated by blank lines, after the ``origin`` line. Ends with a newline.
    public func code(for formats: [ExportFormat] = ExportFormat.allCases) -> String {
        var sections = formats.map { code(for: $0) }
        if let origin { sections.insert("// " + origin + "\n", at: 0) }
        return sections.joined(separator: "\n")
    }

    /// The code for one platform: a comment line naming the platform and the motion's numbers,
    /// then the declarations. Ends with a newline.
    public func code(for format: ExportFormat) -> String {
        let lines: [String]
        switch motion {
        case .spring(let spring): lines = springLines(spring, format)
        case .curve(let curve, let duration): lines = curveLines(curve, duration: duration, format)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Springs

    private func springLines(_ s: SpringConversion, _ format: ExportFormat) -> [String] {
        let m = num(s.mass), k = num(s.stiffness), c = num(s.damping), v = num(s.initialVelocity)
        let zeta = num(s.dampingRatio)
        let timing = s.timingParameters
        let settling = timing?.settlingDuration
        let header = format.displayName + " — " + summary(s)
        let moving = s.initialVelocity != 0
        switch format {
        case .uikit:
            let a = attachment ?? Attachment(frequency: s.frequency, dampingRatio: s.dampingRatio,
                                             arrangement: "one attachment of length 0 from the item to its target")
            let velocity = "CGVector(dx: \(v), dy: 0)"
            var lines = ["// " + header,
                         "let timing = UISpringTimingParameters(mass: \(m), stiffness: \(k), damping: \(c), initialVelocity: \(velocity))"]
            if let settling {
                lines += ["let animator = UIViewPropertyAnimator(duration: \(num(settling)), timingParameters: timing)  // runs for the spring's settling time",
                          "// or mass 1 with the same ζ; the animator fits the stiffness that settles in its duration:",
                          "let byRatio = UISpringTimingParameters(dampingRatio: \(zeta), initialVelocity: \(velocity))",
                          "let byRatioAnimator = UIViewPropertyAnimator(duration: \(num(settling)), timingParameters: byRatio)"]
            } else {
                lines.append("let animator = UIViewPropertyAnimator(duration: 1, timingParameters: timing)  // \(unsettled(s)): no settling time")
            }
            lines.append(uikitDurationBounce(s))
            lines += ["// UIKit Dynamics, \(a.arrangement) (the response does not depend on the item's mass):",
                      "let attachment = UIAttachmentBehavior(item: view, attachedToAnchor: anchor)",
                      "attachment.frequency = \(num(a.frequency))  // Hz",
                      "attachment.damping = \(num(a.dampingRatio))  // damping ratio",
                      "// Core Animation:",
                      "let spring = CASpringAnimation(keyPath: \"position\")",
                      "spring.mass = \(m)", "spring.stiffness = \(k)", "spring.damping = \(c)",
                      "spring.initialVelocity = \(v)"]
            return lines + coreAnimationEnd(s)
        case .swiftui:
            var lines = ["// " + header]
            if moving { lines.append("// .spring(duration:bounce:) and .spring(response:dampingFraction:) start at rest; .interpolatingSpring carries the initial velocity") }
            lines += [swiftUIDurationBounce(s), ".spring(response: \(num(s.response)), dampingFraction: \(zeta))",
                      ".interpolatingSpring(mass: \(m), stiffness: \(k), damping: \(c), initialVelocity: \(v))"]
            if s.dampingRatio > 1 {
                lines += ["// ζ > 1: SwiftUI's Spring treats over-damping as critical unless allowed (iOS 17+):",
                          ".spring(Spring(mass: \(m), stiffness: \(k), damping: \(c), allowOverDamping: true))"]
            }
            return lines
        case .css:
            guard let timing, let settling, let easing = LinearEasing(spring: timing) else {
                return ["/* " + header + " */", "/* no CSS easing: \(cssProblem(s)) */"]
            }
            return ["/* " + header + "; linear() follows it within \(num(LinearEasing.tolerance)) */",
                    "transition: transform \(num(settling))s \(easing.css);"]
        case .android:
            var lines = ["// " + header + "; SpringForce has unit mass: stiffness k/m = \(num(s.unitMassStiffness))",
                         "val force = SpringForce().setStiffness(\(kotlin(s.unitMassStiffness))).setDampingRatio(\(kotlin(s.dampingRatio)))"]
            if moving { lines.append("// SpringAnimation.setStartVelocity(\(kotlin(s.initialVelocity)) * distance)  // pixels per second") }
            return lines
        case .compose:
            var lines = ["// " + header + "; spring() has unit mass: stiffness k/m = \(num(s.unitMassStiffness))",
                         "spring<Float>(dampingRatio = \(kotlin(s.dampingRatio)), stiffness = \(kotlin(s.unitMassStiffness)))"]
            if moving { lines.append("// Animatable.animateTo(target, spec, initialVelocity = \(kotlin(s.initialVelocity)) * distance)") }
            return lines
        case .web:
            var lines = ["// " + header]
            if let timing, let settling, let easing = LinearEasing(spring: timing) {
                lines.append("element.animate(keyframes, { duration: \(num(settling * 1000)), easing: \"\(easing.css)\" });")
            } else {
                lines.append("// no CSS easing for element.animate: \(cssProblem(s))")
            }
            lines += ["// framer-motion (acceleration = (−stiffness·x − damping·v) / mass):",
                      "transition: { type: \"spring\", stiffness: \(k), damping: \(c), mass: \(m)"
                        + (moving ? ", velocity: \(v) * distance" : "") + " }",
                      "// react-spring (tension = stiffness, friction = damping):",
                      "config: { mass: \(m), tension: \(k), friction: \(c) }"] + framerVisualDurationLines(s)
            return lines
        case .flutter:
            return flutterSpringLines(s, header: header)
        case .reactNative:
            return reactNativeSpringLines(s, header: header)
        }
    }

    /// "mass 1, stiffness 100, damping 10: ω₀ 10 rad/s (1.59155 Hz), ζ 0.5, settles in 0.9 s".
    private func summary(_ s: SpringConversion) -> String {
        var text = "mass \(num(s.mass)), stiffness \(num(s.stiffness)), damping \(num(s.damping))"
        if s.initialVelocity != 0 { text += ", initial velocity \(num(s.initialVelocity))/s" }
        text += ": ω₀ \(num(s.angularFrequency)) rad/s (\(num(s.frequency)) Hz), ζ \(num(s.dampingRatio))"
        if let t = s.timingParameters {
            text += t.isSettlingDurationCapped
                ? ", settles in \(num(t.uncappedSettlingDuration)) s (cut at \(num(t.settlingDuration)) s as an animator cuts it)"
                : ", settles in \(num(t.settlingDuration)) s"
        } else {
            text += ", \(unsettled(s))"
        }
        return text
    }

    /// Why a spring has no settling time.
    private func unsettled(_ s: SpringConversion) -> String {
        s.damping == 0 ? "undamped, never settles" : "outside Kinetic's spring range"
    }

    /// Why a spring has no `linear()` easing.
    private func cssProblem(_ s: SpringConversion) -> String {
        s.timingParameters == nil ? unsettled(s) : "it oscillates too long for linear() (ζ \(num(s.dampingRatio)))"
    }

    // MARK: Curves

    private func curveLines(_ curve: CubicTimingParameters, duration: Double, _ format: ExportFormat) -> [String] {
        let p1 = curve.controlPoint1, p2 = curve.controlPoint2
        let points = [p1.x, p1.y, p2.x, p2.y]
        let plain = points.map { num($0) }.joined(separator: ", ")
        let floats = points.map { kotlin($0) }.joined(separator: ", ")
        let d = num(duration), ms = Int(saturating: (duration * 1000).rounded())
        let named = curve.animationCurve
        let isDefault = curve == CubicTimingParameters()
        var header = format.displayName + " — cubic Bézier (\(num(p1.x)), \(num(p1.y))), (\(num(p2.x)), \(num(p2.y))) over \(d) s"
        if let named { header += " (\(Self.uikitName(named)))" } else if isDefault { header += " (Core Animation's default)" }
        switch format {
        case .uikit:
            var lines = ["// " + header,
                         "let timing = UICubicTimingParameters(controlPoint1: CGPoint(x: \(num(p1.x)), y: \(num(p1.y))), controlPoint2: CGPoint(x: \(num(p2.x)), y: \(num(p2.y))))",
                         "let animator = UIViewPropertyAnimator(duration: \(d), timingParameters: timing)"]
            if let named { lines.append("let named = UICubicTimingParameters(animationCurve: .\(Self.uikitName(named)))  // the same curve") }
            if isDefault { lines.append("let named = UICubicTimingParameters()  // the same curve") }
            lines += ["// Core Animation:",
                      "animation.timingFunction = CAMediaTimingFunction(controlPoints: \(plain))"]
            if let caName = named.map(Self.coreAnimationName) ?? (isDefault ? "default" : nil) {
                lines.append("animation.timingFunction = CAMediaTimingFunction(name: .\(caName))  // the same curve")
            }
            lines.append("animation.duration = \(d)")
            return lines
        case .swiftui:
            var lines = ["// " + header, ".timingCurve(\(plain), duration: \(d))"]
            if let named { lines.append(".\(Self.uikitName(named))(duration: \(d))  // the same curve") }
            return lines
        case .css:
            var lines = ["/* " + header + " */", "transition: transform \(d)s cubic-bezier(\(plain));"]
            if let keyword = named.map(Self.cssKeyword) ?? (isDefault ? "ease" : nil) {
                lines.append("transition: transform \(d)s \(keyword);  /* the same curve */")
            }
            return lines
        case .android:
            var lines = ["// " + header,
                         "val interpolator = PathInterpolator(\(floats))",
                         "view.animate().setDuration(\(ms)).setInterpolator(interpolator)"]
            if named == .linear { lines.append("val same = LinearInterpolator()  // the same curve") }
            return lines
        case .compose:
            var lines = ["// " + header, "tween<Float>(durationMillis = \(ms), easing = CubicBezierEasing(\(floats)))"]
            if named == .linear { lines.append("tween<Float>(durationMillis = \(ms), easing = LinearEasing)  // the same curve") }
            return lines
        case .web:
            return ["// " + header,
                    "element.animate(keyframes, { duration: \(num(duration * 1000)), easing: \"cubic-bezier(\(plain))\" });",
                    "// framer-motion:",
                    "transition: { duration: \(d), ease: [\(plain)] }"]
        case .flutter:
            return flutterCurveLines(curve, duration: duration, header: header)
        case .reactNative:
            return reactNativeCurveLines(curve, duration: duration, header: header)
        }
    }

    /// UIKit's and SwiftUI's name for a curve (`easeInOut`, `easeIn`, `easeOut`, `linear`).
    static func uikitName(_ curve: AnimationCurve) -> String {
        switch curve {
        case .easeInOut: "easeInOut"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .linear: "linear"
        }
    }

    /// Core Animation's `CAMediaTimingFunctionName` for a curve.
    static func coreAnimationName(_ curve: AnimationCurve) -> String {
        switch curve {
        case .easeInOut: "easeInEaseOut"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .linear: "linear"
        }
    }

    /// The CSS keyword for a curve (`ease-in-out`, …).
    static func cssKeyword(_ curve: AnimationCurve) -> String {
        switch curve {
        case .easeInOut: "ease-in-out"
        case .easeIn: "ease-in"
        case .easeOut: "ease-out"
        case .linear: "linear"
        }
    }

    /// Exported numbers keep what matters: 4 significant digits (a relative error of at most
    /// 5·10⁻⁴, so a spring read back keeps ω₀ and ζ within 0.1 %), not "0.123117 s".
    static let digits = 4
    /// `v` with ``digits`` significant digits, as every format prints numbers.
    func num(_ v: Double) -> String { Self.number(v) }
    /// A number as every format prints it (``digits`` significant digits).
    static func number(_ v: Double) -> String { ExportNumber.significant(v, digits: digits) }
    private func kotlin(_ v: Double) -> String { ExportNumber.kotlinFloat(v, digits: Self.digits) }
}
