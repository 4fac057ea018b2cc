import Testing
import Geometry
@testable import Animation

/// Issue 41: the springs and curves Android, Jetpack Compose and Flutter developers paste — the
/// platforms' own documentation snippets, each read as the platform means it — the Flutter
/// export read back, and one clear line for every form that is not a spring or a cubic curve.
@Suite struct GoogleDialectTests {
    static func points(_ c: CubicTimingParameters) -> [Double] { [c.controlPoint1.x, c.controlPoint1.y, c.controlPoint2.x, c.controlPoint2.y] }

    /// A spring as the documentation means it: mass, stiffness, damping and initial velocity.
    struct SpringSnippet {
        let url: String
        let text: String
        let want: SpringConversion
    }

    /// A curve as the documentation means it: control points and duration (seconds).
    struct CurveSnippet {
        let url: String
        let text: String
        let want: [Double]
        let duration: Double?
    }

    static let springSnippets: [SpringSnippet] = [
        // Compose: spring(dampingRatio = 0.2, stiffness = 1500), unit mass: c = 2ζ√k.
        SpringSnippet(url: "https://developer.android.com/develop/ui/compose/animation/customize", text: """
            val value by animateFloatAsState(
                targetValue = 1f,
                animationSpec = spring(
                    dampingRatio = Spring.DampingRatioHighBouncy,
                    stiffness = Spring.StiffnessMedium
                ),
                label = "spring spec"
            )
            """, want: SpringConversion(mass: 1, stiffness: 1500, damping: 2 * 0.2 * 1500.0.squareRoot())),
        // Android: the default SpringForce (1500, 0.5); setStartVelocity is pixels per second and
        // the text gives no distance, so the spring is read at rest.
        SpringSnippet(url: "https://developer.android.com/reference/androidx/dynamicanimation/animation/SpringAnimation", text: """
            // Create an animation to animate view's X property, set the rest position of the
            // default spring to 0, and start the animation with a starting velocity of 5000 (pixel/s).
            final SpringAnimation anim = new SpringAnimation(view, DynamicAnimation.X, 0)
                    .setStartVelocity(5000);
            anim.start();
            """, want: SpringConversion(mass: 1, stiffness: 1500, damping: 2 * 0.5 * 1500.0.squareRoot())),
        // Android: stiffness 200, damping ratio 0.75.
        SpringSnippet(url: "https://developer.android.com/reference/androidx/dynamicanimation/animation/SpringAnimation", text: """
            // Create a low stiffness, low bounce spring at position 0.
            SpringForce spring = new SpringForce(0)
                    .setDampingRatio(SpringForce.DAMPING_RATIO_LOW_BOUNCY)
                    .setStiffness(SpringForce.STIFFNESS_LOW);
            """, want: SpringConversion(mass: 1, stiffness: 200, damping: 2 * 0.75 * 200.0.squareRoot())),
        // Flutter: m 1, k 300, c 15 from 0 to 1 at rest.
        SpringSnippet(url: "https://api.flutter.dev/flutter/physics/SpringSimulation-class.html", text: """
            void _startSpringMotion() {
              _controller.animateWith(SpringSimulation(
                const SpringDescription(
                  mass: 1.0,
                  stiffness: 300.0,
                  damping: 15.0,
                ),
                0.0, // starting position
                1.0, // ending position
                0.0, // starting velocity
              ));
            }
            """, want: SpringConversion(mass: 1, stiffness: 300, damping: 15)),
        // Flutter: duration 300 ms, bounce 0.3: k (2π/0.3)², c 2·0.7·2π/0.3.
        SpringSnippet(url: "https://api.flutter.dev/flutter/physics/SpringDescription/SpringDescription.withDurationAndBounce.html", text: """
            final SpringDescription spring = SpringDescription.withDurationAndBounce(
              duration: const Duration(milliseconds: 300),
              bounce: 0.3,
            );
            """, want: SpringConversion(mass: 1, stiffness: (2 * Double.pi / 0.3) * (2 * Double.pi / 0.3), damping: 2 * 0.7 * 2 * Double.pi / 0.3)),
        // Flutter's cookbook: mass 30, stiffness 1, damping 1; the velocity (-unitVelocity) is the
        // drag's, computed at run time, so the spring is read at rest.
        SpringSnippet(url: "https://docs.flutter.dev/cookbook/animation/physics-simulation", text: """
            final unitsPerSecondX = pixelsPerSecond.dx / size.width;
            final unitsPerSecondY = pixelsPerSecond.dy / size.height;
            final unitsPerSecond = Offset(unitsPerSecondX, unitsPerSecondY);
            final unitVelocity = unitsPerSecond.distance;

            const spring = SpringDescription(mass: 30, stiffness: 1, damping: 1);

            final simulation = SpringSimulation(spring, 0, 1, -unitVelocity);

            _controller.animateWith(simulation);
            """, want: SpringConversion(mass: 30, stiffness: 1, damping: 1)),
    ]

    static let curveSnippets: [CurveSnippet] = [
        // Compose: tween(300 ms, FastOutSlowInEasing).
        CurveSnippet(url: "https://developer.android.com/develop/ui/compose/animation/customize", text: """
            val alpha: Float by animateFloatAsState(
                targetValue = if (enabled) 1f else 0.5f,
                // Configure the animation duration and easing.
                animationSpec = tween(durationMillis = 300, easing = FastOutSlowInEasing),
                label = "alpha"
            )
            """, want: [0.4, 0, 0.2, 1], duration: 0.3),
        // Compose: the delay does not change the curve's own duration.
        CurveSnippet(url: "https://developer.android.com/develop/ui/compose/animation/customize", text: """
            val value by animateFloatAsState(
                targetValue = 1f,
                animationSpec = tween(
                    durationMillis = 300,
                    delayMillis = 50,
                    easing = LinearOutSlowInEasing
                ),
                label = "tween delay"
            )
            """, want: [0, 0, 0.2, 1], duration: 0.3),
        // Android: the platform's fast_out_slow_in resource itself; an animator's 300 ms.
        CurveSnippet(url: "AOSP platform_frameworks_base core/res/res/interpolator/fast_out_slow_in.xml", text: """
            <pathInterpolator xmlns:android="http://schemas.android.com/apk/res/android"
                android:controlX1="0.4"
                android:controlY1="0"
                android:controlX2="0.2"
                android:controlY2="1"/>
            """, want: [0.4, 0, 0.2, 1], duration: 0.3),
        // Android: linear_out_slow_in.xml (the same form, another curve).
        CurveSnippet(url: "AOSP platform_frameworks_base core/res/res/interpolator/linear_out_slow_in.xml", text: """
            <pathInterpolator xmlns:android="http://schemas.android.com/apk/res/android"
                android:controlX1="0"
                android:controlY1="0"
                android:controlX2="0.2"
                android:controlY2="1"/>
            """, want: [0, 0, 0.2, 1], duration: 0.3),
        // Flutter: AnimatedContainer over 2 s with Curves.fastOutSlowIn.
        CurveSnippet(url: "https://api.flutter.dev/flutter/widgets/AnimatedContainer-class.html", text: """
            child: AnimatedContainer(
              width: selected ? 200.0 : 100.0,
              height: selected ? 100.0 : 200.0,
              color: selected ? Colors.red : Colors.blue,
              alignment: selected ? Alignment.center : AlignmentDirectional.topCenter,
              duration: const Duration(seconds: 2),
              curve: Curves.fastOutSlowIn,
              child: const FlutterLogo(size: 75),
            ),
            """, want: [0.4, 0, 0.2, 1], duration: 2),
        // Flutter: the animations tutorial's controller (2 s) and Curves.easeIn.
        CurveSnippet(url: "https://docs.flutter.dev/ui/animations/tutorial", text: """
            controller = AnimationController(duration: const Duration(seconds: 2), vsync: this);
            animation = CurvedAnimation(parent: controller, curve: Curves.easeIn);
            """, want: [0.42, 0, 1, 1], duration: 2),
        // Flutter: curves.dart's own Curves.fastOutSlowIn declaration.
        CurveSnippet(url: "flutter/flutter packages/flutter/lib/src/animation/curves.dart, class Curves",
                     text: "static const Cubic fastOutSlowIn = Cubic(0.4, 0.0, 0.2, 1.0);", want: [0.4, 0, 0.2, 1], duration: nil),
        // Compose: EasingFunctions.kt's EaseInOutCubic with the 500 ms of the issue's example.
        CurveSnippet(url: "androidx compose/animation/animation-core EasingFunctions.kt, EaseInOutCubic",
                     text: "animationSpec = tween(500, easing = EaseInOutCubic)", want: [0.65, 0, 0.35, 1], duration: 0.5),
    ]

    @Test func documentationSpringsReadAsThePlatformMeansThem() throws {
        for snippet in Self.springSnippets {
            let got = try MotionImportTests.spring(snippet.text)
            let w = snippet.want
            #expect(abs(got.mass - w.mass) <= 1e-12 * w.mass && abs(got.stiffness - w.stiffness) <= 1e-9 * w.stiffness
                    && abs(got.damping - w.damping) <= 1e-9 * w.damping && got.initialVelocity == w.initialVelocity,
                    "\(snippet.url): \(got) vs \(w)")
        }
    }

    @Test func documentationCurvesReadAsThePlatformMeansThem() throws {
        for snippet in Self.curveSnippets {
            let (c, d) = try MotionImportTests.curve(snippet.text)
            #expect(Self.points(c) == snippet.want, "\(snippet.url): \(Self.points(c))")
            #expect(d == snippet.duration, "\(snippet.url): duration \(String(describing: d))")
        }
        #expect(Self.springSnippets.count + Self.curveSnippets.count + Self.refusedSnippets.count >= 14)
    }

    /// Documentation snippets whose curve is no cubic Bézier: one line naming it.
    static let refusedSnippets: [(url: String, text: String, message: String)] = [
        ("https://docs.flutter.dev/ui/animations/staggered-animations",
         "opacity = Tween<double>(begin: 0.0, end: 1.0).animate(CurvedAnimation(parent: controller, curve: const Interval(0.0, 0.100, curve: Curves.ease)));",
         "Interval(…) is not a cubic Bézier (it is its curve run over part of the animation): use Cubic(a, b, c, d) or a SpringDescription"),
        ("https://developer.android.com/reference/kotlin/androidx/compose/animation/core/package-summary#EaseOutBounce()",
         "animationSpec = tween(durationMillis = 600, easing = EaseOutBounce)",
         "EaseOutBounce is not a cubic Bézier (Compose defines it as piecewise parabolas): use CubicBezierEasing(x1, y1, x2, y2) or spring()"),
    ]

    @Test func documentationCurvesThatAreNoCubicAreRefused() {
        for (url, text, message) in Self.refusedSnippets {
            do {
                let motion = try MotionImport.parse(text)
                Issue.record("\(url): read as \(motion)")
            } catch {
                #expect(error.message == message, "\(url)")
            }
        }
    }

    // MARK: Hand-written forms

    @Test func handWrittenGoogleForms() throws {
        let springs: [(String, SpringConversion)] = [
            ("val anim = SpringAnimation(view, DynamicAnimation.TRANSLATION_Y, 0f)\nanim.spring.stiffness = 400f",
             SpringConversion(mass: 1, stiffness: 400, damping: 2 * 0.5 * 20)),
            ("SpringAnimation(img, DynamicAnimation.TRANSLATION_Y).apply {\n    spring.dampingRatio = SpringForce.DAMPING_RATIO_LOW_BOUNCY\n    spring.stiffness = SpringForce.STIFFNESS_LOW\n}",
             SpringConversion(mass: 1, stiffness: 200, damping: 2 * 0.75 * 200.0.squareRoot())),
            ("SpringAnimation(view, DynamicAnimation.X).setSpring(SpringForce(0f).setStiffness(50f).setDampingRatio(1f))",
             SpringConversion(mass: 1, stiffness: 50, damping: 2 * 50.0.squareRoot())),
            ("SpringForce(0f).apply {\n  stiffness = SpringForce.STIFFNESS_MEDIUM\n  dampingRatio = SpringForce.DAMPING_RATIO_HIGH_BOUNCY\n}",
             SpringConversion(mass: 1, stiffness: 1500, damping: 2 * 0.2 * 1500.0.squareRoot())),
            ("SpringSimulation(SpringDescription(mass: 2, stiffness: 200, damping: 10), 100, 300, 400)",
             SpringConversion(mass: 2, stiffness: 200, damping: 10, initialVelocity: 2)),
            ("final spring = SpringDescription.withDampingRatio(mass: 1, stiffness: 100, ratio: 0.5);\n_controller.animateWith(SpringSimulation(spring, 1, 0, -3));",
             SpringConversion(mass: 1, stiffness: 100, damping: 10, initialVelocity: 3)),
        ]
        for (text, want) in springs {
            let got = try MotionImportTests.spring(text)
            #expect(abs(got.stiffness - want.stiffness) <= 1e-9 * want.stiffness && abs(got.damping - want.damping) <= 1e-9 * want.damping
                    && got.mass == want.mass && got.initialVelocity == want.initialVelocity, "\(text): \(got) vs \(want)")
        }
        let third = 1.0 / 3, twoThirds = 2.0 / 3
        let curves: [(String, [Double], Double?)] = [
            ("view.animate().setInterpolator(PathInterpolator(0.5f, 1f))", [third, twoThirds, twoThirds, 1], 0.3),
            ("ObjectAnimator.ofFloat(view, \"x\", 0f).apply { interpolator = LinearOutSlowInInterpolator(); setDuration(450) }", [0, 0, 0.2, 1], 0.45),
            ("PathInterpolatorCompat.create(0.4f, 0f, 0.2f, 1f)", [0.4, 0, 0.2, 1], 0.3),
            ("tween<Float>()", [0.4, 0, 0.2, 1], 0.3),
            ("tween(durationMillis = 500)", [0.4, 0, 0.2, 1], 0.5),
            ("Cubic(0.25, 0.1, 0.25, 1.0)", [0.25, 0.1, 0.25, 1], nil),
            ("_controller.animateTo(1.0, duration: const Duration(milliseconds: 300), curve: Curves.easeOutBack)", [0.175, 0.885, 0.32, 1.275], 0.3),
            ("AnimationController(duration: const Duration(minutes: 1, seconds: 30, milliseconds: 5), vsync: this); CurvedAnimation(parent: c, curve: Curves.linear)",
             [0, 0, 1, 1], 90.005),
            ("<pathInterpolator android:controlX1=\"0.5\" android:controlY1=\"1\"/>", [third, twoThirds, twoThirds, 1], 0.3),
        ]
        for (text, want, duration) in curves {
            let (c, d) = try MotionImportTests.curve(text)
            #expect(zip(Self.points(c), want).allSatisfy { abs($0 - $1) <= 1e-12 }, "\(text): \(Self.points(c))")
            #expect(d.map { abs($0 - (duration ?? -1)) <= 1e-9 } ?? (duration == nil), "\(text): duration \(String(describing: d))")
        }
    }

    // MARK: Bad input

    /// Every new form, given wrong: one line naming the form and what it expects.
    @Test func badInputIsOneLineNamingTheForm() {
        let cases: [(String, String)] = [
            // Compose
            ("tween(durationMillis = 300, easing = EaseInElastic)",
             "EaseInElastic is not a cubic Bézier (Compose defines it as a growing sine): use CubicBezierEasing(x1, y1, x2, y2) or spring()"),
            ("tween(durationMillis = -300, easing = EaseInOutCubic)", "tween(…): the duration must not be negative (got -300 ms)"),
            // Android
            ("AccelerateDecelerateInterpolator()",
             "AccelerateDecelerateInterpolator(…) is not a cubic Bézier (it is cos((t + 1)π)/2 + 0.5, a cosine): use PathInterpolator(x1, y1, x2, y2) or a SpringForce"),
            ("AccelerateInterpolator(2f)",
             "AccelerateInterpolator(…): factor 2 makes a power of t that is not a cubic Bézier (factor 0.5, 1 or 1.5 are: t, t², t³)"),
            ("DecelerateInterpolator(nan)", "DecelerateInterpolator(…): cannot read 'nan' as a number"),
            ("PathInterpolator(0.4f, 0f, 0.2f)",
             "PathInterpolator(…) takes 2 numbers (a quadratic: controlX, controlY) or 4 (a cubic: x1, y1, x2, y2), got 3"),
            ("PathInterpolator(1.5f, 0f)", "PathInterpolator(…): the quadratic's controlX must lie in 0…1 (got 1.5)"),
            ("OvershootInterpolator(1e9f)", "OvershootInterpolator(…): tension must be finite and within ±1000000 (got 1000000000)"),
            ("@android:interpolator/bounce_interpolator",
             "bounce_interpolator is not a cubic Bézier (it is piecewise parabolas): use PathInterpolator(x1, y1, x2, y2) or a SpringForce"),
            ("android.R.interpolator.accelerate_decelerate",
             "accelerate_decelerate is not a cubic Bézier (it is a cosine): use PathInterpolator(x1, y1, x2, y2) or a SpringForce"),
            ("SpringAnimation(view, DynamicAnimation.X, 0f)\nanim.spring.stiffness = 0f", "SpringForce(): stiffness must be > 0 (got 0)"),
            ("SpringForce(0f).apply { stiffness = fast }", "SpringForce().apply { }: cannot read stiffness 'fast' as a number"),
            ("<pathInterpolator android:controlX1=\"0.4\" android:controlY1=\"0\" android:controlX2=\"0.2\"/>",
             "<pathInterpolator> needs controlX1 and controlY1, and controlX2 with controlY2 for a cubic"),
            // Flutter
            ("Curves.bounceOut",
             "Curves.bounceOut is not a cubic Bézier (Flutter defines it as piecewise parabolas): use Cubic(a, b, c, d) or a SpringDescription"),
            ("Curves.easeInOutCubicEmphasized",
             "Curves.easeInOutCubicEmphasized is not a cubic Bézier (Flutter defines it as a ThreePointCubic, two cubic Béziers joined at a midpoint): use Cubic(a, b, c, d) or a SpringDescription"),
            ("Curves.wobbly", "Curves.wobbly: Flutter's Curves has no cubic curve named wobbly"),
            ("Cubic(0.25, 0.1, 0.25)", "Cubic(…) takes 4 numbers a, b, c, d (x1, y1, x2, y2), got 3"),
            ("const ElasticOutCurve(0.5)",
             "ElasticOutCurve(…) is not a cubic Bézier (it is a decaying sine): use Cubic(a, b, c, d) or a SpringDescription"),
            ("SpringDescription(mass: 1, stiffness: 100)", "SpringDescription(…) needs damping (a required argument)"),
            ("SpringDescription(mass: 0, stiffness: 100, damping: 10)", "SpringDescription(…): mass must be > 0 (got 0)"),
            ("SpringDescription(mass: 1, stiffness: 100, damping: 10, damping: 12)",
             "SpringDescription(…): the argument damping is given twice (a compile error in Swift and Kotlin)"),
            ("SpringDescription.withDampingRatio(mass: 1, stiffness: 100, ratio: -0.5)", "SpringDescription.withDampingRatio(…): ratio must be ≥ 0 (got -0.5)"),
            ("SpringDescription.withDampingRatio(stiffness: 100)", "SpringDescription.withDampingRatio(…) needs mass (a required argument)"),
            ("SpringDescription.withDurationAndBounce(duration: Duration(microseconds: 500), bounce: 0.2)",
             "SpringDescription.withDurationAndBounce(…): duration must be at least 1 ms (Flutter asserts duration.inMilliseconds > 0; got 0.0005 s)"),
            ("SpringDescription.withDurationAndBounce(bounce: 1.5)", "SpringDescription.withDurationAndBounce(…): bounce must be > -1 and ≤ 1 (got 1.5)"),
            ("SpringDescription.withDurationAndBounce(duration: 500)",
             "SpringDescription.withDurationAndBounce(…): cannot read duration '500' as a Duration(…)"),
            ("SpringSimulation(SpringDescription(mass: 1, stiffness: 100, damping: 10), 0, 1)",
             "SpringSimulation(…) takes the spring, start, end and velocity (got 3 arguments)"),
            ("SpringSimulation(SpringDescription(mass: 1, stiffness: 100, damping: 10), 1, 1, 5)",
             "SpringSimulation(…): start and end are both 1, so velocity 5 is no speed toward the target"),
            ("AnimationController(duration: Duration(seconds: 0.5)); Curves.ease", "Duration(…): seconds must be a whole number (a Dart int; got '0.5')"),
            ("AnimationController(duration: Duration(ms: 300)); Curves.ease",
             "Duration(…) takes days, hours, minutes, seconds, milliseconds and microseconds by name (got 'ms')"),
            ("AnimationController(duration: Duration(milliseconds: -300)); Curves.ease", "Duration(…): the duration must not be negative (got -0.3 s)"),
        ]
        for (text, message) in cases { MotionImportTests.expectRefused(text, message) }
    }
}

/// Issue 41: what the Flutter, Android and Compose exports print reads back as the same motion:
/// ω₀ and ζ within 0.5 % for 8 springs (over-damped, critical, mass ≠ 1, moving), control points
/// within 10⁻⁴ and the duration for 4 curves; the worst errors are printed for the report.
@Suite struct GoogleRoundTripTests {
    /// MotionImportTests' springs but its two extremes (a 69 s settle, a 100 Hz row), and a light, stiff one.
    static let springs: [(name: String, spring: SpringConversion)] = MotionImportTests.springs.filter { !$0.name.hasPrefix("very") }
        + [("light and stiff: 30 Hz, ζ 0.3, m 0.16", SpringConversion(frequency: 30, dampingRatio: 0.3, mass: 0.16))]

    static let curves: [(name: String, curve: CubicTimingParameters, duration: Double)] = [
        ("easeInOut", CubicTimingParameters(animationCurve: .easeInOut), 0.3),
        ("Material standard", CubicTimingParameters(controlPoint1: Point(x: 0.4, y: 0), controlPoint2: Point(x: 0.2, y: 1)), 0.25),
        ("back-in overshoot", CubicTimingParameters(controlPoint1: Point(x: 0.6, y: -0.28), controlPoint2: Point(x: 0.735, y: 0.045)), 1.2345),
        ("linear", CubicTimingParameters(animationCurve: .linear), 2),
    ]

    @Test(arguments: [ExportFormat.flutter, .android, .compose]) func springsReadBack(_ format: ExportFormat) throws {
        var worst = (omega: 0.0, zeta: 0.0)
        #expect(Self.springs.count == 8)
        for (name, s) in Self.springs {
            let block = MotionExport(spring: s).code(for: format)
            // The whole block, and the code without its header comment (the platform's own words).
            let code = block.split(separator: "\n").filter { !$0.hasPrefix("//") }.joined(separator: "\n")
            for text in [block, code] {
                let read = try MotionImportTests.spring(text)
                let e = MotionImportTests.errors(read, s)
                worst = (Swift.max(worst.omega, e.omega), Swift.max(worst.zeta, e.zeta))
                #expect(e.omega < 0.005 && e.zeta < 0.005, "\(format) \(name): \(read) \(e)\n\(text)")
                if format == .flutter {
                    // Flutter's SpringDescription keeps the mass and SpringSimulation the velocity.
                    #expect(abs(read.mass - s.mass) <= 5e-4 * s.mass && abs(read.initialVelocity - s.initialVelocity) <= 5e-4 * abs(s.initialVelocity),
                            "\(name): \(read)")
                }
            }
            if format == .flutter, let line = block.split(separator: "\n").first(where: { $0.contains("withDurationAndBounce") }) {
                let e = MotionImportTests.errors(try MotionImportTests.spring(String(line)), s)
                #expect(e.omega < 0.001 && e.zeta < 0.001, "\(name): \(line) \(e)")
            }
        }
        print("GoogleRoundTrip \(format) springs: worst ω₀ \(worst.omega * 100) %, ζ \(worst.zeta * 100) %")
    }

    @Test(arguments: [ExportFormat.flutter, .android, .compose]) func curvesReadBack(_ format: ExportFormat) throws {
        for (name, c, duration) in Self.curves {
            let block = MotionExport(curve: c, duration: duration).code(for: format)
            let code = block.split(separator: "\n").filter { !$0.hasPrefix("//") }.joined(separator: "\n")
            for text in [block, code] {
                let (read, d) = try MotionImportTests.curve(text)
                MotionImportTests.expectSamePoints(read, c, "\(format) \(name)")
                #expect(d.map { abs($0 - duration) <= 5e-4 * duration } == true, "\(format) \(name): duration \(String(describing: d))\n\(text)")
            }
        }
    }

    /// The Flutter export in full for one spring and one curve: Flutter's own words.
    @Test func flutterExportSpellsFlutter() {
        let spring = MotionExport(spring: SpringConversion(mass: 1, stiffness: 100, damping: 10)).code(for: .flutter)
        #expect(spring.contains("const spring = SpringDescription(mass: 1, stiffness: 100, damping: 10);"))
        #expect(spring.contains("final simulation = SpringSimulation(spring, 0, 1, 0);"))
        // Apple's example: mass 1, stiffness 100, damping 10 is duration 0.628 s, bounce 0.5.
        #expect(spring.contains("SpringDescription.withDurationAndBounce(duration: const Duration(milliseconds: 628), bounce: 0.5);"), "\(spring)")
        let curve = MotionExport(curve: CubicTimingParameters(animationCurve: .easeInOut), duration: 0.3).code(for: .flutter)
        #expect(curve.contains("const curve = Cubic(0.42, 0, 0.58, 1);"))
        #expect(curve.contains("controller.animateTo(1, duration: const Duration(milliseconds: 300), curve: curve);"))
        #expect(curve.contains("const sameCurve = Curves.easeInOut;  // the same curve"))
        let odd = MotionExport(curve: CubicTimingParameters(animationCurve: .linear), duration: 1.2345678).code(for: .flutter)
        #expect(odd.contains("const Duration(microseconds: 1234568)") && odd.contains("Curves.linear"), "\(odd)")
        // A duration that whole milliseconds cannot keep within 0.1 % has no withDurationAndBounce line.
        let fast = MotionExport(spring: SpringConversion(frequency: 400, dampingRatio: 0.5)).code(for: .flutter)
        #expect(!fast.contains("withDurationAndBounce"), "\(fast)")
    }
}
