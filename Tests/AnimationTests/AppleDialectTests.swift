import Testing
import Geometry
@testable import Animation

/// Issue 41: Apple's code reads as Apple means it — the listings of Apple's documentation, the
/// UIKit calls people write, SwiftUI's defaults, Core Animation's defaults — what Kinetic exports
/// for SwiftUI and UIKit reads back, and every new form refuses bad input in one line naming it.
@Suite struct AppleDialectTests {
    /// The spring `dialect` gives for `values`.
    static func spring(_ dialect: SpringDialect, _ values: [Double], velocity: Double = 0) throws -> SpringConversion {
        try dialect.spring(from: values, initialVelocity: velocity)
    }

    /// The spring an animator fits to `duration` for damping ratio `zeta` (UIKit's damping-ratio spring).
    static func fitted(_ zeta: Double, _ duration: Double, velocity: Double = 0) -> SpringConversion {
        SpringConversion(SpringTimingParameters(dampingRatio: zeta, initialVelocity: Vector(dx: velocity, dy: 0)).resolved(forDuration: duration))
    }

    static func expectSame(_ got: SpringConversion, _ want: SpringConversion, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(got.mass - want.mass) < 1e-12 && abs(got.stiffness - want.stiffness) <= 1e-9 * want.stiffness
                && abs(got.damping - want.damping) <= 1e-9 * Swift.max(want.damping, 1) && got.initialVelocity == want.initialVelocity,
                "\(label): \(got) vs \(want)", sourceLocation: sourceLocation)
    }

    // MARK: Apple's documentation, as printed there

    /// Listings copied from Apple's documentation pages (the URL with each), with the motion each
    /// means, worked out by hand from the page.
    @Test func applesListingsReadAsAppleMeansThem() throws {
        let springs: [(url: String, text: String, want: SpringConversion)] = [
            ("developer.apple.com/documentation/quartzcore/caspringanimation/settlingduration",
             "let spring = CASpringAnimation()\n\nspring.keyPath = \"position.x\"\nspring.fromValue = 0\nspring.toValue = 640\nspring.damping = 5\nspring.duration = 2",
             SpringConversion(mass: 1, stiffness: 100, damping: 5)),
            // The same page: "changing the damping property to 15".
            ("developer.apple.com/documentation/quartzcore/caspringanimation/settlingduration",
             "let spring = CASpringAnimation()\n\nspring.keyPath = \"position.x\"\nspring.fromValue = 0\nspring.toValue = 640\nspring.damping = 15\nspring.duration = 2",
             SpringConversion(mass: 1, stiffness: 100, damping: 15)),
            ("developer.apple.com/documentation/quartzcore/caspringanimation",
             "let springAnimation = CASpringAnimation(keyPath: \"transform.scale\")\n\nspringAnimation.fromValue = 0\nspringAnimation.toValue = 1",
             SpringConversion(mass: 1, stiffness: 100, damping: 10)),
            // Animation.default since iOS 17: response 0.55, damping fraction 1 (mass 1, k = (2π/0.55)², c = 4π/0.55).
            ("developer.apple.com/documentation/swiftui/animation/default",
             "Button(\"Animate\") {\n    withAnimation {\n        degrees = (degrees == .zero) ? 180 : .zero\n    }\n}",
             SpringConversion(mass: 1, stiffness: pow(2 * Double.pi / 0.55, 2), damping: 4 * Double.pi / 0.55)),
            ("developer.apple.com/documentation/swiftui/animation/default",
             "Text(\"Hello\")\n    .font(.largeTitle)\n    .rotationEffect(.degrees(degrees))\n    .animation(.default, value: degrees)",
             SpringConversion(mass: 1, stiffness: pow(2 * Double.pi / 0.55, 2), damping: 4 * Double.pi / 0.55)),
            // Spring(duration: 0.5, bounce: 0.3): k = (2π/0.5)² = 157.91, c = 4π·0.7/0.5 = 17.59.
            ("developer.apple.com/documentation/swiftui/spring",
             "let spring = Spring(duration: 0.5, bounce: 0.3)\nlet (mass, stiffness, damping) = (spring.mass, spring.stiffness, spring.damping)\n// (1.0, 157.9, 17.6)",
             SpringConversion(mass: 1, stiffness: pow(4 * Double.pi, 2), damping: 4 * Double.pi * 0.7 / 0.5)),
            ("developer.apple.com/documentation/swiftui/spring",
             "let spring2 = Spring(mass: 1, stiffness: 100, damping: 10)\nlet (duration, bounce) = (spring2.duration, spring2.bounce)\n// (0.63, 0.5)",
             SpringConversion(mass: 1, stiffness: 100, damping: 10)),
            ("developer.apple.com/documentation/swiftui/spring",
             "func unitPosition(time: TimeInterval) -> Double {\n    let spring = Spring(duration: 0.5, bounce: 0.3)\n    return spring.position(target: 1.0, time: time)\n}",
             SpringConversion(mass: 1, stiffness: pow(4 * Double.pi, 2), damping: 4 * Double.pi * 0.7 / 0.5)),
        ]
        for (url, text, want) in springs { Self.expectSame(try MotionImportTests.spring(text), want, url) }

        let curves: [(url: String, text: String, want: CubicTimingParameters, seconds: Double)] = [
            ("developer.apple.com/documentation/swiftui/animation/easeinout",
             "Circle()\n    .scale(scale)\n    .animation(.easeInOut, value: scale)\nHStack {\n    Button(\"+\") { scale += 0.1 }\n    Button(\"-\") { scale -= 0.1 }\n}",
             CubicTimingParameters(animationCurve: .easeInOut), 0.35),
            ("developer.apple.com/documentation/swiftui/animation/easein",
             "@State private var scale = 0.5\n\nvar body: some View {\n    VStack {\n        Circle()\n            .scale(scale)\n            .animation(.easeIn, value: scale)\n    }\n}",
             CubicTimingParameters(animationCurve: .easeIn), 0.35),
            ("developer.apple.com/documentation/swiftui/animation/easeout",
             "Circle()\n    .scale(scale)\n    .animation(.easeOut, value: scale)",
             CubicTimingParameters(animationCurve: .easeOut), 0.35),
            ("developer.apple.com/documentation/swiftui/animation/linear",
             "VStack(alignment: isActive ? .trailing : .leading) {\n    Circle()\n        .fill(isActive ? Color.red : Color.blue)\n        .frame(width: 50, height: 50)\n\n"
                + "    Button(\"Animate\") {\n        withAnimation(.linear) {\n            isActive.toggle()\n        }\n    }\n    .frame(maxWidth: .infinity)\n}",
             CubicTimingParameters(animationCurve: .linear), 0.35),
            ("developer.apple.com/documentation/swiftui/animation/timingcurve(_:_:_:_:duration:)",
             "Circle()\n    .scaleEffect(scale)\n    .animation(\n        .timingCurve(0.1, 0.75, 0.85, 0.35, duration: 2.0),\n        value: scale)",
             CubicTimingParameters(controlPoint1: Point(x: 0.1, y: 0.75), controlPoint2: Point(x: 0.85, y: 0.35)), 2),
        ]
        for (url, text, want, seconds) in curves {
            let (got, d) = try MotionImportTests.curve(text)
            MotionImportTests.expectSamePoints(got, want, url)
            #expect(d == seconds, "\(url): \(String(describing: d))")
        }
        #expect(springs.count + curves.count >= 12)
    }

    // MARK: UIKit calls

    @Test func uikitCallsReadAsUIKitDefinesThem() throws {
        let springs: [(String, SpringConversion)] = [
            // The damping-ratio spring fitted to the duration, moving 20 distances per second.
            ("UIView.animate(withDuration: 0.8, delay: 0,\n    usingSpringWithDamping: 0.7,\n    initialSpringVelocity: 20,\n    animations: {\n        self.v.center.y += 100\n    })",
             Self.fitted(0.7, 0.8, velocity: 20)),
            ("UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.8, options: .curveEaseInOut, animations: { }, completion: nil)",
             Self.fitted(0.7, 0.5, velocity: 0.8)),
            ("UIView.animate(springDuration: 0.4, bounce: 0.2, initialSpringVelocity: 1.5, delay: 0, options: [], animations: { })",
             try Self.spring(.durationBounce, [0.4, 0.2], velocity: 1.5)),
            ("UIView.animate(springDuration: 0.6) { view.alpha = 1 }", try Self.spring(.durationBounce, [0.6, 0])),
            ("UIView.animate(bounce: 0.3) { view.alpha = 1 }", try Self.spring(.durationBounce, [0.5, 0.3])),
            ("UIView.animate {\n    view.center.y += 100\n}", try Self.spring(.durationBounce, [0.5, 0])),
            ("let animator = UIViewPropertyAnimator(duration: 0.6, dampingRatio: 0.8) {\n    view.alpha = 0\n}", Self.fitted(0.8, 0.6)),
        ]
        for (text, want) in springs { Self.expectSame(try MotionImportTests.spring(text), want, text) }

        let custom = CubicTimingParameters(controlPoint1: Point(x: 0.17, y: 0.67), controlPoint2: Point(x: 0.76, y: 1))
        let curves: [(String, CubicTimingParameters, Double)] = [
            ("UIView.animate(withDuration: 0.3) { view.alpha = 0 }", CubicTimingParameters(animationCurve: .easeInOut), 0.3),
            ("UIView.animate(withDuration: 0.25, animations: { view.alpha = 0 }, completion: nil)", CubicTimingParameters(animationCurve: .easeInOut), 0.25),
            ("UIView.animate(withDuration: 0.25, delay: 0, options: [.allowUserInteraction, .curveEaseOut], animations: { })",
             CubicTimingParameters(animationCurve: .easeOut), 0.25),
            ("UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { })", CubicTimingParameters(animationCurve: .linear), 1),
            ("UIView.animate(withDuration: 2, delay: 0, options: UIView.AnimationOptions.curveEaseIn, animations: { })", CubicTimingParameters(animationCurve: .easeIn), 2),
            ("UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.4, delay: 0, options: .curveLinear, animations: { })",
             CubicTimingParameters(animationCurve: .linear), 0.4),
            ("let animator = UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.17, y: 0.67), controlPoint2: CGPoint(x: 0.76, y: 1)) { }", custom, 1),
            ("let animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeOut) { view.alpha = 0 }", CubicTimingParameters(animationCurve: .easeOut), 0.3),
        ]
        for (text, want, seconds) in curves {
            let (got, d) = try MotionImportTests.curve(text)
            MotionImportTests.expectSamePoints(got, want, text)
            #expect(d == seconds, "\(text): \(String(describing: d))")
        }
    }

    // MARK: SwiftUI and Core Animation defaults

    @Test func swiftUIDefaultsAndCoreAnimationKeys() throws {
        let standard = try Self.spring(.responseDampingFraction, [0.55, 1])
        for text in ["withAnimation { open = true }", "withAnimation() { open = true }", "withAnimation(.default) { open = true }",
                     "let a = Animation.default", ".animation(.default, value: x)"] {
            Self.expectSame(try MotionImportTests.spring(text), standard, text)
        }
        // A duration given wins over SwiftUI's default; CSS keywords keep none.
        #expect(try MotionImportTests.curve("withAnimation(.easeInOut(duration: 2)) { }").1 == 2)
        #expect(try MotionImportTests.curve("transition-timing-function: ease-in-out").1 == nil)
        #expect(try MotionImportTests.curve(".timingCurve(0.4, 0, 0.2, 1)").1 == 0.35)

        // Core Animation: any subset of the keys, the rest at CASpringAnimation's defaults.
        let cases: [(String, SpringConversion)] = [
            ("let s = CASpringAnimation(keyPath: \"position\")\ns.stiffness = 300", SpringConversion(mass: 1, stiffness: 300, damping: 10)),
            ("let s = CASpringAnimation(keyPath: \"opacity\")\ns.mass = 2", SpringConversion(mass: 2, stiffness: 100, damping: 10)),
            ("let s = CASpringAnimation(keyPath: \"position\")\ns.initialVelocity = 4", SpringConversion(mass: 1, stiffness: 100, damping: 10, initialVelocity: 4)),
            // ζ 2 runs critically damped (c = 2√(k·m) = 20) unless allowsOverdamping is set.
            ("let s = CASpringAnimation(keyPath: \"position\")\ns.damping = 40", SpringConversion(mass: 1, stiffness: 100, damping: 20)),
            ("let s = CASpringAnimation(keyPath: \"position\")\ns.damping = 40\ns.allowsOverdamping = true", SpringConversion(mass: 1, stiffness: 100, damping: 40)),
        ]
        for (text, want) in cases { Self.expectSame(try MotionImportTests.spring(text), want, text) }
    }

    // MARK: Round trip

    /// MotionImportTests' 9 springs: under-, critically and over-damped, very soft and very stiff,
    /// mass ≠ 1, moving toward and away.
    static let springs = MotionImportTests.springs.map(\.spring)

    static let curves: [(CubicTimingParameters, Double)] = [
        (CubicTimingParameters(animationCurve: .easeInOut), 0.3),
        (CubicTimingParameters(controlPoint1: Point(x: 0.17, y: 0.67), controlPoint2: Point(x: 0.76, y: 1)), 1),
        (CubicTimingParameters(controlPoint1: Point(x: 0.6, y: -0.28), controlPoint2: Point(x: 0.735, y: 0.045)), 0.25),
        (CubicTimingParameters(animationCurve: .linear), 0.5),
    ]

    /// Every SwiftUI and UIKit export reads back within 0.5 % of ω₀ and ζ: the whole block, the new
    /// duration-and-bounce lines alone, and Core Animation's block alone (its assignments).
    @Test(arguments: [ExportFormat.swiftui, .uikit]) func exportsReadBack(_ format: ExportFormat) throws {
        var worst = 0.0
        for s in Self.springs {
            let block = MotionExport(spring: s).code(for: format)
            var texts = [block] + block.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("//") && $0.contains("(duration:") && $0.contains("bounce:") }
            if format == .uikit, let start = block.range(of: "let spring = CASpringAnimation") { texts.append(String(block[start.lowerBound...])) }
            #expect(texts.count >= 2, "\(format) \(s)")
            for text in texts {
                let e = MotionImportTests.errors(try MotionImportTests.spring(text), s)
                worst = Swift.max(worst, e.omega, e.zeta)
                #expect(e.omega < 0.005 && e.zeta < 0.005, "\(format) \(s): \(text.prefix(80)) \(e)")
            }
        }
        for (curve, seconds) in Self.curves {
            let (read, d) = try MotionImportTests.curve(MotionExport(curve: curve, duration: seconds).code(for: format))
            MotionImportTests.expectSamePoints(read, curve, "\(format)")
            #expect(d.map { abs($0 - seconds) <= 5e-4 * seconds } == true)
        }
        print("Apple round trip \(format): worst ω₀/ζ error \(worst * 100) %")
    }

    // MARK: Bad input

    @Test func badInputIsOneLineNamingTheForm() {
        let cases: [(String, String)] = [
            ("UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, animations: { })", "UIView.animate(…) needs initialSpringVelocity"),
            ("UIView.animate(delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, animations: { })", "UIView.animate(…) needs withDuration"),
            ("UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0, initialSpringVelocity: 0, animations: { })",
             "UIView.animate(…): usingSpringWithDamping 0 means the spring has no damping (damping ratio 0): it never settles, so it cannot be imported"),
            ("UIView.animate(withDuration: -1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, animations: { })",
             "UIView.animate(…): withDuration must be > 0 (got -1)"),
            ("UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: nan, initialSpringVelocity: 0, animations: { })",
             "UIView.animate(…): cannot read usingSpringWithDamping 'nan' as a number"),
            ("UIView.animate(springDuration: 0.5, bounce: 1.5) { }", "UIView.animate(…): bounce must be > -1 and ≤ 1 (got 1.5)"),
            ("UIView.animate(springDuration: 0, bounce: 0.2) { }", "UIView.animate(…): springDuration must be > 0 (got 0)"),
            ("UIView.animate(withDuration: 0) { }", "UIView.animate(…): withDuration must be > 0 (got 0); UIKit makes the change without animating"),
            ("UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseIn, .curveEaseOut], animations: { })",
             "UIView.animate(…): options name two curves (.curveEaseIn and .curveEaseOut); UIKit takes one"),
            ("UIView.animate(withDuration: 1e9) { }", "UIView.animate(…): the duration must be between 0.001 and 3600 seconds (got 1000000000)"),
            ("UIViewPropertyAnimator(duration: 0.5, dampingRatio: -0.2) { }", "UIViewPropertyAnimator(…): dampingRatio must be ≥ 0 (got -0.2)"),
            ("UIViewPropertyAnimator(dampingRatio: 0.5) { }", "UIViewPropertyAnimator(…) needs duration"),
            ("UIViewPropertyAnimator(duration: 0, dampingRatio: 0.5) { }", "UIViewPropertyAnimator(…): duration must be > 0 (got 0)"),
            ("UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.2, y: 0)) { }", "UIViewPropertyAnimator(…) needs controlPoint1 and controlPoint2"),
            ("UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 1.3, y: 0), controlPoint2: CGPoint(x: 0.5, y: 1)) { }",
             "UIViewPropertyAnimator(…): control point 1 x must lie in 0…1 (got 1.3)"),
            ("UIViewPropertyAnimator(duration: -2, curve: .easeIn) { }", "UIViewPropertyAnimator(…): the duration must not be negative (got -2 s)"),
            ("withAnimation(.easeInOut(duration: -1)) { }", ".easeInOut(…): the duration must be > 0 seconds (got -1)"),
            ("let s = CASpringAnimation(keyPath: \"position\")\ns.damping = -5", "s: damping must be ≥ 0 (got -5)"),
            ("let s = CASpringAnimation(keyPath: \"position\")\ns.mass = 0", "s: mass must be > 0 (got 0)"),
            ("let s = CASpringAnimation(keyPath: \"position\")\ns.damping = 0", "s: damping 0 means the spring has no damping (damping ratio 0): it never settles, so it cannot be imported"),
        ]
        for (text, message) in cases { MotionImportTests.expectRefused(text, message) }
    }
}
