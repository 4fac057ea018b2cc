import Testing
import Geometry
@testable import Animation

/// Issue 28: what MotionExport prints reads back (MotionImport) as the same motion — ω₀ and ζ
/// within 0.5 %, control points within 10⁻⁴ — for every format, as a whole block and line by line;
/// the common hand-written forms read as their platform defines them; everything else is one
/// clear line.
@Suite struct MotionImportTests {
    static let springs: [(name: String, spring: SpringConversion)] = [
        ("ζ 0.5: m 1, k 100, c 10", SpringConversion(mass: 1, stiffness: 100, damping: 10)),
        ("critical: 2 Hz, ζ 1", SpringConversion(frequency: 2, dampingRatio: 1)),
        ("over-damped: ζ 2", SpringConversion(mass: 1, stiffness: 100, damping: 40)),
        ("UIKit's system spring: m 3, k 1000, c 500 (ζ 4.56)", SpringConversion(mass: 3, stiffness: 1000, damping: 500)),
        ("very soft: cards seed m 1, k 2, c 0.2 (69 s)", SpringConversion(mass: 1, stiffness: 2, damping: 0.2)),
        ("very stiff: 100 Hz, ζ 0.3, mass 0.16", SpringConversion(frequency: 100, dampingRatio: 0.3, mass: 0.16)),
        ("mass 4.2: k 500, c 30", SpringConversion(mass: 4.2, stiffness: 500, damping: 30)),
        ("moving toward: v 5", SpringConversion(mass: 1, stiffness: 100, damping: 10, initialVelocity: 5)),
        ("moving away: v −3, mass 2", SpringConversion(mass: 2, stiffness: 300, damping: 12, initialVelocity: -3)),
    ]

    static let curves: [(name: String, curve: CubicTimingParameters, duration: Double)] = [
        ("easeInOut", CubicTimingParameters(animationCurve: .easeInOut), 0.3),
        ("cards' cubic", CubicTimingParameters(controlPoint1: Point(x: 0.17, y: 0.67), controlPoint2: Point(x: 0.76, y: 1)), 1),
        ("back-in overshoot", CubicTimingParameters(controlPoint1: Point(x: 0.6, y: -0.28), controlPoint2: Point(x: 0.735, y: 0.045)), 0.25),
        ("Core Animation's default", CubicTimingParameters(), 2),
        ("linear", CubicTimingParameters(animationCurve: .linear), 0.5),
    ]

    /// Relative errors of ω₀ and ζ.
    static func errors(_ got: SpringConversion, _ want: SpringConversion) -> (omega: Double, zeta: Double) {
        (abs(got.angularFrequency - want.angularFrequency) / want.angularFrequency,
         abs(got.dampingRatio - want.dampingRatio) / want.dampingRatio)
    }

    static func spring(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SpringConversion {
        guard case .spring(let s) = try MotionImport.parse(text) else {
            Issue.record("not a spring: \(text)", sourceLocation: sourceLocation)
            throw TimingParametersError("not a spring")
        }
        return s
    }

    static func curve(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (CubicTimingParameters, Double?) {
        guard case .curve(let c, let d) = try MotionImport.parse(text) else {
            Issue.record("not a curve: \(text)", sourceLocation: sourceLocation)
            throw TimingParametersError("not a curve")
        }
        return (c, d)
    }

    /// Whether a printed line holds a whole spring on its own (the others need a neighbour: the
    /// damping-ratio form its animator, Core Animation's and UIKit Dynamics' assignments each other).
    static func holdsWholeSpring(_ line: String) -> Bool {
        if line.hasPrefix("// ."), !line.contains(" — ") { return false }   // a comment about the code, not code
        return ["UISpringTimingParameters(mass:", ".spring(response:", ".interpolatingSpring(", "Spring(mass:", "linear(", "SpringForce()",
         "spring<Float>(", "type: \"spring\"", "tension:", " — mass ", "Animated.spring("].contains { line.contains($0) }
    }

    /// Whether a printed line holds a whole curve on its own (its duration may be elsewhere).
    static func holdsWholeCurve(_ line: String) -> Bool {
        ["controlPoint1:", "controlPoints:", ".timingCurve(", "cubic-bezier(", "PathInterpolator(", "CubicBezierEasing(", "ease: [",
         "cubic Bézier (", "Easing.bezier(", "Easing.linear", "Easing.ease"].contains { line.contains($0) }
    }

    @Test(arguments: ExportFormat.allCases) func everyPrintedSpringReadsBack(_ format: ExportFormat) throws {
        var worstBlock = (omega: 0.0, zeta: 0.0), worstLine = (omega: 0.0, zeta: 0.0)
        for (name, s) in Self.springs {
            let block = MotionExport(spring: s).code(for: format)
            let read = try Self.spring(block)
            let e = Self.errors(read, s)
            worstBlock = (Swift.max(worstBlock.omega, e.omega), Swift.max(worstBlock.zeta, e.zeta))
            #expect(e.omega < 0.005 && e.zeta < 0.005, "\(format) \(name): \(read) \(e)")
            // The block's header gives the mass and the initial velocity too.
            #expect(abs(read.mass - s.mass) <= 5e-4 * s.mass && abs(read.initialVelocity - s.initialVelocity) <= 5e-4 * abs(s.initialVelocity),
                    "\(format) \(name): \(read)")
            for line in block.split(separator: "\n").map(String.init) where Self.holdsWholeSpring(line) {
                let one = try Self.spring(line)
                let e = Self.errors(one, s)
                worstLine = (Swift.max(worstLine.omega, e.omega), Swift.max(worstLine.zeta, e.zeta))
                #expect(e.omega < 0.005 && e.zeta < 0.005, "\(format) \(name), the line alone: \(line.prefix(80)) → \(one) \(e)")
                if line.contains("initialVelocity") || line.contains("velocity:") || line.contains(" — ") {
                    #expect(abs(one.initialVelocity - s.initialVelocity) <= 5e-4 * abs(s.initialVelocity), "\(format) \(name): \(line.prefix(80))")
                }
            }
        }
        print("MotionImport \(format): worst ω₀ \(worstBlock.omega * 100) %, ζ \(worstBlock.zeta * 100) % (block); "
              + "ω₀ \(worstLine.omega * 100) %, ζ \(worstLine.zeta * 100) % (single lines)")
    }

    @Test func everyFormatTogetherReadsBack() throws {
        for (name, s) in Self.springs {
            let all = MotionExport(spring: s, origin: "Kinetic drag scene: a dragged cell (50×50 pt, density 1, mass 0.25)").code()
            let e = Self.errors(try Self.spring(all), s)
            #expect(e.omega < 0.005 && e.zeta < 0.005, "\(name)")
        }
    }

    /// Harder springs for the `linear()` fit: barely damped, heavily over-damped, slow and thrown.
    static let hardForFitting: [(name: String, spring: SpringConversion)] = [
        ("barely damped: 3 Hz, ζ 0.02", SpringConversion(frequency: 3, dampingRatio: 0.02)),
        ("heavily over-damped: ζ 10", SpringConversion(mass: 1, stiffness: 100, damping: 200)),
        ("slow and thrown: ω₀ 1, ζ 0.3, v 10", SpringConversion(mass: 1, stiffness: 1, damping: 0.6, initialVelocity: 10)),
        ("thrown backwards, over-damped: ζ 1.5, v −8", SpringConversion(mass: 1, stiffness: 400, damping: 60, initialVelocity: -8)),
    ]

    /// A `linear()` easing alone (no header) is fitted to a spring: ω₀ and ζ within 0.5 % (and
    /// the initial velocity), except heavily over-damped springs (see below); measured, for the report.
    @Test func linearEasingsAloneAreFitted() throws {
        for format in [ExportFormat.css, .web] {
            var worst = (omega: 0.0, zeta: 0.0, velocity: 0.0)
            for (name, s) in Self.springs + Self.hardForFitting {
                let line = try #require(MotionExport(spring: s).code(for: format).split(separator: "\n").first { $0.contains("linear(0") })
                let read = try Self.spring(String(line))
                let e = Self.errors(read, s)
                let ev = abs(read.initialVelocity - s.initialVelocity) / Swift.max(abs(s.initialVelocity), 1)
                if s.dampingRatio <= 5 { worst = (Swift.max(worst.omega, e.omega), Swift.max(worst.zeta, e.zeta), Swift.max(worst.velocity, ev)) }
                #expect(ev < 0.005, "\(format) \(name): velocity \(read.initialVelocity) for \(s.initialVelocity)")
                if s.dampingRatio > 5 {
                    print("MotionImport linear() \(format) \(name): ω₀ \(e.omega * 100) %, ζ \(e.zeta * 100) %")
                    // Heavily over-damped: the fast root's term (amplitude ≈ 1/(4ζ²)) is below the
                    // easing's own 0.004 tolerance, so the easing keeps only the slow root
                    // ω₀(ζ − √(ζ² − 1)) exactly; ω₀ and ζ apart come back within 1 %.
                    func slow(_ s: SpringConversion) -> Double {
                        s.angularFrequency * (s.dampingRatio - (s.dampingRatio * s.dampingRatio - 1).squareRoot())
                    }
                    #expect(abs(slow(read) - slow(s)) < 0.005 * slow(s), "\(format) \(name): \(read)")
                    #expect(e.omega < 0.01 && e.zeta < 0.01, "\(format) \(name): \(read) \(e)")
                } else {
                    #expect(e.omega < 0.005 && e.zeta < 0.005, "\(format) \(name): \(read) \(e)")
                }
            }
            print("MotionImport linear() \(format), ζ ≤ 5: worst ω₀ \(worst.omega * 100) %, ζ \(worst.zeta * 100) %, velocity \(worst.velocity * 100) %")
        }
    }

    @Test(arguments: ExportFormat.allCases) func everyPrintedCurveReadsBack(_ format: ExportFormat) throws {
        for (name, c, duration) in Self.curves {
            let block = MotionExport(curve: c, duration: duration).code(for: format)
            let (read, d) = try Self.curve(block)
            Self.expectSamePoints(read, c, "\(format) \(name)")
            #expect(d.map { abs($0 - duration) <= 5e-4 * duration } == true, "\(format) \(name): duration \(String(describing: d))")
            for line in block.split(separator: "\n").map(String.init) where Self.holdsWholeCurve(line) {
                let (one, _) = try Self.curve(line)
                Self.expectSamePoints(one, c, "\(format) \(name), the line alone: \(line)")
            }
        }
    }

    /// `text` is refused with exactly `message`, on one line (`label` names where the text comes from).
    static func expectRefused(_ text: String, _ message: String, _ label: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let motion = try MotionImport.parse(text)
            Issue.record("\(label) \(text) read as \(motion)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message == message, "\(label) \(text)", sourceLocation: sourceLocation)
            #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
        }
    }

    static func expectSamePoints(_ a: CubicTimingParameters, _ b: CubicTimingParameters, _ label: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let p = [a.controlPoint1.x, a.controlPoint1.y, a.controlPoint2.x, a.controlPoint2.y]
        let q = [b.controlPoint1.x, b.controlPoint1.y, b.controlPoint2.x, b.controlPoint2.y]
        #expect(zip(p, q).allSatisfy { abs($0 - $1) <= 1e-4 }, "\(label): \(p) vs \(q)", sourceLocation: sourceLocation)
    }

    // MARK: Hand-written code

    /// Hand-written springs, each with the spring its platform documents.
    @Test func handWrittenSprings() throws {
        let appleDurationBounce = try SpringDialect.durationBounce.spring(from: [0.5, 0.3])   // k 157.9, c 17.6
        let cases: [(String, SpringConversion)] = [
            // UIKit
            ("UISpringTimingParameters(mass: 2, stiffness: 300, damping: 12, initialVelocity: CGVector(dx: -3, dy: 0))",
             SpringConversion(mass: 2, stiffness: 300, damping: 12, initialVelocity: -3)),
            ("UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: .zero)", SpringConversion(mass: 1, stiffness: 100, damping: 10)),
            ("let p = UISpringTimingParameters(duration: 0.5, bounce: 0.3)", appleDurationBounce),
            ("attachment.frequency = 8\nattachment.damping = 0.6", SpringConversion(frequency: 8, dampingRatio: 0.6)),
            ("let a = CASpringAnimation(keyPath: \"position\")\na.stiffness = 300\na.damping = 15", SpringConversion(mass: 1, stiffness: 300, damping: 15)),
            ("spring.mass = 2; spring.stiffness = 400; spring.damping = 20; spring.initialVelocity = 1.5",
             SpringConversion(mass: 2, stiffness: 400, damping: 20, initialVelocity: 1.5)),
            ("CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)", appleDurationBounce),
            // SwiftUI
            (".spring(response: 0.55, dampingFraction: 0.825, blendDuration: 0)", try SpringDialect.responseDampingFraction.spring(from: [0.55, 0.825])),
            ("withAnimation(.spring(response: 0.3)) { open = true }", try SpringDialect.responseDampingFraction.spring(from: [0.3, 0.825])),
            ("Spring(response: 0.4, dampingRatio: 0.7)", try SpringDialect.responseDampingFraction.spring(from: [0.4, 0.7])),
            (".interpolatingSpring(stiffness: 170, damping: 15)", SpringConversion(mass: 1, stiffness: 170, damping: 15)),
            (".spring(duration: 0.5, bounce: 0.3)", appleDurationBounce),
            ("Spring(duration: 0.4, bounce: -0.5)", try SpringDialect.durationBounce.spring(from: [0.4, -0.5])),
            (".animation(.smooth, value: x)", try SpringDialect.durationBounce.spring(from: [0.5, 0])),
            (".snappy(duration: 0.3)", try SpringDialect.durationBounce.spring(from: [0.3, 0.15])),
            ("withAnimation(.bouncy(duration: 0.6, extraBounce: 0.1)) { }", try SpringDialect.durationBounce.spring(from: [0.6, 0.4])),
            (".animation(.spring, value: x)", try SpringDialect.responseDampingFraction.spring(from: [0.5, 0.825])),
            (".spring(Spring(mass: 1, stiffness: 100, damping: 40, allowOverDamping: true))", SpringConversion(mass: 1, stiffness: 100, damping: 40)),
            // Android
            ("SpringForce().setStiffness(SpringForce.STIFFNESS_LOW).setDampingRatio(SpringForce.DAMPING_RATIO_HIGH_BOUNCY)",
             try SpringDialect.unitMass.spring(from: [200, 0.2])),
            ("val force = SpringForce(1f).setDampingRatio(0.75f)", try SpringDialect.unitMass.spring(from: [1500, 0.75])),
            ("val force = SpringForce()\nforce.stiffness = 400f\nforce.dampingRatio = 0.5f", try SpringDialect.unitMass.spring(from: [400, 0.5])),
            // Compose
            ("spring(stiffness = Spring.StiffnessMediumLow, dampingRatio = Spring.DampingRatioMediumBouncy)", try SpringDialect.unitMass.spring(from: [400, 0.5])),
            ("animateFloatAsState(1f, animationSpec = spring<Float>())", try SpringDialect.unitMass.spring(from: [1500, 1])),
            // web
            ("<motion.div animate={{ x: 100 }} transition={{ type: \"spring\", stiffness: 300, damping: 20 }} />",
             SpringConversion(mass: 1, stiffness: 300, damping: 20)),
            ("transition: { type: 'spring', mass: 2 }", SpringConversion(mass: 2, stiffness: 100, damping: 10)),
            ("useSpring({ x: 1, config: { tension: 300, friction: 10 } })", SpringConversion(mass: 1, stiffness: 300, damping: 10)),
            ("useSpring({ x: 1, config: config.wobbly })", SpringConversion(mass: 1, stiffness: 180, damping: 12)),
            // MotionExport's header alone
            ("// UIKit — mass 1, stiffness 200, damping 20: ω₀ 14.14 rad/s", SpringConversion(mass: 1, stiffness: 200, damping: 20)),
        ]
        for (text, want) in cases {
            let got = try Self.spring(text)
            #expect(abs(got.mass - want.mass) < 1e-12 && abs(got.stiffness - want.stiffness) < 1e-9 * want.stiffness
                    && abs(got.damping - want.damping) < 1e-9 * Swift.max(want.damping, 1) && got.initialVelocity == want.initialVelocity,
                    "\(text): \(got) vs \(want)")
        }
        // UIKit's damping-ratio form takes the stiffness its animator fits to the duration.
        let ratio = try Self.spring("let timing = UISpringTimingParameters(dampingRatio: 0.5, initialVelocity: .zero)\n"
                                    + "let animator = UIViewPropertyAnimator(duration: 0.8, timingParameters: timing)")
        let fitted = SpringTimingParameters(dampingRatio: 0.5).resolved(forDuration: 0.8)
        #expect(ratio.stiffness == fitted.stiffness && ratio.damping == fitted.damping)
    }

    /// Hand-written curves, with their durations where the text gives one.
    @Test func handWrittenCurves() throws {
        let standard = CubicTimingParameters(controlPoint1: Point(x: 0.4, y: 0), controlPoint2: Point(x: 0.2, y: 1))
        let cases: [(String, CubicTimingParameters, Double?)] = [
            ("transition: opacity 300ms cubic-bezier(0.4, 0, 0.2, 1);", standard, 0.3),
            ("animation: fade 0.2s ease-in-out", CubicTimingParameters(animationCurve: .easeInOut), 0.2),
            ("transition-timing-function: ease", CubicTimingParameters(), nil),
            (".animation(.easeOut(duration: 0.25), value: x)", CubicTimingParameters(animationCurve: .easeOut), 0.25),
            (".timingCurve(0.4, 0, 0.2, 1, duration: 0.4)", standard, 0.4),
            ("UICubicTimingParameters(animationCurve: .easeIn)", CubicTimingParameters(animationCurve: .easeIn), nil),
            ("CAMediaTimingFunction(name: .easeInEaseOut)", CubicTimingParameters(animationCurve: .easeInOut), nil),
            ("CAMediaTimingFunction(controlPoints: 0.4, 0, 0.2, 1)", standard, nil),
            ("view.animate().setDuration(250).setInterpolator(PathInterpolator(0.4f, 0f, 0.2f, 1f))", standard, 0.25),
            // ViewPropertyAnimator's duration is ValueAnimator's default, 300 ms, unless set (issue 41).
            ("view.animate().setInterpolator(LinearInterpolator())", CubicTimingParameters(animationCurve: .linear), 0.3),
            ("tween<Float>(durationMillis = 300, easing = FastOutSlowInEasing)", standard, 0.3),
            ("tween(500, easing = LinearOutSlowInEasing)", CubicTimingParameters(controlPoint1: .zero, controlPoint2: Point(x: 0.2, y: 1)), 0.5),
            ("element.animate(keyframes, { duration: 300, easing: \"ease-out\" })", CubicTimingParameters(animationCurve: .easeOut), 0.3),
            ("transition={{ duration: 0.5, ease: [0.4, 0, 0.2, 1] }}", standard, 0.5),
            ("transition: { ease: \"easeInOut\", duration: 0.3 }", CubicTimingParameters(animationCurve: .easeInOut), 0.3),
        ]
        for (text, want, duration) in cases {
            let (got, d) = try Self.curve(text)
            Self.expectSamePoints(got, want, text)
            #expect(d == duration, "\(text): \(String(describing: d))")
        }
    }

    @Test func unreadableTextIsOneLineNamingTheFormsExpected() {
        for text in ["foo(1)", "", "let x = 3", "UIViewPropertyAnimator(duration: 0.3, curve: .custom)", "attachment.frequency = 8"] {
            do {
                _ = try MotionImport.parse(text)
                Issue.record("read something in \(text)")
            } catch {
                #expect(error.message == "cannot read a spring or curve in '\(text)': expected e.g. \(MotionImport.expected)")
                #expect(!error.message.contains("\n"))
            }
        }
        // Long text is cut, and kept on one line.
        do { _ = try MotionImport.parse(String(repeating: "nothing here\n", count: 20)) } catch {
            #expect(error.message.hasPrefix("cannot read a spring or curve in 'nothing here nothing here") && !error.message.contains("\n"))
            #expect(error.message.contains("…'"))
        }
    }

    @Test func outOfRangeValuesAreOneLineNamingTheValue() {
        let cases: [(String, String)] = [
            ("cubic-bezier(1.2, 0, 0.5, 1)", "cubic-bezier(…): control point 1 x must lie in 0…1 (got 1.2)"),
            ("PathInterpolator(0.4f, 0f, -0.2f, 1f)", "PathInterpolator(…): control point 2 x must lie in 0…1 (got -0.2)"),
            ("cubic-bezier(0.1, 0.2)", "cubic-bezier(…) takes 4 numbers x1, y1, x2, y2 (got 2)"),
            ("UISpringTimingParameters(mass: 1, stiffness: -100, damping: 10, initialVelocity: .zero)",
             "UISpringTimingParameters(…): stiffness must be > 0 (got -100)"),
            (".spring(duration: 0.5, bounce: -1)", ".spring(…): bounce must be > -1 and ≤ 1 (got -1)"),
            ("SpringForce().setStiffness(0f)", "SpringForce(): stiffness must be > 0 (got 0)"),
            ("{ type: \"spring\", stiffness: 300, damping: -2 }", "{ type, stiffness, damping }: damping must be ≥ 0 (got -2)"),
            (".timingCurve(0.4, 0, 0.2, 1, duration: -1)", ".timingCurve(…): the duration must be > 0 seconds (got -1)"),
            ("UISpringTimingParameters(dampingRatio: 0.5, initialVelocity: .zero)",
             "UISpringTimingParameters(…) with dampingRatio needs the animator's duration: UIViewPropertyAnimator(duration: D, timingParameters: …)"),
            ("linear(0, 0.5 40%, 1.1 60%, 1)", "linear(…) needs the animation's duration, e.g. transition: transform 1.27s linear(…)"),
            ("transition: transform 1s linear(0, 0.9 10%, 0.1 20%, 0.95 30%, 1)", "linear(…) does not follow a damped spring closely enough to read one back"),
            // Issue 41: framer-motion's duration and bounce springs are read now; a bounce outside 0…1 is refused.
            ("{ type: \"spring\", bounce: 1.5, duration: 0.8 }", "{ type, bounce, duration }: framer-motion's bounce runs from 0 (no bounce) to 1 (got 1.5)"),
        ]
        for (text, message) in cases { MotionImportTests.expectRefused(text, message) }
    }

    /// The tokenizer's numbers and names.
    @Test func tokens() {
        let tokens = MotionSyntax.tokens(of: Array("spring<Float>(dampingRatio = 0.5f) 300ms, -0.28 ease-in-out .spring x-1 // gone\n/* gone */1e-3"))
        #expect(tokens == [.name("spring"), .symbol("("), .name("dampingRatio"), .symbol("="), .number(0.5, unit: ""), .symbol(")"),
                           .number(300, unit: "ms"), .symbol(","), .number(-0.28, unit: ""), .name("ease-in-out"), .name(".spring"), .name("x"),
                           .symbol("-"), .number(1, unit: ""), .newline, .number(0.001, unit: "")])
    }
}
