import Testing
import Geometry
@testable import Animation

/// Issue 41: Kinetic against the numbers Google's platforms publish for their own springs and
/// curves — Flutter's tests and sources, Compose's and Android's sources — each row quoting its
/// source and checked within the peer's own tolerance (or, for a constant, exactly).
@Suite struct GooglePeerValueTests {
    static func spring(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SpringConversion {
        try MotionImportTests.spring(text, sourceLocation: sourceLocation)
    }

    static func curve(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (CubicTimingParameters, Double?) {
        try MotionImportTests.curve(text, sourceLocation: sourceLocation)
    }

    static func points(_ c: CubicTimingParameters) -> [Double] { [c.controlPoint1.x, c.controlPoint1.y, c.controlPoint2.x, c.controlPoint2.y] }

    // MARK: Flutter

    /// flutter/flutter packages/flutter/test/physics/spring_simulation_test.dart (commit 25a15c8),
    /// group 'SpringDescription.withDurationAndBounce': `moreOrLessEquals(…, epsilon: 0.01)`.
    @Test func flutterWithDurationAndBounceMatchesFlutterTests() throws {
        // Lines 41–45: withDurationAndBounce(bounce: 0.3) (duration 500 ms by default) → mass 1.0, stiffness 157.91, damping 17.59.
        let bouncy = try Self.spring("SpringDescription.withDurationAndBounce(bounce: 0.3)")
        #expect(bouncy.mass == 1 && abs(bouncy.stiffness - 157.91) <= 0.01 && abs(bouncy.damping - 17.59) <= 0.01, "\(bouncy)")
        // Lines 49–53: bounce −0.3 → stiffness 157.91, damping 35.90.
        let heavy = try Self.spring("SpringDescription.withDurationAndBounce(bounce: -0.3)")
        #expect(heavy.mass == 1 && abs(heavy.stiffness - 157.91) <= 0.01 && abs(heavy.damping - 35.90) <= 0.01, "\(heavy)")
        // The figure: duration 500 ms and bounce 0.3 written out give the same spring.
        let written = try Self.spring("SpringDescription.withDurationAndBounce(duration: Duration(milliseconds: 500), bounce: 0.3)")
        #expect(written == bouncy)
        // Lines 57–64: SpringDescription(mass: 1.0, stiffness: 157.91, damping: 17.59) has duration
        // 500 ms (duration.inMilliseconds, rounded) and bounce 0.3 (epsilon 0.001).
        let described = try Self.spring("const SpringDescription spring = SpringDescription(mass: 1.0, stiffness: 157.91, damping: 17.59);")
        let values = SpringDialect.durationBounce.values(of: described)
        #expect((values[0] * 1000).rounded() == 500 && abs(values[1] - 0.3) <= 0.001, "\(values)")
        // Kinetic's Flutter export writes that spring back in Flutter's own words.
        let code = MotionExport(spring: described).code(for: .flutter)
        #expect(code.contains("withDurationAndBounce(duration: const Duration(milliseconds: 500), bounce: 0.3"), "\(code)")
    }

    /// packages/flutter/lib/src/physics/spring_simulation.dart (commit 04fbdcf): lines 40–44,
    /// `withDampingRatio({required mass, required stiffness, double ratio = 1.0}) : damping =
    /// ratio * 2.0 * math.sqrt(mass * stiffness)`; line 70, `Duration duration = const
    /// Duration(milliseconds: 500)`, line 71 `double bounce = 0.0`, line 74 `duration.inMilliseconds`.
    @Test func flutterConstructorsFollowTheirSource() throws {
        // The test's own spring (spring_simulation_test.dart line 10): mass 1, stiffness 400, ratio 1 by default → damping 40.
        let critical = try Self.spring("SpringDescription.withDampingRatio(mass: 1.0, stiffness: 400)")
        #expect(critical == SpringConversion(mass: 1, stiffness: 400, damping: 40))
        let ratio = try Self.spring("SpringDescription.withDampingRatio(mass: 2, stiffness: 50, ratio: 0.3)")
        #expect(abs(ratio.damping - 0.3 * 2 * (2.0 * 50).squareRoot()) <= 1e-12 && ratio.mass == 2 && ratio.stiffness == 50)
        // Defaults: 500 ms, bounce 0 (critically damped): stiffness (2π/0.5)², damping 2·2π/0.5.
        let plain = try Self.spring("SpringDescription.withDurationAndBounce()")
        let omega = 2 * Double.pi / 0.5
        #expect(abs(plain.stiffness - omega * omega) <= 1e-9 && abs(plain.damping - 2 * omega) <= 1e-9)
        // Whole milliseconds: 500 999 µs is 500 ms to Flutter.
        let truncated = try Self.spring("SpringDescription.withDurationAndBounce(duration: Duration(microseconds: 500999))")
        #expect(truncated == plain)
    }

    /// packages/flutter/lib/src/animation/curves.dart (commit 00c84e6), class `Curves`: each
    /// `static const Cubic x = Cubic(a, b, c, d)` read back exactly; `Curves.decelerate`
    /// (`_DecelerateCurve`, `1.0 - t * t` of `t = 1.0 - t`) as the cubic that is that parabola.
    @Test func flutterCurvesAreFlutterConstants() throws {
        let rows: [(String, [Double])] = [
            ("Curves.fastOutSlowIn", [0.4, 0.0, 0.2, 1.0]), ("Curves.easeInOutCubic", [0.645, 0.045, 0.355, 1.0]),
            ("Curves.ease", [0.25, 0.1, 0.25, 1.0]), ("Curves.easeIn", [0.42, 0.0, 1.0, 1.0]), ("Curves.easeOut", [0.0, 0.0, 0.58, 1.0]),
            ("Curves.easeInOut", [0.42, 0.0, 0.58, 1.0]), ("Curves.fastLinearToSlowEaseIn", [0.18, 1.0, 0.04, 1.0]),
            ("Curves.easeInBack", [0.6, -0.28, 0.735, 0.045]), ("Curves.easeOutBack", [0.175, 0.885, 0.32, 1.275]),
            ("Curves.easeInOutBack", [0.68, -0.55, 0.265, 1.55]), ("Curves.easeInOutExpo", [1.0, 0.0, 0.0, 1.0]),
            ("Curves.slowMiddle", [0.15, 0.85, 0.85, 0.15]), ("Curves.linearToEaseOut", [0.35, 0.91, 0.33, 0.97]),
        ]
        for (name, want) in rows {
            let (c, _) = try Self.curve(name)
            #expect(Self.points(c) == want, "\(name)")
        }
        let (decelerate, _) = try Self.curve("Curves.decelerate")
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(decelerate.progress(at: t) - (1 - (1 - t) * (1 - t))) <= 1e-6, "decelerate at \(t)")
        }
        // FlippedCurve: 1.0 - curve.transform(1.0 - t).
        let (easeIn, _) = try Self.curve("Curves.easeIn"), (flipped, _) = try Self.curve("Curves.easeIn.flipped")
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(flipped.progress(at: t) - (1 - easeIn.progress(at: 1 - t))) <= 1e-6, "flipped at \(t)")
        }
    }

    // MARK: Compose

    /// androidx compose/animation/animation-core/…/EasingFunctions.kt (commit 975e20a) and
    /// Easing.kt: each easing's `CubicBezierEasing(…)` constants, exactly; AnimationSpec.kt
    /// `DefaultDurationMillis: Int = 300` as `tween()`'s duration.
    @Test func composeEasingsAreComposeConstants() throws {
        let rows: [(String, [Double])] = [
            ("Ease", [0.25, 0.1, 0.25, 1.0]), ("EaseOut", [0, 0, 0.58, 1]), ("EaseIn", [0.42, 0, 1, 1]), ("EaseInOut", [0.42, 0.0, 0.58, 1.0]),
            ("EaseInSine", [0.12, 0, 0.39, 0]), ("EaseInOutCubic", [0.65, 0, 0.35, 1]), ("EaseOutQuint", [0.22, 1, 0.36, 1]),
            ("EaseInCirc", [0.55, 0, 1, 0.45]), ("EaseInOutQuad", [0.45, 0, 0.55, 1]), ("EaseOutExpo", [0.16, 1, 0.3, 1]),
            ("EaseInBack", [0.36, 0, 0.66, -0.56]), ("EaseOutBack", [0.34, 1.56, 0.64, 1]), ("EaseInOutBack", [0.68, -0.6, 0.32, 1.6]),
            ("FastOutSlowInEasing", [0.4, 0, 0.2, 1]), ("LinearOutSlowInEasing", [0, 0, 0.2, 1]), ("FastOutLinearInEasing", [0.4, 0, 1, 1]),
        ]
        for (name, want) in rows {
            let (c, d) = try Self.curve("tween<Float>(easing = \(name))")
            #expect(Self.points(c) == want, "\(name)")
            #expect(d == 0.3, "\(name): tween's DefaultDurationMillis")
        }
        #expect(MotionImport.composeEasings.count == 32)   // 28 cubic ones in EasingFunctions.kt, 4 in Easing.kt
        let (standard, d) = try Self.curve("tween<Float>()")
        #expect(Self.points(standard) == [0.4, 0, 0.2, 1] && d == 0.3)
    }

    /// AnimationSpec.kt `object Spring`: StiffnessHigh 10_000f, StiffnessMedium 1500f,
    /// StiffnessMediumLow 400f, StiffnessLow 200f, StiffnessVeryLow 50f; DampingRatioHighBouncy
    /// 0.2f, MediumBouncy 0.5f, LowBouncy 0.75f, NoBouncy 1f; `spring(dampingRatio =
    /// Spring.DampingRatioNoBouncy, stiffness = Spring.StiffnessMedium)`.
    @Test func composeSpringConstantsAndDefaults() throws {
        let constants: [(String, Double)] = [("StiffnessHigh", 10_000), ("StiffnessMedium", 1500), ("StiffnessMediumLow", 400), ("StiffnessLow", 200),
                                             ("StiffnessVeryLow", 50), ("DampingRatioHighBouncy", 0.2), ("DampingRatioMediumBouncy", 0.5),
                                             ("DampingRatioLowBouncy", 0.75), ("DampingRatioNoBouncy", 1)]
        for (name, value) in constants { #expect(SpringPreset.constants[name] == value, "\(name)") }
        let standard = try Self.spring("spring<Float>()")
        #expect(standard == SpringConversion(mass: 1, stiffness: 1500, damping: 2 * 1500.0.squareRoot()))
    }

    // MARK: Android

    /// androidx dynamicanimation SpringForce.java (commit fd79a56): STIFFNESS_HIGH 10_000f,
    /// STIFFNESS_MEDIUM 1500f ("the default stiffness"), STIFFNESS_LOW 200f, STIFFNESS_VERY_LOW
    /// 50f; DAMPING_RATIO_HIGH_BOUNCY 0.2f, DAMPING_RATIO_MEDIUM_BOUNCY 0.5f ("also the default
    /// damping ratio"), LOW_BOUNCY 0.75f, NO_BOUNCY 1f; `getAcceleration`: k = ω², c = 2ωζ (unit mass).
    @Test func androidSpringForceConstantsAndDefault() throws {
        let constants: [(String, Double)] = [("STIFFNESS_HIGH", 10_000), ("STIFFNESS_MEDIUM", 1500), ("STIFFNESS_LOW", 200), ("STIFFNESS_VERY_LOW", 50),
                                             ("DAMPING_RATIO_HIGH_BOUNCY", 0.2), ("DAMPING_RATIO_MEDIUM_BOUNCY", 0.5),
                                             ("DAMPING_RATIO_LOW_BOUNCY", 0.75), ("DAMPING_RATIO_NO_BOUNCY", 1)]
        for (name, value) in constants { #expect(SpringPreset.constants[name] == value, "\(name)") }
        let omega = 1500.0.squareRoot()
        let standard = SpringConversion(mass: 1, stiffness: 1500, damping: 2 * omega * 0.5)
        #expect(try Self.spring("SpringAnimation(view, DynamicAnimation.TRANSLATION_Y, 0f)") == standard)
        #expect(try Self.spring("SpringForce()") == standard)
    }

    /// androidx interpolator FastOutSlowInInterpolator.java (commit e9c1d0c): a lookup table of
    /// 201 values at x = i/200 with 4 decimals; VALUES[50] = 0.2366f, VALUES[100] = 0.7756f,
    /// VALUES[150] = 0.9594f. Kinetic's (0.4, 0), (0.2, 1) cubic agrees within the table's 4 decimals.
    @Test func androidFastOutSlowInMatchesItsLookupTable() throws {
        let (c, d) = try Self.curve("view.animate().setInterpolator(FastOutSlowInInterpolator())")
        for (x, y) in [(0.25, 0.2366), (0.5, 0.7756), (0.75, 0.9594)] {
            #expect(abs(c.progress(at: x) - y) <= 1e-4, "x \(x): \(c.progress(at: x))")
        }
        #expect(d == 0.3)   // ValueAnimator: `private long mDuration = 300`
    }

    /// AOSP core/java/android/view/animation: AccelerateInterpolator `input * input` (factor 1)
    /// else `pow(input, 2 * factor)`; DecelerateInterpolator `1 - (1 - input)²`; Anticipate
    /// `t * t * ((tension + 1) * t - tension)`, tension 2f; Overshoot `t -= 1; t * t * ((tension
    /// + 1) * t + tension) + 1`; PathInterpolator(controlX, controlY) `path.quadTo(controlX,
    /// controlY, 1f, 1f)`. Each read curve follows the formula within 10⁻⁶ (the solver's precision).
    @Test func androidInterpolatorsFollowTheirFormulas() throws {
        func quadratic(_ cx: Double, _ cy: Double, _ x: Double) -> Double {
            // Solve x(s) = 2s(1−s)cx + s² for s, then y(s).
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 { let s = (lo + hi) / 2; if 2 * s * (1 - s) * cx + s * s < x { lo = s } else { hi = s } }
            let s = (lo + hi) / 2
            return 2 * s * (1 - s) * cy + s * s
        }
        let rows: [(String, (Double) -> Double)] = [
            ("AccelerateInterpolator()", { $0 * $0 }), ("AccelerateInterpolator(1.5f)", { $0 * $0 * $0 }),
            ("AccelerateInterpolator(0.5f)", { $0 }), ("DecelerateInterpolator()", { 1 - (1 - $0) * (1 - $0) }),
            ("DecelerateInterpolator(1.5f)", { 1 - (1 - $0) * (1 - $0) * (1 - $0) }),
            ("AnticipateInterpolator()", { $0 * $0 * (3 * $0 - 2) }), ("AnticipateInterpolator(1f)", { $0 * $0 * (2 * $0 - 1) }),
            ("OvershootInterpolator()", { let u = $0 - 1; return u * u * (3 * u + 2) + 1 }),
            ("PathInterpolator(0.25f, 0.9f)", { quadratic(0.25, 0.9, $0) }), ("PathInterpolator(0.8f, 0.1f)", { quadratic(0.8, 0.1, $0) }),
            ("@android:interpolator/accelerate_quad", { $0 * $0 }), ("android.R.interpolator.decelerate_cubic", { 1 - (1 - $0) * (1 - $0) * (1 - $0) }),
        ]
        for (text, f) in rows {
            let (c, _) = try Self.curve(text)
            for x in stride(from: 0.0, through: 1.0, by: 0.05) {
                #expect(abs(c.progress(at: x) - f(x)) <= 1e-6, "\(text) at \(x): \(c.progress(at: x)) vs \(f(x))")
            }
        }
    }

    /// AOSP core/res/res/interpolator/fast_out_slow_in.xml (controlX1 0.4, controlY1 0, controlX2
    /// 0.2, controlY2 1), linear_out_slow_in.xml (0, 0, 0.2, 1), fast_out_linear_in.xml (0.4, 0, 1, 1).
    @Test func androidInterpolatorResourcesAreThePlatformsPaths() throws {
        let rows: [(String, [Double])] = [
            ("@android:interpolator/fast_out_slow_in", [0.4, 0, 0.2, 1]), ("android.R.interpolator.linear_out_slow_in", [0, 0, 0.2, 1]),
            ("AnimationUtils.loadInterpolator(context, android.R.interpolator.fast_out_linear_in)", [0.4, 0, 1, 1]),
            ("<objectAnimator android:interpolator=\"@android:interpolator/fast_out_slow_in\" android:propertyName=\"x\"/>", [0.4, 0, 0.2, 1]),
        ]
        for (text, want) in rows {
            let (c, d) = try Self.curve(text)
            #expect(Self.points(c) == want, "\(text)")
            #expect(d == 0.3, "\(text): \(String(describing: d))")
        }
    }
}
