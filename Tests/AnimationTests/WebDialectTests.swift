import Testing
import Geometry
@testable import Animation

/// Issue 41: React Native, framer-motion (Motion), react-spring and CSS code read as each platform
/// means it (snippets from their documentation), React Native's export read back, and every new
/// form's bad input refused in one line naming the form.
@Suite struct WebDialectTests {
    static func spring(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SpringConversion {
        try MotionImportTests.spring(text, sourceLocation: sourceLocation)
    }

    static func points(_ c: CubicTimingParameters) -> [Double] {
        [c.controlPoint1.x, c.controlPoint1.y, c.controlPoint2.x, c.controlPoint2.y]
    }

    // MARK: Documentation snippets

    /// Springs from the platforms' documentation, each with the spring worked out by hand from
    /// the platform's formulas (React Native: Origami 40/7 → 230.2/22; framer-motion:
    /// visualDuration v, bounce b → k = (2π/1.2v)², ζ = 1 − b; react-spring: tension, friction).
    @Test func documentedSprings() throws {
        let origamiDefault = SpringConversion(mass: 1, stiffness: 230.2, damping: 22)
        let visual03 = (2 * Double.pi / 0.36) * (2 * Double.pi / 0.36)
        let cases: [(url: String, text: String, want: SpringConversion)] = [
            ("https://reactnative.dev/docs/animations (Combining animated values)",
             "Animated.spring(a, {\n  toValue: 2,\n  useNativeDriver: true,\n}).start();", origamiDefault),
            ("https://reactnative.dev/docs/animations (Tracking dynamic values)",
             "Animated.spring(follower, {toValue: leader}).start();", origamiDefault),
            ("https://reactnative.dev/docs/animations (Composing animations)",
             "Animated.spring(position, {\n  toValue: {x: 0, y: 0}, // return to start\n  useNativeDriver: true,\n}),", origamiDefault),
            ("https://motion.dev/docs/react-transitions (Default transitions)",
             "<motion.div\n  animate={{ x: 100 }}\n  transition={{ type: \"spring\", stiffness: 100 }}\n/>", SpringConversion(mass: 1, stiffness: 100, damping: 10)),
            ("https://motion.dev/docs/react-transitions (Value-specific transitions)",
             "transition: {\n  default: { type: \"spring\" },\n  opacity: { ease: \"linear\" }\n}", SpringConversion(mass: 1, stiffness: 100, damping: 10)),
            ("https://www.mintlify.com/motiondivision/motion/guides/spring-animations (Duration-Based Springs)",
             "<motion.div\n  animate={{ x: 100 }}\n  transition={{\n    type: \"spring\",\n    visualDuration: 0.3, // Duration in seconds\n    bounce: 0.3 // Bounciness (0-1)\n  }}\n/>",
             SpringConversion(mass: 1, stiffness: visual03, damping: 2 * 0.7 * visual03.squareRoot())),
            ("https://www.mintlify.com/motiondivision/motion/guides/spring-animations (Real-World Examples)",
             "<motion.button\n  whileTap={{ scale: 0.95 }}\n  transition={{\n    type: \"spring\",\n    stiffness: 400,\n    damping: 17\n  }}\n>", SpringConversion(mass: 1, stiffness: 400, damping: 17)),
            ("https://github.com/pmndrs/react-spring packages/core/src/constants.ts:4 (config, mass 1)",
             "const props = useSpring({ opacity: 1, config: config.molasses })", SpringConversion(mass: 1, stiffness: 280, damping: 120)),
        ]
        for (url, text, want) in cases {
            let got = try Self.spring(text)
            #expect(abs(got.mass - want.mass) < 1e-12 && abs(got.stiffness - want.stiffness) <= 1e-9 * want.stiffness
                    && abs(got.damping - want.damping) <= 1e-9 * want.damping, "\(url): \(got) vs \(want)")
        }
    }

    /// Curves from the documentation, with their durations (React Native ms, framer-motion s and
    /// its 0.3 s default tween, CSS s).
    @Test func documentedCurves() throws {
        let cases: [(url: String, text: String, points: [Double], duration: Double?)] = [
            // Easing.js: back(s = 1.70158) is t²((s + 1)t − s): the cubic (1/3, 0), (2/3, −s/3).
            ("https://reactnative.dev/docs/animations (Configuring animations)",
             "Animated.timing(xPositionAnim, {\n  toValue: 100,\n  easing: Easing.back(),\n  duration: 2000,\n  useNativeDriver: true,\n}).start();",
             [1.0 / 3, 0, 2.0 / 3, -1.70158 / 3], 2),
            ("https://reactnative.dev/docs/easing (bezier)", "Animated.timing(v, { toValue: 1, easing: Easing.bezier(0.42, 0, 1, 1) })", [0.42, 0, 1, 1], 0.5),
            ("https://motion.dev/docs/react-transitions", "const transition = {\n  duration: 0.8,\n  delay: 0.5,\n  ease: [0, 0.71, 0.2, 1.01],\n}",
             [0, 0.71, 0.2, 1.01], 0.8),
            ("https://motion.dev/docs/react-transitions (MotionConfig)", "<MotionConfig transition={{ duration: 0.4, ease: \"easeInOut\" }}>",
             [0.42, 0, 0.58, 1], 0.4),
            ("https://motion.dev/docs/react-transitions (Value-specific transitions)", "opacity: { ease: \"linear\" }", [0, 0, 1, 1], 0.3),
            ("https://developer.mozilla.org/en-US/docs/Web/CSS/transition-timing-function", "transition-timing-function: ease-in;", [0.42, 0, 1, 1], nil),
            ("https://developer.mozilla.org/en-US/docs/Web/CSS/transition-timing-function",
             "transition-timing-function: cubic-bezier(0.29, 1.01, 1, -0.68);", [0.29, 1.01, 1, -0.68], nil),
            ("https://developer.mozilla.org/en-US/docs/Web/CSS/easing-function", "ease /* cubic-bezier(0.25, 0.1, 0.25, 1) */", [0.25, 0.1, 0.25, 1], nil),
        ]
        for (url, text, want, duration) in cases {
            let (curve, d) = try MotionImportTests.curve(text)
            #expect(zip(Self.points(curve), want).allSatisfy { abs($0 - $1) <= 1e-12 }, "\(url): \(Self.points(curve))")
            #expect(d == duration, "\(url): duration \(String(describing: d))")
        }
    }

    /// Documented code that is no curve or spring Kinetic runs: one line each, naming the form.
    @Test func documentedRefusals() {
        let cases: [(url: String, text: String, message: String)] = [
            ("https://reactnative.dev/docs/animations (FadeInView)", "Animated.timing(fadeAnim, {\n  toValue: 1,\n  duration: 10000,\n  useNativeDriver: true,\n}).start();",
             "Animated.timing(…) without an easing runs Easing.inOut(Easing.ease), two curves joined, not one cubic Bézier: give easing: "
             + "Easing.bezier(x1, y1, x2, y2) (cubic-bezier(0.42, 0, 0.58, 1) is near it, an approximation)"),
            ("https://developer.mozilla.org/en-US/docs/Web/CSS/transition-timing-function", "transition-timing-function: steps(6, end);",
             "steps(…) is a staircase that jumps between levels, not a curve or a spring: Kinetic reads cubic-bezier(…), ease, ease-in, ease-out, ease-in-out, linear and linear(…)"),
            ("https://developer.mozilla.org/en-US/docs/Web/CSS/easing-function", "animation-timing-function: step-start;",
             "step-start is a staircase that jumps between levels, not a curve or a spring: Kinetic reads cubic-bezier(…), ease, ease-in, ease-out, ease-in-out, linear and linear(…)"),
            ("https://motion.dev/docs/react-transitions (ease)", "transition={{ ease: \"circOut\", duration: 0.5 }}",
             "{ ease, duration }: framer-motion's circOut is not a cubic Bézier; cubic-bezier(0.075, 0.82, 0.165, 1) is the cubic commonly used for it, "
             + "an approximation; write ease: [x1, y1, x2, y2]"),
        ]
        for (url, text, message) in cases { MotionImportTests.expectRefused(text, message, url) }
    }

    // MARK: React Native's forms

    /// Objects with React Native's keys are React Native's, the rest stay react-spring's.
    @Test func reactNativeOrReactSpring() throws {
        let origami = ReactNativeSpring.stiffnessDamping(tension: 100, friction: 10)
        #expect(try Self.spring("Animated.spring(x, { toValue: 1, tension: 100, friction: 10 })")
                == SpringConversion(mass: 1, stiffness: origami.stiffness, damping: origami.damping))
        #expect(try Self.spring("const springConfig = { tension: 100, friction: 10, useNativeDriver: true }")
                == SpringConversion(mass: 1, stiffness: origami.stiffness, damping: origami.damping))
        #expect(try Self.spring("useSpring({ x: 1, config: { tension: 100, friction: 10 } })") == SpringConversion(mass: 1, stiffness: 100, damping: 10))
        #expect(try Self.spring("{ tension: 100, friction: 10 }") == SpringConversion(mass: 1, stiffness: 100, damping: 10))
        // A config object the text passes to Animated.spring is React Native's (a gist's pattern:
        // https://gist.github.com/conrad-vanl/eab370b00314401c6c4ebfa0453c9d6f).
        let gist = ReactNativeSpring.stiffnessDamping(tension: 7, friction: 4.5)
        #expect(try Self.spring("const springConfig = {\n  tension: 7,\n  friction: 4.5,\n};\nAnimated.spring(this.state.scale, springConfig).start();")
                == SpringConversion(mass: 1, stiffness: gist.stiffness, damping: gist.damping))
        // The stiffness form as it is, with its defaults (SpringAnimation.js: 100, 10, 1) and the velocity.
        #expect(try Self.spring("Animated.spring(x, { toValue: 1, stiffness: 300, mass: 2, velocity: 4, useNativeDriver: true })")
                == SpringConversion(mass: 2, stiffness: 300, damping: 10, initialVelocity: 4))
        #expect(try Self.spring("Animated.spring(x, { toValue: 1, bounciness: 0 })").dampingRatio > 0.99)
    }

    /// Easing.js's easings that are one cubic, against their own formulas at 21 points (within
    /// 1e-6, the cubic solver's precision); Easing.inOut(Easing.ease) is two, measured against the
    /// cubic named in its refusal.
    @Test func reactNativeEasingsThatAreOneCubic() throws {
        let cases: [(String, (Double) -> Double)] = [
            ("Easing.quad", { $0 * $0 }), ("Easing.cubic", { $0 * $0 * $0 }), ("Easing.poly(2)", { $0 * $0 }), ("Easing.linear", { $0 }),
            ("Easing.back(2)", { $0 * $0 * (3 * $0 - 2) }), ("Easing.out(Easing.quad)", { 1 - (1 - $0) * (1 - $0) }),
            ("Easing.in(Easing.cubic)", { $0 * $0 * $0 }), ("Easing.inOut(Easing.linear)", { $0 }),
        ]
        for (easing, f) in cases {
            let (curve, d) = try MotionImportTests.curve("Animated.timing(v, { toValue: 1, duration: 250, easing: \(easing) })")
            #expect(d == 0.25)
            for x in stride(from: 0.0, through: 1, by: 0.05) { #expect(abs(curve.progress(at: x) - f(x)) <= 1e-6, "\(easing) at \(x)") }
        }
        let ease = CubicTimingParameters(controlPoint1: Point(x: 0.42, y: 0), controlPoint2: Point(x: 1, y: 1))
        let near = CubicTimingParameters(animationCurve: .easeInOut)
        var worst = 0.0
        for x in stride(from: 0.0, through: 1, by: 0.01) {
            let composite = x < 0.5 ? ease.progress(at: 2 * x) / 2 : 1 - ease.progress(at: 2 - 2 * x) / 2
            worst = Swift.max(worst, abs(composite - near.progress(at: x)))
        }
        print("WebDialectTests: Easing.inOut(Easing.ease) differs from cubic-bezier(0.42, 0, 0.58, 1) by at most \(worst) progress")
    }

    // MARK: Round trip

    /// Springs: over-damped, critical, mass ≠ 1, moving toward and away from the target.
    static let springs: [SpringConversion] = [
        SpringConversion(mass: 1, stiffness: 230.2, damping: 22),
        SpringConversion(mass: 1, stiffness: 100, damping: 40),
        SpringConversion(frequency: 2, dampingRatio: 1),
        SpringConversion(mass: 3, stiffness: 1000, damping: 500),
        SpringConversion(mass: 0.25, stiffness: 600, damping: 6),
        SpringConversion(mass: 4.2, stiffness: 500, damping: 30),
        SpringConversion(mass: 1, stiffness: 100, damping: 10, initialVelocity: 5),
        SpringConversion(mass: 2, stiffness: 300, damping: 12, initialVelocity: -3),
    ]

    static let curves: [(CubicTimingParameters, Double)] = [
        (CubicTimingParameters(animationCurve: .easeIn), 0.3), (CubicTimingParameters(animationCurve: .easeOut), 0.25),
        (CubicTimingParameters(controlPoint1: Point(x: 0.33, y: 1.53), controlPoint2: Point(x: 0.69, y: 0.99)), 0.6),
        (CubicTimingParameters(animationCurve: .linear), 2),
    ]

    /// React Native's, the web's and CSS's export read back: ω₀ and ζ within 0.5 %, control points
    /// within 10⁻⁴, as a block and each line that holds the whole motion (both React Native forms).
    @Test(arguments: [ExportFormat.reactNative, .web, .css]) func exportReadsBack(_ format: ExportFormat) throws {
        var worst = (omega: 0.0, zeta: 0.0)
        for s in Self.springs {
            let block = MotionExport(spring: s).code(for: format)
            var texts = [block]
            texts += block.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Animated.spring(") || $0.hasPrefix("transition: { type: \"spring\", visualDuration") }
            for text in texts {
                let read = try Self.spring(text)
                let e = MotionImportTests.errors(read, s)
                worst = (Swift.max(worst.omega, e.omega), Swift.max(worst.zeta, e.zeta))
                #expect(e.omega < 0.005 && e.zeta < 0.005, "\(format) \(s): \(text.prefix(90)) → \(read)")
                if text.hasPrefix("Animated.spring(") {
                    #expect(abs(read.initialVelocity - s.initialVelocity) <= 5e-4 * abs(s.initialVelocity), "\(text)")
                }
            }
        }
        for (c, duration) in Self.curves {
            let block = MotionExport(curve: c, duration: duration).code(for: format)
            for text in [block] + block.split(separator: "\n").map(String.init).filter({ $0.hasPrefix("Animated.timing(") }) {
                let (read, d) = try MotionImportTests.curve(text)
                MotionImportTests.expectSamePoints(read, c, "\(format): \(text)")
                #expect(d.map { abs($0 - duration) <= 5e-4 * duration } == true, "\(format): \(text)")
            }
        }
        print("WebDialectTests \(format) round trip: worst ω₀ \(worst.omega * 100) %, ζ \(worst.zeta * 100) %")
    }

    @Test func reactNativeExportShowsBothFormsWhereExact() {
        let code = MotionExport(spring: SpringConversion(mass: 1, stiffness: 230.2, damping: 22)).code(for: .reactNative)
        #expect(code.hasPrefix("// React Native — mass 1, stiffness 230.2, damping 22"))
        #expect(code.contains("Animated.spring(value, { toValue: 1, stiffness: 230.2, damping: 22, mass: 1, useNativeDriver: true }).start();"))
        #expect(code.contains("Animated.spring(value, { toValue: 1, tension: 40, friction: 7, useNativeDriver: true }).start();"))
        // A soft spring needs a tension below Origami's 0: no tension/friction line.
        #expect(!MotionExport(spring: SpringConversion(mass: 1, stiffness: 2, damping: 0.2)).code(for: .reactNative).contains("tension"))
        // React Native refuses damping 0.
        #expect(MotionExport(spring: SpringConversion(mass: 1, stiffness: 100, damping: 0)).code(for: .reactNative).contains("refuses damping 0"))
        let curve = MotionExport(curve: CubicTimingParameters(animationCurve: .easeOut), duration: 0.3).code(for: .reactNative)
        #expect(curve.contains("Animated.timing(value, { toValue: 1, duration: 300, easing: Easing.bezier(0, 0, 0.58, 1), useNativeDriver: true }).start();"))
        #expect(curve.contains("easing: Easing.out(Easing.ease)"))
        #expect(ExportFormat(rawValue: "react-native") == .reactNative && ExportFormat.reactNative.displayName == "React Native")
        // framer-motion's visualDuration line where it is exact (at rest, 0.05 ≤ ζ ≤ 1).
        let web = MotionExport(spring: SpringConversion(mass: 1, stiffness: 100, damping: 10)).code(for: .web)
        #expect(web.contains("transition: { type: \"spring\", visualDuration: 0.5236, bounce: 0.5 }"))
        #expect(!MotionExport(spring: SpringConversion(mass: 1, stiffness: 100, damping: 40)).code(for: .web).contains("visualDuration"))
    }

    // MARK: Bad input

    @Test func badInputIsOneLineNamingTheForm() {
        let cases: [(String, String)] = [
            ("Animated.spring(v, { toValue: 1, tension: 40, stiffness: 100 })",
             "Animated.spring(…): give one of bounciness/speed, tension/friction or stiffness/damping/mass, not more than one (React Native refuses the mix)"),
            ("Animated.spring(v, { toValue: 1, bounciness: 8, friction: 7 })",
             "Animated.spring(…): give one of bounciness/speed, tension/friction or stiffness/damping/mass, not more than one (React Native refuses the mix)"),
            ("Animated.spring(v, { toValue: 1, tension: -30, friction: 7 })",
             "Animated.spring(…): tension -30 and friction 7 give stiffness -23.2 and damping 22; React Native needs both > 0"),
            ("Animated.spring(v, { toValue: 1, friction: -1 })",
             "Animated.spring(…): tension 40 and friction -1 give stiffness 230.2 and damping -2; React Native needs both > 0"),
            ("Animated.spring(v, { toValue: 1, tension: NaN })", "Animated.spring(…): cannot read tension 'NaN' as a number"),
            ("Animated.spring(v, { toValue: 1, speed: Infinity })", "Animated.spring(…): cannot read speed 'Infinity' as a number"),
            ("Animated.spring(v, { toValue: 1, tension: 1e9 })",
             "Animated.spring(…): stiffness (from tension 1000000000) must be between 1e-6 and 1e6 for a spring Kinetic runs (got 3620000085.4)"),
            ("Animated.spring(v, { toValue: 1, stiffness: 100, damping: 0 })", "Animated.spring(…): damping must be > 0 (React Native's invariant; got 0)"),
            ("{ toValue: 1, bounciness: 8, mass: 2 }",
             "{ toValue, bounciness, mass }: give one of bounciness/speed, tension/friction or stiffness/damping/mass, not more than one (React Native refuses the mix)"),
            ("Animated.timing(v, { toValue: 1, duration: -5, easing: Easing.linear })", "Animated.timing(…): duration must be > 0 ms (got -5)"),
            ("Animated.timing(v, { toValue: 1, easing: Easing.bezier(1.5, 0, 0.5, 1) })", "Easing.bezier(…): control point 1 x must lie in 0…1 (got 1.5)"),
            ("Animated.timing(v, { toValue: 1, easing: Easing.bezier(0.4, 0) })", "Easing.bezier(…) takes 4 numbers x1, y1, x2, y2 (got 2)"),
            ("Animated.timing(v, { toValue: 1, easing: Easing.elastic(1) })",
             "Animated.timing(…): Easing.elastic(…) is not a cubic Bézier; Kinetic reads Easing.bezier(…), linear, ease, quad, cubic, poly(1…3), back(s), and Easing.in/out of those"),
            ("Animated.timing(v, { toValue: 1, easing: Easing.poly(4) })",
             "Animated.timing(…): Easing.poly(4) is not a cubic Bézier; Kinetic reads Easing.bezier(…), linear, ease, quad, cubic, poly(1…3), back(s), and Easing.in/out of those"),
            ("Animated.timing(v, { toValue: 1, easing: Easing.inOut(Easing.ease) })",
             "Animated.timing(…): Easing.inOut(…) joins two curves, not one cubic Bézier (Easing.inOut(Easing.ease) is near cubic-bezier(0.42, 0, 0.58, 1), "
             + "an approximation): write Easing.bezier(x1, y1, x2, y2)"),
            ("Animated.timing(v, { toValue: 1, easing: myEasing })",
             "Animated.timing(…): cannot read the easing 'myEasing' (write Easing.bezier(x1, y1, x2, y2))"),
            ("{ type: \"spring\", duration: 800, bounce: 0.25 }",
             "{ type, duration, bounce }: framer-motion runs a spring's duration within 0.01…10 seconds (got 800; it is in seconds, not ms)"),
            ("{ type: \"spring\", duration: 0, bounce: 0.25 }",
             "{ type, duration, bounce }: framer-motion runs a spring's duration within 0.01…10 seconds (got 0; it is in seconds, not ms)"),
            ("{ type: \"spring\", bounce: -0.2 }", "{ type, bounce }: framer-motion's bounce runs from 0 (no bounce) to 1 (got -0.2)"),
            ("{ type: \"spring\", bounce: NaN, duration: 0.5 }", "{ type, bounce, duration }: cannot read bounce 'NaN' as a number"),
            ("{ type: \"spring\", visualDuration: -1, bounce: 0.2 }", "{ type, visualDuration, bounce }: visualDuration must be > 0 seconds (got -1)"),
            ("{ type: \"spring\", visualDuration: 10000, bounce: 0.2 }",
             "{ type, visualDuration, bounce }: visualDuration must be between 0.005236 and 5236 seconds for a spring Kinetic runs (got 10000)"),
            ("{ type: \"spring\", visualDuration: 5e-324, bounce: 0.2 }",
             "{ type, visualDuration, bounce }: visualDuration must be between 0.005236 and 5236 seconds for a spring Kinetic runs (got 4.94065645841e-324)"),
            ("transition={{ ease: \"anticipate\" }}",
             "{ ease }: framer-motion's anticipate is not a cubic Bézier and has no cubic commonly used for it; write ease: [x1, y1, x2, y2]"),
            ("transition={{ ease: \"circIn\" }}",
             "{ ease }: framer-motion's circIn is not a cubic Bézier; cubic-bezier(0.6, 0.04, 0.98, 0.335) is the cubic commonly used for it, an approximation; "
             + "write ease: [x1, y1, x2, y2]"),
            ("transition={{ ease: \"backInOut\", duration: 0.4 }}",
             "{ ease, duration }: framer-motion's backInOut is not a cubic Bézier and has no cubic commonly used for it; write ease: [x1, y1, x2, y2]"),
            ("transition: transform 1s steps(4, jump-both);",
             "steps(…) is a staircase that jumps between levels, not a curve or a spring: Kinetic reads cubic-bezier(…), ease, ease-in, ease-out, ease-in-out, linear and linear(…)"),
            ("transition: opacity 0.3s step-end",
             "step-end is a staircase that jumps between levels, not a curve or a spring: Kinetic reads cubic-bezier(…), ease, ease-in, ease-out, ease-in-out, linear and linear(…)"),
        ]
        for (text, message) in cases { MotionImportTests.expectRefused(text, message) }
    }
}
