import Testing
import Geometry
@testable import Animation

/// Issue 37: the import reader's limits (no text traps it or keeps it busy), what it reads as the
/// languages define it (negative durations, hexadecimal floats, repeated labels and assignments,
/// `linear()`'s rules, Compose's `tween()` default) and messages naming the form, the argument,
/// the value and its range.
@Suite struct MotionImportLimitsTests {
    static func message(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        do {
            let motion = try MotionImport.parse(text)
            Issue.record("read \(motion) in \(text.prefix(80))", sourceLocation: sourceLocation)
            return ""
        } catch {
            #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
            return error.message
        }
    }

    // MARK: Limits

    @Test func deepNestingIsOneLineNotACrash() {
        let spring = ".spring(duration: 0.4, bounce: 0.2)"
        let refusal = "the text nests brackets deeper than 64 levels, the most the reader follows"
        // The issue's 20 KB of brackets (SIGSEGV before), and every kind of bracket.
        #expect(Self.message(String(repeating: "(", count: 10_000) + spring + String(repeating: ")", count: 10_000)) == refusal)
        #expect(Self.message(String(repeating: "[{f(", count: 5_000)) == refusal)
        #expect(Self.message(String(repeating: "{", count: 65)) == refusal)
        // 63 brackets around the call (64 levels with its own) still read.
        let deepest = String(repeating: "(", count: 63) + spring + String(repeating: ")", count: 63)
        #expect((try? MotionImport.parse(deepest)) == (try? MotionImport.parse(spring)))
        #expect(Self.message(String(repeating: "(", count: 64) + spring + String(repeating: ")", count: 64)) == refusal)
        #expect(MotionImport.maximumDepth == 64)
    }

    @Test func longTextIsRefusedBeforeItIsRead() {
        let long = String(repeating: "// padding\n", count: MotionImport.maximumLength / 11 + 1) + ".snappy"
        #expect(Self.message(long) == "the text is \(long.utf8.count) bytes long; the reader takes at most 131072 bytes (128 KiB), "
                + "far more than one spring or curve needs")
        // The issue's 2 MB linear() with 200 001 stops: refused for its length at once.
        let huge = "transition: all 1s linear(0, " + Array(repeating: "0.5", count: 200_000).joined(separator: ", ") + ", 1)"
        #expect(Self.message(huge).hasPrefix("the text is \(huge.utf8.count) bytes long"))
    }

    /// At most 10 000 stops; a spring's easing with that many still reads (the fit reads at most
    /// 400 of them: `kinetic curve import` takes 0.0x s for it in a release build, see the report).
    @Test func linearStopsAreLimited() throws {
        func easing(_ count: Int) -> String {
            let spring = try! SpringDialect.physical.spring(from: [1, 100, 10])
            let timing = spring.timingParameters!
            let d = timing.settlingDuration
            let stops = (0..<count).map { k -> String in
                k == count - 1 ? "1" : ExportNumber.decimals(timing.progress(atTime: d * Double(k) / Double(count - 1)), places: 4)
            }
            return "transition: transform \(d)s linear(" + stops.joined(separator: ", ") + ")"
        }
        let most = easing(MotionImport.maximumLinearStops)
        #expect(most.utf8.count <= MotionImport.maximumLength)
        guard case .spring(let s) = try MotionImport.parse(most) else { Issue.record("not a spring"); return }
        #expect(abs(s.angularFrequency - 10) < 0.01 && abs(s.dampingRatio - 0.5) < 0.001, "\(s)")
        #expect(Self.message(easing(MotionImport.maximumLinearStops + 1)) == "linear(…) has 10001 stops; the reader takes at most 10000")
        // A stop with two positions counts twice.
        let doubled = "linear(0, " + Array(repeating: "0.5 50% 50%", count: 5_000).joined(separator: ", ") + ", 1)"
        #expect(Self.message(doubled) == "linear(…) has 10002 stops; the reader takes at most 10000")
    }

    // MARK: As the languages define it

    @Test func negativeDurationsAreRefusedNamingThem() {
        let cases: [(String, String)] = [
            ("transition: transform -300ms ease", "transition: the duration must not be negative (got -300 ms)"),
            ("element.animate(k, { duration: -300, easing: \"ease-out\" })", "{ duration }: the duration must not be negative (got -300 ms)"),
            ("view.animate().setDuration(-300).setInterpolator(LinearInterpolator())", ".setDuration(…): the duration must not be negative (got -300 ms)"),
            ("tween(durationMillis = -300, easing = LinearEasing)", "tween(…): the duration must not be negative (got -300 ms)"),
            ("tween(-300)", "tween(…): the duration must not be negative (got -300 ms)"),
            ("animation.duration = -0.3\nanimation.timingFunction = CAMediaTimingFunction(name: .easeIn)",
             "animation.duration: the duration must not be negative (got -0.3 s)"),
            ("transition: opacity 1e999s ease", "transition: the duration must be finite (got a number beyond 1.8e+308 s)"),
        ]
        for (text, message) in cases { #expect(Self.message(text) == message, "\(text)") }
        // A negative delay is CSS (it starts the animation part-way through).
        #expect((try? MotionImport.parse("transition: opacity 300ms ease -100ms")) == .curve(CubicTimingParameters(), duration: 0.3))
        #expect((try? MotionImport.parse("transition-delay: -1s; transition: all 2s linear")) == .curve(CubicTimingParameters(animationCurve: .linear), duration: 2))
    }

    @Test func aSignAfterASpaceBelongsToTheNumber() {
        #expect(MotionSyntax.tokens(of: Array("transform -300ms x-1 x - 1 f(-2)")) == [
            .name("transform"), .number(-300, unit: "ms"), .name("x"), .symbol("-"), .number(1, unit: ""), .name("x"), .symbol("-"),
            .number(1, unit: ""), .name("f"), .symbol("("), .number(-2, unit: ""), .symbol(")"),
        ])
    }

    @Test func hexadecimalFloatsReadAsSwiftAndCReadThem() throws {
        #expect(MotionSyntax.tokens(of: Array("0x1p-3s 0x10 0x1F 0x1.8p1 -0x1p-1 0X1P+2 0x10L")) == [
            .number(0.125, unit: "s"), .number(16, unit: ""), .number(31, unit: ""), .number(3, unit: ""), .number(-0.5, unit: ""),
            .number(4, unit: ""), .number(16, unit: ""),
        ])
        #expect(try MotionImport.parse("transition: all 0x1p-3s ease") == .curve(CubicTimingParameters(), duration: 0.125))
        #expect(try MotionImport.parse(".spring(duration: 0x1p-1, bounce: 0.2)") == .spring(try SpringDialect.durationBounce.spring(from: [0.5, 0.2])))
        #expect(Self.message(".spring(duration: 0x1p-99999, bounce: 0.2)")
                == ".spring(…): duration must be > 0 (got 0)")
    }

    @Test func aLabelGivenTwiceInOneCallIsRefused() {
        #expect(Self.message(".spring(duration: 0.4, duration: 0.6)") == ".spring(…): the argument duration is given twice (a compile error in Swift and Kotlin)")
        #expect(Self.message("spring(stiffness = 100f, dampingRatio = 0.5f, stiffness = 200f)")
                == "spring(…): the argument stiffness is given twice (a compile error in Swift and Kotlin)")
    }

    @Test func theLastAssignmentWinsAsWhenTheCodeRuns() throws {
        let s = try MotionImport.parse("anim.stiffness = 100\nanim.damping = 10\nanim.stiffness = 300")
        #expect(s == .spring(SpringConversion(mass: 1, stiffness: 300, damping: 10)))
        // A JavaScript object's key given twice: the last.
        #expect(try MotionImport.parse("{ type: \"spring\", stiffness: 100, damping: 10, stiffness: 300 }")
                == .spring(SpringConversion(mass: 1, stiffness: 300, damping: 10)))
        #expect(try MotionImport.parse("a.duration = 0.2\na.duration = 0.5\na.timingFunction = CAMediaTimingFunction(name: .easeIn)")
                == .curve(CubicTimingParameters(animationCurve: .easeIn), duration: 0.5))
        let force = try MotionImport.parse("val force = SpringForce()\nforce.stiffness = 100f\nforce.dampingRatio = 0.5f\nforce.stiffness = 400f")
        #expect(force == .spring(try SpringDialect.unitMass.spring(from: [400, 0.5])))
    }

    @Test func linearNeedsTwoStopsAndASpringsStopsRunFrom0To1() throws {
        #expect(Self.message("linear()") == "linear(…) needs at least two stops (CSS Easing 2), got 0")
        #expect(Self.message("transition: all 1s linear(0)") == "linear(…) needs at least two stops (CSS Easing 2), got 1")
        // The issue's linear(1, 1, 1, 1): not a 44.8 Hz spring.
        let stops = "linear(…): a spring's stops run from progress 0 (the first) to 1 (the last); these run from 1 to 1"
        #expect(Self.message("linear(1, 1, 1, 1)") == stops)
        #expect(Self.message("transition: transform 1s linear(1, 1, 1, 1)") == stops)
        #expect(Self.message("transition: transform 1s linear(0, 0.5, 0.8)").hasSuffix("these run from 0 to 0.8"))
        // Stops on the straight line from (0, 0) to (1, 1) are the linear curve, with its duration.
        let linear = CubicTimingParameters(animationCurve: .linear)
        #expect(try MotionImport.parse("transition: all 2s linear(0, 0.5, 1)") == .curve(linear, duration: 2))
        #expect(try MotionImport.parse("transition: all 2s linear(0, 0.25 25%, 0.9 90%, 1)") == .curve(linear, duration: 2))
        #expect(try MotionImport.parse("linear(0, 1)") == .curve(linear, duration: nil))
        // Other shapes: a message about the stops, never an internal stiffness.
        let other = Self.message("transition: all 1s linear(0, 0.3, 1)")
        #expect(other == "linear(…) does not follow a damped spring closely enough to read one back")
        #expect(Self.message("transition: all 1s linear(0, 0.5 abc, 1)")
                == "linear(…): cannot read the stop '0.5 abc' (a number, then up to two percentages)")
    }

    @Test func composeTweenDefaultsToFastOutSlowInEasing() throws {
        let standard = CubicTimingParameters(controlPoint1: Point(x: 0.4, y: 0), controlPoint2: Point(x: 0.2, y: 1))
        #expect(try MotionImport.parse("tween(durationMillis = 300)") == .curve(standard, duration: 0.3))
        #expect(try MotionImport.parse("animationSpec = tween<Float>()") == .curve(standard, duration: 0.3))
        #expect(try MotionImport.parse("tween(500, 100)") == .curve(standard, duration: 0.5))
        #expect(try MotionImport.parse("tween(durationMillis = 200, easing = LinearEasing)") == .curve(CubicTimingParameters(animationCurve: .linear), duration: 0.2))
    }

    // MARK: Messages

    /// A spring with no damping never settles: said as `kinetic curve spring` says it, naming the
    /// form and its argument (all said "damping must be positive and finite (got 0.0)" before).
    @Test func noDampingSaysTheSpringNeverSettles() {
        let tail = " means the spring has no damping (damping ratio 0): it never settles, so it cannot be imported"
        let cases: [(String, String)] = [
            (".spring(duration: 0.4, bounce: 1)", ".spring(…): bounce 1"),
            (".spring(response: 0.5, dampingFraction: 0)", ".spring(…): dampingFraction 0"),
            ("Spring(response: 0.5, dampingRatio: 0)", "Spring(…): dampingRatio 0"),
            (".interpolatingSpring(stiffness: 100, damping: 0)", ".interpolatingSpring(…): damping 0"),
            ("SpringForce().setStiffness(400f).setDampingRatio(0f)", "SpringForce(): dampingRatio 0"),
            ("spring(dampingRatio = 0f, stiffness = 400f)", "spring(…): dampingRatio 0"),
            ("config: { tension: 170, friction: 0 }", "{ tension, friction }: friction 0"),
            ("attachment.frequency = 2\nattachment.damping = 0", "attachment: damping 0"),
            ("UISpringTimingParameters(dampingRatio: 0)\nUIViewPropertyAnimator(duration: 0.5, timingParameters: t)", "UISpringTimingParameters(…): dampingRatio 0"),
        ]
        for (text, head) in cases { #expect(Self.message(text) == head + tail, "\(text)") }
    }

    @Test func numbersInMessagesKeepTheirExponent() {
        #expect(Self.message("transition: all 1e308s ease") == "ease: the duration must be between 0.001 and 3600 seconds (got 1e+308)")
        #expect(Self.message("transition: all 1e-300s ease") == "ease: the duration must be between 0.001 and 3600 seconds (got 1e-300)")
        #expect(Self.message(".spring(duration: 1e-300)") == ".spring(…): duration must be between 0.006283 and 6283 s for a spring Kinetic runs (got 1e-300)")
    }

    /// Springs whose numbers overflow what Kinetic runs (they killed the app when pasted) are
    /// refused naming the argument; those at the edges of the range read with finite values.
    @Test func extremeSpringsAreRefusedOrFinite() throws {
        #expect(Self.message(".interpolatingSpring(mass: 1, stiffness: 1e308, damping: 1e308, initialVelocity: 0)")
                == ".interpolatingSpring(…): stiffness must be between 1e-6 and 1e6 for a spring Kinetic runs (got 1e+308)")
        #expect(Self.message(".spring(response: 0.5, dampingFraction: 1e300)")
                == ".spring(…): with response 0.5, dampingFraction must be between 3.97887e-08 and 39788.7 for a spring Kinetic runs (got 1e+300)")
        #expect(Self.message("attachment.frequency = 1000\nattachment.damping = 0.5")
                == "attachment: frequency must be between 0.0001592 and 159.2 Hz for a spring Kinetic runs (got 1000)")
        #expect(Self.message(".interpolatingSpring(mass: 1e-6, stiffness: 1e6, damping: 1)")
                == ".interpolatingSpring(…): stiffness 1000000 with mass 0.000001 moves as a unit mass with stiffness 1000000000000, outside the 1e-6…1e6 Kinetic runs")
        #expect(Self.message("UISpringTimingParameters(dampingRatio: 1e300)\nUIViewPropertyAnimator(duration: 0.5, timingParameters: t)")
                == "UISpringTimingParameters(…): dampingRatio must be between 0.000001 and 10000 for a spring Kinetic runs (got 1e+300)")
        // A tiny ratio made the settling search step forever (found by the fuzz test).
        #expect(Self.message("UISpringTimingParameters(dampingRatio: 1e-300)\nUIViewPropertyAnimator(duration: 0.5, timingParameters: t)")
                == "UISpringTimingParameters(…): dampingRatio must be between 0.000001 and 10000 for a spring Kinetic runs (got 1e-300)")
        #expect(Self.message("UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 1e300, dy: 0))")
                == "UISpringTimingParameters(…): initialVelocity must be within ±1000000 (got 1e+300)")
        let edges = [
            ".interpolatingSpring(mass: 1, stiffness: 1e6, damping: 1e6, initialVelocity: 1e6)",
            ".interpolatingSpring(mass: 1, stiffness: 1e-6, damping: 1e-6)",
            ".spring(duration: 0.0063, bounce: 0.999)", ".spring(duration: 6000, bounce: -0.9)",
            "attachment.frequency = 159\nattachment.damping = 500",
            "UISpringTimingParameters(dampingRatio: 10000)\nUIViewPropertyAnimator(duration: 3600, timingParameters: t)",
        ]
        for text in edges {
            guard case .spring(let s) = try MotionImport.parse(text) else { Issue.record("not a spring: \(text)"); continue }
            let values = [s.mass, s.stiffness, s.damping, s.initialVelocity, s.angularFrequency, s.dampingRatio, s.response, s.frequency]
            #expect(values.allSatisfy(\.isFinite) && s.settlingDuration?.isFinite == true, "\(text): \(s)")
        }
    }
}
