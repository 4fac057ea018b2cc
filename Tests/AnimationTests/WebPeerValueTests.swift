import Testing
import Geometry
@testable import Animation

/// Issue 41: Kinetic's web and React Native conversions against the numbers the platforms' own
/// sources and test suites give, each row quoting its source and checked within that peer's own
/// tolerance.
@Suite struct WebPeerValueTests {
    static func spring(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SpringConversion {
        try MotionImportTests.spring(text, sourceLocation: sourceLocation)
    }

    // MARK: React Native and rebound

    /// facebook/react-native packages/react-native/Libraries/Animated/SpringConfig.js:19-25
    /// (`stiffnessFromOrigamiValue`, `dampingFromOrigamiValue`) and SpringAnimation.js's defaults
    /// `config.tension ?? 40`, `config.friction ?? 7`: 40/7 is stiffness 230.2, damping 22, mass 1.
    @Test func reactNativeOrigamiDefaults() throws {
        let converted = ReactNativeSpring.stiffnessDamping(tension: 40, friction: 7)
        #expect(abs(converted.stiffness - 230.2) <= 1e-9 && abs(converted.damping - 22) <= 1e-9)
        for text in ["Animated.spring(value, { toValue: 1, tension: 40, friction: 7, useNativeDriver: true }).start();",
                     "Animated.spring(value, { toValue: 1, useNativeDriver: true }).start();"] {
            let s = try Self.spring(text)
            #expect(s.mass == 1 && abs(s.stiffness - 230.2) <= 1e-9 && abs(s.damping - 22) <= 1e-9, "\(text): \(s)")
        }
    }

    /// facebookarchive/rebound rebound-core/src/main/java/com/facebook/rebound/OrigamiValueConverter.java:9-23:
    /// the inverse conversions (tension 230.2 → Origami 40, friction 22 → 7; rebound maps 0 to 0,
    /// React Native does not); exact, so within 1e-12.
    @Test func reboundOrigamiInverse() {
        let origami = ReactNativeSpring.tensionFriction(stiffness: 230.2, damping: 22)
        #expect(abs(origami.tension - 40) <= 1e-12 && abs(origami.friction - 7) <= 1e-12)
        let back = ReactNativeSpring.tensionFriction(of: SpringConversion(mass: 2, stiffness: 460.4, damping: 44))
        #expect(back.map { abs($0.tension - 40) <= 1e-12 && abs($0.friction - 7) <= 1e-12 } == true, "mass 2: k/m and c/m")
    }

    /// SpringConfig.js `fromBouncinessAndSpeed` (rebound's BouncyConversion.java, the same maths)
    /// with SpringAnimation.js's defaults bounciness 8, speed 12: by hand, b = 8/1.7/20·0.8 =
    /// 0.188235, s = 12/1.7/20 = 0.352941, Origami tension 0.5 + 199.5·s = 70.91176, friction
    /// 0.341038·0.01 + 0.658962·b3Friction3(70.91176) = 7.894673, so stiffness
    /// (70.91176 − 30)·3.62 + 194 = 342.1006 and damping (7.894673 − 8)·3 + 25 = 24.68402.
    @Test func reactNativeBouncinessAndSpeedDefaults() throws {
        for text in ["Animated.spring(value, { toValue: 1, bounciness: 8, speed: 12 })", "Animated.spring(value, { toValue: 1, speed: 12 })"] {
            let s = try Self.spring(text)
            #expect(s.mass == 1 && abs(s.stiffness - 342.1006) <= 1e-4 && abs(s.damping - 24.68402) <= 1e-5, "\(text): \(s)")
        }
    }

    /// rebound-core/src/test/java/com/facebook/rebound/SpringTest.java:23-33 (TENSION 230.2,
    /// FRICTION 19, the first 24 of EXPECTED_POSITIONS_UNCLAMPED), checked there with
    /// assertArrayEquals(…, 0.0001). Rebound steps its RK4 solver by 1 ms and the test advances
    /// 16 ms frames; the accumulated float time gives 15 whole steps on the first frame, so the
    /// samples sit at 15 ms + 16 ms·n (measured: Kinetic's closed form agrees there within 1e-7).
    @Test func reboundSpringTestPositions() {
        let expected = [
            0.02350326962145051, 0.09013912023073196, 0.18531666042039596, 0.2967410888550004,
            0.4145189853782035, 0.5310291023265858, 0.6407121280050319, 0.7398112940647817,
            0.8260898294043233, 0.8985456177264777, 0.9571382208882482, 1.002538830281137,
            1.0359097802864248, 1.0587170239216486, 1.0725764126694235, 1.0791326923618418,
            1.0799687578592558, 1.0765418232895394, 1.0701426799489315, 1.0618740499181873,
            1.0526441242670932, 1.0431716321304505, 1.0339991616313917, 1.025511895911699,
        ]
        let spring = SpringTimingParameters(mass: 1, stiffness: 230.2, damping: 19)
        var worst = 0.0
        for (n, want) in expected.enumerated() {
            worst = Swift.max(worst, abs(spring.progress(atTime: 0.015 + 0.016 * Double(n)) - want))
        }
        #expect(worst <= 1e-4)
        print("WebPeerValueTests rebound SpringTest: worst \(worst)")
    }

    // MARK: framer-motion (Motion)

    /// motiondivision/motion packages/motion-dom/src/animation/generators/__tests__/spring.test.ts:254-287
    /// ("returns correct string"): `toString()` of each spring is its duration and a `linear()`
    /// sampled at `generateLinearEasing`'s points (waapi/utils/linear.ts: round(duration / 30 ms)
    /// points, each rounded to 4 decimals, so within 5e-5 plus Kinetic's own 1e-6); the last
    /// stop (and the physics spring's last two) are framer's "done" snap to 1, not samples.
    @Test(arguments: [
        ("duration 800 ms, bounce 0.25", FramerMotionSpring.spring(duration: 0.8, bounce: 0.25), 0.8, 1,
         "0, 0.0542, 0.1797, 0.3344, 0.4905, 0.6321, 0.7511, 0.8451, 0.9152, 0.9644, 0.9967, 1.0157, 1.0253, 1.0283, 1.0273, 1.024, 1.0196, 1.0152, 1.0111, 1.0076, 1.0048, 1.0027, 1.0012, 1.0002, 0.9996, 0.9993, 1"),
        ("visualDuration 0.5, bounce 0.25", FramerMotionSpring.spring(visualDuration: 0.5, bounce: 0.25), 0.85, 1,
         "0, 0.046, 0.1551, 0.2934, 0.4378, 0.5737, 0.6927, 0.7915, 0.8694, 0.928, 0.9699, 0.998, 1.0153, 1.0245, 1.0281, 1.0279, 1.0254, 1.0217, 1.0176, 1.0136, 1.01, 1.007, 1.0045, 1.0027, 1.0013, 1.0003, 0.9997, 1"),
        ("stiffness 100, damping 10, mass 1", SpringConversion(mass: 1, stiffness: 100, damping: 10), 1.1, 2,
         "0, 0.0419, 0.1493, 0.2963, 0.4608, 0.625, 0.7759, 0.905, 1.0077, 1.0827, 1.1314, 1.1567, 1.1629, 1.1545, 1.1359, 1.1114, 1.0844, 1.0578, 1.0336, 1.0131, 0.9969, 0.9853, 0.9779, 0.9742, 0.9735, 0.9751, 0.9783, 0.9824, 0.9868, 0.9911, 0.995, 0.9982, 1.0008, 1.0026, 1.0037, 1, 1"),
    ]) func framerSpringToString(_ name: String, _ spring: SpringConversion, _ seconds: Double, _ snapped: Int, _ stops: String) throws {
        let values = stops.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let timing = try #require(spring.timingParameters)
        var worst = 0.0
        for (i, want) in values.enumerated().dropLast(snapped) {
            let t = seconds * Double(i) / Double(values.count - 1)
            worst = Swift.max(worst, abs(timing.progress(atTime: t) - want))
        }
        #expect(worst <= 5e-5 + 1e-6, "\(name): worst \(worst)")
        print("WebPeerValueTests framer-motion \(name): k \(spring.stiffness), c \(spring.damping), worst stop \(worst)")
    }

    /// The same springs read from a transition (spring.ts `getSpringOptions`: duration and bounce
    /// go through findSpring, visualDuration through 2π / (1.2·visualDuration); mass 1).
    @Test func framerTransitionsReadAsFramerRunsThem() throws {
        let byDuration = try Self.spring("transition={{ type: \"spring\", duration: 0.8, bounce: 0.25 }}")
        #expect(abs(byDuration.stiffness - 137.41358694) <= 1e-6 && abs(byDuration.damping - 17.58353123) <= 1e-6, "\(byDuration)")
        let visual = try Self.spring("transition={{ type: \"spring\", visualDuration: 0.5, bounce: 0.25 }}")
        let root = 2 * Double.pi / 0.6
        #expect(abs(visual.stiffness - root * root) <= 1e-9 && abs(visual.damping - 1.5 * root) <= 1e-9, "\(visual)")
        // springDefaults (spring.ts:21-48): duration 800 ms when only a bounce is given, bounce 0.3 when only a duration.
        let bounceOnly = try Self.spring("{ type: \"spring\", bounce: 0.25 }")
        #expect(abs(bounceOnly.stiffness - byDuration.stiffness) <= 1e-9)
        let durationOnly = try Self.spring("{ type: \"spring\", duration: 0.8 }")
        let want = FramerMotionSpring.spring(duration: 0.8, bounce: 0.3)
        #expect(abs(durationOnly.stiffness - want.stiffness) <= 1e-9 && abs(durationOnly.dampingRatio - 0.7) <= 1e-12)
        // A visualDuration alone is neither form (durationKeys are duration and bounce): the default 100/10/1,
        // as spring.test.ts:237-241 shows (its duration, 1100 ms, is the default spring's).
        let visualOnly = try Self.spring("{ type: \"spring\", visualDuration: 0.5 }")
        #expect(visualOnly == SpringConversion(mass: 1, stiffness: 100, damping: 10))
        // bounce above 0.95 is clamped to damping ratio 0.05 (springDefaults.minDamping).
        #expect(abs(try Self.spring("{ type: \"spring\", visualDuration: 0.5, bounce: 1 }").dampingRatio - 0.05) <= 1e-12)
    }

    /// motion-utils src/easing/back.ts:5-6 and ease.ts:3-5 (src/easing): backOut is cubicBezier(0.33, 1.53, 0.69, 0.99),
    /// backIn its reverse (modifiers/reverse.ts: 1 − e(1 − p)); easeIn/easeOut/easeInOut are
    /// (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1); exact, within 1e-12.
    @Test func framerNamedEases() throws {
        let cases: [(String, [Double])] = [
            ("backOut", [0.33, 1.53, 0.69, 0.99]), ("backIn", [0.31, 0.01, 0.67, -0.53]),
            ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]), ("easeInOut", [0.42, 0, 0.58, 1]), ("linear", [0, 0, 1, 1]),
        ]
        for (name, points) in cases {
            let (curve, duration) = try MotionImportTests.curve("transition: { ease: \"\(name)\" }")
            let got = [curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y]
            #expect(zip(got, points).allSatisfy { abs($0 - $1) <= 1e-12 }, "\(name): \(got)")
            // motion-dom generators/keyframes.ts:25: a tween without a duration runs 300 ms.
            #expect(duration == 0.3, "\(name)")
        }
        // backIn is backOut turned half a turn: 1 − backOut(1 − x) at every x.
        let backOut = CubicTimingParameters(controlPoint1: Point(x: 0.33, y: 1.53), controlPoint2: Point(x: 0.69, y: 0.99))
        let (backIn, _) = try MotionImportTests.curve("transition: { ease: \"backIn\" }")
        for x in stride(from: 0.0, through: 1, by: 0.05) { #expect(abs(backIn.progress(at: x) - (1 - backOut.progress(at: 1 - x))) <= 1e-6) }
    }

    // MARK: react-spring

    /// pmndrs/react-spring packages/core/src/constants.ts:4-11 (`config`, mass 1: "The `mass`
    /// prop defaults to 1"): each preset read as tension = stiffness, friction = damping, exactly.
    @Test func reactSpringPresets() throws {
        let presets: [(String, Double, Double)] = [("default", 170, 26), ("gentle", 120, 14), ("wobbly", 180, 12),
                                                    ("stiff", 210, 20), ("slow", 280, 60), ("molasses", 280, 120)]
        for (name, tension, friction) in presets {
            #expect(try Self.spring("useSpring({ x: 1, config: config.\(name) })") == SpringConversion(mass: 1, stiffness: tension, damping: friction))
            // Written out, it stays react-spring (no toValue: not React Native's Origami values).
            #expect(try Self.spring("config: { tension: \(tension), friction: \(friction) }") == SpringConversion(mass: 1, stiffness: tension, damping: friction))
        }
    }

    // MARK: Chromium and CSS

    /// chromium/chromium ui/gfx/geometry/cubic_bezier_unittest.cc:15-39 (TEST Basic, (0.25, 0, 0.75, 1))
    /// and 52-77 (TEST UnclampedYValues, (0.5, −1, 0.5, 2)), EXPECT_NEAR with epsilon 0.00015.
    @Test func chromiumCubicBezierRows() {
        let basic = CubicTimingParameters(controlPoint1: Point(x: 0.25, y: 0), controlPoint2: Point(x: 0.75, y: 1))
        let basicRows: [(Double, Double)] = [(0.05, 0.01136), (0.1, 0.03978), (0.15, 0.079780), (0.2, 0.12803), (0.25, 0.18235), (0.3, 0.24115),
                                             (0.35, 0.30323), (0.4, 0.36761), (0.45, 0.43345), (0.5, 0.5), (0.6, 0.63238), (0.65, 0.69676),
                                             (0.7, 0.75884), (0.75, 0.81764), (0.8, 0.87196), (0.85, 0.92021), (0.9, 0.96021), (0.95, 0.98863)]
        let unclamped = CubicTimingParameters(controlPoint1: Point(x: 0.5, y: -1), controlPoint2: Point(x: 0.5, y: 2))
        let unclampedRows: [(Double, Double)] = [(0.05, -0.08954), (0.1, -0.15613), (0.15, -0.19641), (0.2, -0.20651), (0.25, -0.18232),
                                                 (0.3, -0.11992), (0.35, -0.01672), (0.4, 0.12660), (0.45, 0.30349), (0.5, 0.5), (0.55, 0.69651),
                                                 (0.6, 0.87340), (0.65, 1.01672), (0.7, 1.11992), (0.75, 1.18232), (0.8, 1.20651), (0.85, 1.19641),
                                                 (0.9, 1.15613), (0.95, 1.08954)]
        var worst = 0.0
        for (curve, rows) in [(basic, basicRows), (unclamped, unclampedRows)] {
            for (x, y) in rows { worst = Swift.max(worst, abs(curve.progress(at: x) - y)) }
        }
        #expect(worst <= 0.00015)
        print("WebPeerValueTests Chromium cubic_bezier_unittest: worst \(worst)")
    }

    /// The CSS keywords as CSS Easing 1 defines them (https://www.w3.org/TR/css-easing-1/#cubic-bezier-easing-functions:
    /// ease (0.25, 0.1, 0.25, 1), ease-in (0.42, 0, 1, 1), ease-out (0, 0, 0.58, 1), ease-in-out
    /// (0.42, 0, 0.58, 1); linear is the identity), read exactly.
    @Test func cssKeywordsAreTheSpecValues() throws {
        let cases: [(String, [Double])] = [("ease", [0.25, 0.1, 0.25, 1]), ("ease-in", [0.42, 0, 1, 1]), ("ease-out", [0, 0, 0.58, 1]),
                                           ("ease-in-out", [0.42, 0, 0.58, 1]), ("linear", [0, 0, 1, 1])]
        for (keyword, points) in cases {
            let (curve, duration) = try MotionImportTests.curve("transition: transform 0.5s \(keyword);")
            let got = [curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y]
            #expect(got == points, "\(keyword): \(got)")
            #expect(duration == 0.5)
        }
    }

    /// CSS Easing 2's linear() stop placement (https://drafts.csswg.org/css-easing-2/#linear-easing-function-parsing):
    /// MDN's examples (https://developer.mozilla.org/en-US/docs/Web/CSS/easing-function)
    /// `linear(0, 0.25, 1)` places its stops at 0 %, 50 %, 100 %; `linear(0, 0.25 75%, 1)` at 0 %, 75 %, 100 %;
    /// a stop given two positions is two stops.
    @Test func linearStopsArePlacedAsCSSPlacesThem() {
        func placed(_ stops: [(Double, Double?)]) -> [Double] {
            var s = stops.map { (value: $0.0, position: $0.1) }
            MotionImport.Reader.placeStops(&s)
            return s.map { $0.position! }
        }
        #expect(placed([(0, nil), (0.25, nil), (1, nil)]) == [0, 0.5, 1])
        #expect(placed([(0, nil), (0.25, 0.75), (1, nil)]) == [0, 0.75, 1])
        #expect(placed([(0, nil), (0.5, 0.25), (0.5, 0.75), (1, nil)]) == [0, 0.25, 0.75, 1])
    }
}
