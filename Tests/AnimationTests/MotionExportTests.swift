import Testing
import Foundation
import Geometry
@testable import Animation

/// Issue 14: exported springs and curves, read back from the emitted text, move as the original.
///
/// Every check parses the numbers out of the printed code (as a person pasting it would get them)
/// and compares the motion they define, by the platform's own convention, with the original's
/// closed form: the same undamped ω₀ and ζ, hence the same damped period 2π / (ω₀√(1 − ζ²)) and
/// decay rate ζ·ω₀, within 0.5 %.
@Suite struct MotionExportTests {
    /// The springs every conversion is checked on.
    static let springs: [(name: String, spring: SpringConversion)] = [
        ("m 1, k 100, c 10 (ζ 0.5)", SpringConversion(mass: 1, stiffness: 100, damping: 10)),
        ("drag cell: √2·8 Hz, √2·0.6, mass 0.16", SpringConversion(frequency: 8 * 2.0.squareRoot(), dampingRatio: 0.6 * 2.0.squareRoot(), mass: 0.16)),
        ("springy row: 6.8 Hz, ζ 1, mass 4.2064", SpringConversion(frequency: 6.8, dampingRatio: 1, mass: 4.2064)),
        ("cards seed: m 1, k 2, c 0.2 (ζ 0.07, 69 s)", SpringConversion(mass: 1, stiffness: 2, damping: 0.2)),
        ("UIKit system spring: m 3, k 1000, c 500 (ζ 4.56)", SpringConversion(mass: 3, stiffness: 1000, damping: 500)),
        ("moving toward: v 5", SpringConversion(mass: 1, stiffness: 100, damping: 10, initialVelocity: 5)),
        ("moving away: v −3", SpringConversion(mass: 2, stiffness: 300, damping: 12, initialVelocity: -3)),
        ("fast drag: √2·100 Hz, √2·0.05", SpringConversion(frequency: 100 * 2.0.squareRoot(), dampingRatio: 0.05 * 2.0.squareRoot(), mass: 0.16)),
    ]

    /// The mass, stiffness and damping printed in `line`, each the number after its label (each
    /// required).
    static func massStiffnessDamping(in line: String, mass: String = "mass: ", stiffness: String = "stiffness: ",
                                     damping: String = "damping: ", sourceLocation: SourceLocation = #_sourceLocation)
        throws -> (mass: Double, stiffness: Double, damping: Double) {
        let m = try #require(line.number(after: mass), sourceLocation: sourceLocation)
        let k = try #require(line.number(after: stiffness), sourceLocation: sourceLocation)
        let c = try #require(line.number(after: damping), sourceLocation: sourceLocation)
        return (m, k, c)
    }

    /// ω₀ and ζ of m·x″ + c·x′ + k·x = 0, written out here independently of the library.
    static func omegaZeta(mass m: Double, stiffness k: Double, damping c: Double) -> (omega: Double, zeta: Double) {
        ((k / m).squareRoot(), c / (2 * (k * m).squareRoot()))
    }

    /// Expects the same damped period (or, over-damped, the same slow decay) and the same decay
    /// rate ζω₀ within 0.5 %.
    static func expectSameMotion(_ got: (omega: Double, zeta: Double), _ want: (omega: Double, zeta: Double),
                                 _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        func rel(_ a: Double, _ b: Double) -> Double { b == 0 ? abs(a) : abs(a - b) / abs(b) }
        #expect(rel(got.zeta * got.omega, want.zeta * want.omega) < 0.005, "\(label): decay \(got) vs \(want)", sourceLocation: sourceLocation)
        if want.zeta < 1 - 1e-9 {
            let period = { (w: (omega: Double, zeta: Double)) in 2 * Double.pi / (w.omega * (1 - w.zeta * w.zeta).squareRoot()) }
            #expect(rel(period(got), period(want)) < 0.005, "\(label): period \(period(got)) vs \(period(want))", sourceLocation: sourceLocation)
        } else {
            let slow = { (w: (omega: Double, zeta: Double)) in w.omega * (w.zeta - (Swift.max(w.zeta * w.zeta - 1, 0)).squareRoot()) }
            #expect(rel(slow(got), slow(want)) < 0.005, "\(label): slow root \(slow(got)) vs \(slow(want))", sourceLocation: sourceLocation)
        }
        #expect(rel(got.omega, want.omega) < 0.005 && abs(got.zeta - want.zeta) <= 0.005 * Swift.max(want.zeta, 1e-3),
                "\(label): ω₀ ζ \(got) vs \(want)", sourceLocation: sourceLocation)
    }

    @Test(arguments: 0..<springs.count) func uikitMassStiffnessDampingKeepOmegaAndZeta(_ i: Int) throws {
        let (name, s) = Self.springs[i]
        let want = Self.omegaZeta(mass: s.mass, stiffness: s.stiffness, damping: s.damping)
        let code = MotionExport(spring: s).code(for: .uikit)
        let line = try #require(code.line(containing: "UISpringTimingParameters(mass:"))
        let (m, k, c) = try Self.massStiffnessDamping(in: line)
        let v = try #require(line.number(after: "dx: "))
        Self.expectSameMotion(Self.omegaZeta(mass: m, stiffness: k, damping: c), want, name)
        #expect(abs(v - s.initialVelocity) <= 1e-9 + 1e-5 * abs(s.initialVelocity))
        // The same shape, point by point, from the printed numbers.
        let printed = SpringTimingParameters(mass: m, stiffness: k, damping: c, initialVelocity: Vector(dx: v, dy: 0))
        let original = try #require(s.timingParameters)
        for j in 0...200 {
            let t = original.settlingDuration * Double(j) / 200
            #expect(abs(printed.progress(atTime: t) - original.progress(atTime: t)) < 0.005, "\(name) t \(t)")
        }
    }

    @Test(arguments: 0..<springs.count) func uikitDampingRatioWithTheSettlingDurationFitsTheSameSpring(_ i: Int) throws {
        let (name, s) = Self.springs[i]
        let code = MotionExport(spring: s).code(for: .uikit)
        let ratio = try #require(code.line(containing: "UISpringTimingParameters(dampingRatio:"))
        let zeta = try #require(ratio.number(after: "dampingRatio: ")), v = try #require(ratio.number(after: "dx: "))
        let animator = try #require(code.line(containing: "byRatioAnimator"))
        let duration = try #require(animator.number(after: "duration: "))
        // What an animator does with a damping-ratio spring: mass 1, stiffness fitted to the duration.
        let fitted = SpringTimingParameters(dampingRatio: zeta, initialVelocity: Vector(dx: v, dy: 0)).resolved(forDuration: duration)
        Self.expectSameMotion((fitted.angularFrequency, fitted.dampingRatio),
                              Self.omegaZeta(mass: s.mass, stiffness: s.stiffness, damping: s.damping), name)
    }

    /// Issue 41: the Core Animation block's duration is Core Animation's own `settlingDuration`
    /// (``SpringConversion/coreAnimationSettlingDuration(allowsOverdamping:)``), no longer Kinetic's
    /// settling time; over-damped springs get `allowsOverdamping = true` (or they run critically damped).
    @Test(arguments: 0..<springs.count) func coreAnimationSettlingDurationIsCoreAnimationsOwn(_ i: Int) throws {
        let (name, s) = Self.springs[i]
        let code = MotionExport(spring: s).code(for: .uikit)
        let line = try #require(code.line(containing: "spring.duration = spring.settlingDuration"))
        let printed = try #require(line.number(after: "// "))
        let m = try #require(code.line(containing: "spring.mass = ")?.number(after: "= "))
        let k = try #require(code.line(containing: "spring.stiffness = ")?.number(after: "= "))
        let c = try #require(code.line(containing: "spring.damping = ")?.number(after: "= "))
        let v = try #require(code.line(containing: "spring.initialVelocity = ")?.number(after: "= "))
        let overDamped = s.dampingRatio > 1
        let own = try #require(s.coreAnimationSettlingDuration(allowsOverdamping: overDamped))
        #expect(abs(printed - own) / own < 0.005, "\(name): \(printed) vs \(own)")
        #expect(code.contains("spring.allowsOverdamping = true") == overDamped, "\(name)")
        // The printed mass, stiffness and damping settle in the same time (Core Animation's walk
        // above critical damping lands on 0.1 s steps: one step either way).
        let fromPrinted = try #require(SpringConversion(mass: m, stiffness: k, damping: c, initialVelocity: v)
            .coreAnimationSettlingDuration(allowsOverdamping: overDamped))
        #expect(abs(fromPrinted - own) <= Swift.max(0.005 * own, 0.1 + 1e-9), "\(name): \(fromPrinted) vs \(own)")
    }

    @Test(arguments: 0..<springs.count) func swiftUIResponseAndDampingFractionGiveBackOmegaAndZeta(_ i: Int) throws {
        let (name, s) = Self.springs[i]
        let want = Self.omegaZeta(mass: s.mass, stiffness: s.stiffness, damping: s.damping)
        let code = MotionExport(spring: s).code(for: .swiftui)
        let spring = try #require(code.line(startingWith: ".spring(response:"))
        let response = try #require(spring.number(after: "response: ")), fraction = try #require(spring.number(after: "dampingFraction: "))
        // Apple: response is the undamped period; Spring(response:dampingRatio:) is mass 1,
        // stiffness (2π/response)², damping 4πζ/response.
        let k = pow(2 * Double.pi / response, 2), c = 4 * Double.pi * fraction / response
        Self.expectSameMotion(Self.omegaZeta(mass: 1, stiffness: k, damping: c), want, name + " .spring")
        let interpolating = try #require(code.line(containing: ".interpolatingSpring("))
        let (m, ki, ci) = try Self.massStiffnessDamping(in: interpolating)
        Self.expectSameMotion(Self.omegaZeta(mass: m, stiffness: ki, damping: ci), want, name + " .interpolatingSpring")
        #expect(code.contains("allowOverDamping: true") == (want.zeta > 1), "\(name)")
    }

    @Test(arguments: 0..<springs.count) func androidAndComposeUnitMassStiffnessKeepsOmega(_ i: Int) throws {
        let (name, s) = Self.springs[i]
        let want = Self.omegaZeta(mass: s.mass, stiffness: s.stiffness, damping: s.damping)
        let android = try #require(MotionExport(spring: s).code(for: .android).line(containing: "SpringForce()"))
        let ka = try #require(android.number(after: "setStiffness(")), za = try #require(android.number(after: "setDampingRatio("))
        #expect(android.contains("f).setDampingRatio(") && android.hasSuffix("f)"))
        // Unit mass: ω₀ = √stiffness, damping = 2ζω₀.
        Self.expectSameMotion(Self.omegaZeta(mass: 1, stiffness: ka, damping: 2 * za * ka.squareRoot()), want, name + " Android")
        let compose = try #require(MotionExport(spring: s).code(for: .compose).line(containing: "spring<Float>("))
        let kc = try #require(compose.number(after: "stiffness = ")), zc = try #require(compose.number(after: "dampingRatio = "))
        Self.expectSameMotion(Self.omegaZeta(mass: 1, stiffness: kc, damping: 2 * zc * kc.squareRoot()), want, name + " Compose")
    }

    @Test(arguments: 0..<springs.count) func webSpringLibrariesKeepOmegaAndZeta(_ i: Int) throws {
        let (name, s) = Self.springs[i]
        let want = Self.omegaZeta(mass: s.mass, stiffness: s.stiffness, damping: s.damping)
        let code = MotionExport(spring: s).code(for: .web)
        let framer = try #require(code.line(containing: "type: \"spring\""))
        let (m, k, c) = try Self.massStiffnessDamping(in: framer)
        Self.expectSameMotion(Self.omegaZeta(mass: m, stiffness: k, damping: c), want, name + " framer-motion")
        let react = try #require(code.line(containing: "tension: "))
        let (mr, t, f) = try Self.massStiffnessDamping(in: react, stiffness: "tension: ", damping: "friction: ")
        Self.expectSameMotion(Self.omegaZeta(mass: mr, stiffness: t, damping: f), want, name + " react-spring")
        // The Web Animations API gets the CSS easing over the settling time, in milliseconds.
        let animate = try #require(code.line(containing: "element.animate("))
        let ms = try #require(animate.number(after: "duration: "))
        let settling = try #require(s.settlingDuration)
        #expect(abs(ms - settling * 1000) <= 5e-4 * settling * 1000, "\(name)") // 4 significant digits
        let easing = try #require(CSSLinear(parsing: animate))
        try Self.expectFollowsSpring(easing, s, name + " element.animate")
    }

    @Test(arguments: 0..<springs.count) func cssLinearFollowsTheSpringWithin0_005(_ i: Int) throws {
        let (name, s) = Self.springs[i]
        let code = MotionExport(spring: s).code(for: .css)
        let line = try #require(code.line(containing: "transition: transform "))
        let seconds = try #require(line.number(after: "transition: transform "))
        let settling = try #require(s.settlingDuration)
        #expect(abs(seconds - settling) <= 5e-4 * settling, "\(name)") // 4 significant digits
        let easing = try #require(CSSLinear(parsing: line))
        try Self.expectFollowsSpring(easing, s, name)
        if s.dampingRatio < 0.9 { #expect(easing.stops.contains { $0.value > 1 }, "\(name): overshoot above 1 is kept") }
    }

    /// Compares the parsed `linear()` with the spring's closed form on a grid of 20 000 fractions
    /// and at every stop and midpoint between stops.
    static func expectFollowsSpring(_ easing: CSSLinear, _ s: SpringConversion, _ name: String) throws {
        let spring = try #require(s.timingParameters)
        #expect(easing.stops.first.map { $0.position == 0 && $0.value == 0 } == true)
        #expect(easing.stops.last.map { $0.position == 1 && $0.value == 1 } == true)
        #expect(zip(easing.stops, easing.stops.dropFirst()).allSatisfy { $0.position < $1.position }, "\(name): positions increase")
        var fractions = (0...20_000).map { Double($0) / 20_000 }
        for (a, b) in zip(easing.stops, easing.stops.dropFirst()) { fractions += [a.position, (a.position + b.position) / 2] }
        var worst = 0.0, worstAt = 0.0
        for x in fractions {
            let error = abs(easing.value(at: x) - spring.progress(at: x))
            if error > worst { worst = error; worstAt = x }
        }
        #expect(worst <= 0.005, "\(name): off by \(worst) at \(worstAt) (\(easing.stops.count) stops)")
    }

    // MARK: Pasted output

    /// `kinetic curve spring --mass 1 --stiffness 100 --damping 10 --as swiftui`, pasted.
    @Test func pastedSwiftUISpring() throws {
        let pasted = ".spring(response: 0.6283, dampingFraction: 0.5)"
        let response = try #require(pasted.number(after: "response: ")), fraction = try #require(pasted.number(after: "dampingFraction: "))
        // ω₀ = 2π / response = 10 rad/s and ζ = 0.5: mass 1, stiffness 100, damping 10.
        #expect(abs(2 * Double.pi / response - 10) < 5e-3)
        #expect(fraction == 0.5)
        #expect(MotionExport(spring: SpringConversion(mass: 1, stiffness: 100, damping: 10)).code(for: .swiftui).contains(pasted + "\n"))
    }

    /// `kinetic curve spring --mass 1 --stiffness 100 --damping 10 --as css`, pasted.
    @Test func pastedCSSTransition() throws {
        let pasted = "transition: transform 1.27s linear(0, 0.0149 1.4%, 0.0634 3%, 0.1542 4.9%, 0.3152 7.5%, 0.7008 13.2%, "
            + "0.8628 16%, 0.9829 18.6%, 1.0679 21.1%, 1.1257 23.7%, 1.1576 26.6%, 1.1605 30%, 1.126 34.7%, 1.0171 45.2%, "
            + "0.9814 51.6%, 0.9744 59.4%, 1.0037 81.7%, 1);"
        let spring = SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(try #require(pasted.number(after: "transform ")) - spring.settlingDuration) < 1e-3)
        let easing = try #require(CSSLinear(parsing: pasted))
        #expect(easing.stops.count == 18)
        // The overshoot peak of m 1, k 100, c 10 is 1 + e^(−ζπ/√(1−ζ²)) = 1.163 at t = π/ω_d = 0.363 s.
        let peak = try #require(easing.stops.max { $0.value < $1.value })
        #expect(abs(peak.value - 1.163) < 0.005 && abs(peak.position * spring.settlingDuration - 0.363) < 0.03)
        try Self.expectFollowsSpring(easing, SpringConversion(mass: 1, stiffness: 100, damping: 10), "pasted")
        #expect(MotionExport(spring: SpringConversion(spring)).code(for: .css).contains(pasted + "\n"))
    }

    // MARK: Curves

    @Test func cubicCurvesKeepTheirControlPointsEverywhere() throws {
        let curve = CubicTimingParameters(controlPoint1: Point(x: 0.17, y: 0.67), controlPoint2: Point(x: 0.76, y: 1))
        let export = MotionExport(curve: curve, duration: 0.3)
        #expect(export.code(for: .uikit).contains("UICubicTimingParameters(controlPoint1: CGPoint(x: 0.17, y: 0.67), controlPoint2: CGPoint(x: 0.76, y: 1))"))
        #expect(export.code(for: .uikit).contains("UIViewPropertyAnimator(duration: 0.3, timingParameters: timing)"))
        #expect(export.code(for: .uikit).contains("CAMediaTimingFunction(controlPoints: 0.17, 0.67, 0.76, 1)"))
        #expect(export.code(for: .swiftui).contains(".timingCurve(0.17, 0.67, 0.76, 1, duration: 0.3)"))
        #expect(export.code(for: .css).contains("transition: transform 0.3s cubic-bezier(0.17, 0.67, 0.76, 1);"))
        #expect(export.code(for: .android).contains("PathInterpolator(0.17f, 0.67f, 0.76f, 1f)"))
        #expect(export.code(for: .android).contains("setDuration(300)"))
        #expect(export.code(for: .compose).contains("tween<Float>(durationMillis = 300, easing = CubicBezierEasing(0.17f, 0.67f, 0.76f, 1f))"))
        #expect(export.code(for: .web).contains("easing: \"cubic-bezier(0.17, 0.67, 0.76, 1)\""))
        #expect(export.code(for: .web).contains("ease: [0.17, 0.67, 0.76, 1]"))
        // No platform name for a custom curve.
        #expect(!export.code().contains("the same curve"))
        // The printed CSS curve is the curve: the pasted control points give the same progress.
        let line = try #require(export.code(for: .css).line(containing: "cubic-bezier("))
        let numbers = try #require(line.numbers(after: "cubic-bezier("))
        let back = CubicTimingParameters(controlPoint1: Point(x: numbers[0], y: numbers[1]), controlPoint2: Point(x: numbers[2], y: numbers[3]))
        for j in 0...100 { #expect(back.progress(at: Double(j) / 100) == curve.progress(at: Double(j) / 100)) }
    }

    @Test func namedCurvesGetEachPlatformsName() {
        let easeInOut = MotionExport(curve: CubicTimingParameters(animationCurve: .easeInOut), duration: 0.25)
        #expect(easeInOut.code(for: .uikit).contains("UICubicTimingParameters(animationCurve: .easeInOut)"))
        #expect(easeInOut.code(for: .uikit).contains("CAMediaTimingFunction(name: .easeInEaseOut)"))
        #expect(easeInOut.code(for: .swiftui).contains(".easeInOut(duration: 0.25)"))
        #expect(easeInOut.code(for: .css).contains("transition: transform 0.25s ease-in-out;"))
        let easeIn = MotionExport(curve: CubicTimingParameters(animationCurve: .easeIn), duration: 1)
        #expect(easeIn.code(for: .css).contains("cubic-bezier(0.42, 0, 1, 1)") && easeIn.code(for: .css).contains(" ease-in;"))
        let linear = MotionExport(curve: CubicTimingParameters(animationCurve: .linear), duration: 1)
        #expect(linear.code(for: .android).contains("LinearInterpolator()") && linear.code(for: .compose).contains("LinearEasing"))
        let standard = MotionExport(curve: CubicTimingParameters(), duration: 1)
        #expect(standard.code(for: .uikit).contains("UICubicTimingParameters()  // the same curve"))
        #expect(standard.code(for: .uikit).contains("CAMediaTimingFunction(name: .default)"))
        #expect(standard.code(for: .css).contains("transition: transform 1s ease;"))
    }

    // MARK: Edge cases and conversions

    @Test func attachmentConversion() {
        // UIKit Dynamics' f and ζ on a 40×40 pt item (mass 0.16): k = m(2πf)², c = 2ζ√(km).
        let s = SpringConversion(frequency: 8, dampingRatio: 0.6, mass: 0.16)
        let omega = 2 * Double.pi * 8
        #expect(abs(s.stiffness - 0.16 * omega * omega) < 1e-9)
        #expect(abs(s.damping - 2 * 0.6 * (s.stiffness * 0.16).squareRoot()) < 1e-9)
        #expect(abs(s.frequency - 8) < 1e-12 && abs(s.dampingRatio - 0.6) < 1e-12)
        #expect(abs(s.response - 0.125) < 1e-12)
        #expect(abs(s.unitMassStiffness - omega * omega) < 1e-9)
        // The attachment lines default to the spring's own f and ζ.
        let code = MotionExport(spring: s).code(for: .uikit)
        #expect(code.contains("attachment.frequency = 8  // Hz") && code.contains("attachment.damping = 0.6  // damping ratio"))
    }

    @Test func undampedSpringExportsWithoutADuration() {
        let s = SpringConversion(frequency: 2, dampingRatio: 0, mass: 1)
        #expect(s.settlingDuration == nil)
        let code = MotionExport(spring: s).code()
        #expect(code.contains(".spring(response: 0.5, dampingFraction: 0)"))
        #expect(code.contains("undamped, never settles"))
        #expect(!code.contains("linear("))
        #expect(code.contains("SpringForce().setStiffness(157.9f).setDampingRatio(0f)"))
    }

    @Test func everyFormatHasAHeaderAndTheOriginComesFirst() {
        let export = MotionExport(spring: SpringConversion(mass: 1, stiffness: 100, damping: 10), origin: "Kinetic test")
        let all = export.code()
        #expect(all.hasPrefix("// Kinetic test\n"))
        for format in ExportFormat.allCases {
            let section = export.code(for: format)
            #expect(section.hasPrefix(format == .css ? "/* CSS — " : "// \(format.displayName) — "), "\(format)")
            #expect(all.contains(section))
        }
        #expect(ExportFormat.names == "uikit|swiftui|css|android|compose|web|flutter|react-native")
    }

    @Test func numbersArePlainDecimals() {
        #expect(ExportNumber.significant(404.28135) == "404.281")
        #expect(ExportNumber.significant(0.000123456789) == "0.000123457")
        #expect(ExportNumber.significant(9.9999996) == "10")
        #expect(ExportNumber.significant(1_234_567) == "1234570")
        #expect(ExportNumber.significant(-0.28) == "-0.28")
        #expect(ExportNumber.significant(0) == "0")
        #expect(ExportNumber.significant(1e-9) == "0.000000001")
        #expect(ExportNumber.significant(2.5e12) == "2500000000000")
        let tiny = ExportNumber.significant(Double.leastNonzeroMagnitude)   // 4.94066e-324, subnormal
        #expect(tiny.hasPrefix("0.000") && tiny.hasSuffix("494066") && tiny.count == 2 + 323 + 6)
        #expect(ExportNumber.significant(.infinity) == "inf")
        #expect(ExportNumber.decimals(1.5, places: 4) == "1.5")
        #expect(ExportNumber.decimals(0.99996, places: 4) == "1")
        #expect(ExportNumber.decimals(-0.00004, places: 4) == "0")
        #expect(ExportNumber.decimals(-0.0149, places: 4) == "-0.0149")
        #expect(ExportNumber.decimals(81.7, places: 4) == "81.7")
        #expect(ExportNumber.kotlinFloat(1) == "1f" && ExportNumber.kotlinFloat(0.6) == "0.6f")
    }
}

/// A CSS `linear()` easing read back from text, by this test's own parser: "value" or
/// "value pct%" entries; entries without a percentage are placed as CSS places them (the first at
/// 0 %, the last at 100 %, others evenly between their neighbours).
struct CSSLinear {
    var stops: [(position: Double, value: Double)]

    init?(parsing text: String) {
        guard let open = text.range(of: "linear("), let close = text[open.upperBound...].firstIndex(of: ")") else { return nil }
        var entries: [(value: Double, position: Double?)] = []
        for part in text[open.upperBound..<close].split(separator: ",") {
            let words = part.split(separator: " ")
            guard let value = words.first.flatMap({ Double($0) }) else { return nil }
            var position: Double? = nil
            if words.count == 2 {
                guard words[1].hasSuffix("%"), let p = Double(words[1].dropLast()) else { return nil }
                position = p / 100
            } else if words.count != 1 { return nil }
            entries.append((value, position))
        }
        guard entries.count >= 2 else { return nil }
        if entries[0].position == nil { entries[0].position = 0 }
        if entries[entries.count - 1].position == nil { entries[entries.count - 1].position = 1 }
        var i = 0
        while i < entries.count {
            if entries[i].position == nil {
                var j = i
                while entries[j].position == nil { j += 1 }
                let a = entries[i - 1].position!, b = entries[j].position!
                for k in i..<j { entries[k].position = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
                i = j
            }
            i += 1
        }
        stops = entries.map { ($0.position!, $0.value) }
    }

    func value(at x: Double) -> Double {
        if x <= stops[0].position { return stops[0].value }
        for (a, b) in zip(stops, stops.dropFirst()) where x <= b.position {
            return b.position == a.position ? b.value : a.value + (b.value - a.value) * (x - a.position) / (b.position - a.position)
        }
        return stops[stops.count - 1].value
    }
}

extension String {
    /// The first line containing `text`.
    func line(containing text: String) -> String? {
        split(separator: "\n").first { $0.contains(text) }.map(String.init)
    }

    /// The first line starting with `text`.
    func line(startingWith text: String) -> String? {
        split(separator: "\n").first { $0.hasPrefix(text) }.map(String.init)
    }

    /// The number right after the first `label` (digits, sign, point).
    func number(after label: String) -> Double? {
        guard let r = range(of: label) else { return nil }
        let digits = self[r.upperBound...].prefix { "-0123456789.".contains($0) }
        return Double(digits)
    }

    /// Comma-separated numbers after `label`, up to the closing parenthesis.
    func numbers(after label: String) -> [Double]? {
        guard let r = range(of: label), let close = self[r.upperBound...].firstIndex(of: ")") else { return nil }
        let values = self[r.upperBound..<close].split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        return values.allSatisfy { $0 != nil } ? values.map { $0! } : nil
    }
}
