import Geometry
import Animation

/// Random code for ``Animation/MotionImport`` (issue 37), reproducible by seed: the fuzz test of
/// the import reader parses them by the hundred thousand, and ``SceneFuzzer`` pastes them into
/// its sessions as a script's `{"type": "paste", "text": …}` line would.
///
/// Each snippet is one of
/// - a form of every dialect the reader knows (UIKit, Core Animation, UIKit Dynamics, SwiftUI,
///   CSS, Android, Compose, framer-motion, react-spring, React Native, web animations, MotionExport's header)
///   with random numbers: plausible ones, and extremes (0, negatives, 1e308, 1e-300, 5e-324,
///   1e999, hexadecimal floats, `nan` and `Infinity` spelled as the languages spell them, numbers
///   cut short, a 400-digit number, units where none belong);
/// - what ``Animation/MotionExport`` prints for one of a few springs and curves, as a whole block
///   or one line of it;
/// - a CSS `linear()` with random stops (none, one, a few, or around
///   ``Animation/MotionImport/maximumLinearStops``);
///
/// then, half of the time, mutated one to three times: a character dropped, duplicated, swapped
/// with its neighbour or inserted, a number replaced, a piece duplicated elsewhere, the text cut
/// short, joined to another snippet, wrapped in brackets (a few levels, around
/// ``Animation/MotionImport/maximumDepth``, or thousands), or repeated past
/// ``Animation/MotionImport/maximumLength``.
package struct MotionSnippets {
    var random: SeededRandom
    /// The chance that a snippet is made far larger than the reader takes (thousands of nested
    /// brackets, text past the length limit, a `linear()` past the stop limit). Default 0.002;
    /// ``SceneFuzzer`` uses less (each paste is kept in the session's log).
    package var hugeChance: Double

    /// Snippets from `seed`; `hugeChance` as ``hugeChance``.
    package init(seed: UInt64, hugeChance: Double = 0.002) {
        random = SeededRandom(seed: seed)
        self.hugeChance = hugeChance
    }

    /// The next snippet.
    package mutating func next() -> String {
        var text: String
        let r = random.unit()
        if r < 0.6 { text = template() }
        else if r < 0.8 { text = exported() }
        else { text = linear(duration: true) }
        if random.chance(0.5) {
            for _ in 0..<(1 + random.int(3)) { text = mutate(text) }
        }
        if random.chance(hugeChance) { text = huge(text) }
        return text
    }

    // MARK: Forms

    /// The forms, with `#` for a number and `$` for `linear()` stops.
    static let templates: [String] = [
        // UIKit and Core Animation
        "UISpringTimingParameters(mass: #, stiffness: #, damping: #, initialVelocity: CGVector(dx: #, dy: 0))",
        "UISpringTimingParameters(mass: #, stiffness: #, damping: #, initialVelocity: .zero)",
        "let timing = UISpringTimingParameters(dampingRatio: #, initialVelocity: CGVector(dx: #, dy: 0))\nlet animator = UIViewPropertyAnimator(duration: #, timingParameters: timing)",
        "UISpringTimingParameters(dampingRatio: #)",
        "let p = UISpringTimingParameters(duration: #, bounce: #, initialVelocity: CGVector(dx: #, dy: 0))",
        "attachment.frequency = #\nattachment.damping = #",
        "attachment.frequency = #; attachment.damping = #; attachment.frequency = #",
        "let a = CASpringAnimation(keyPath: \"position\")\na.mass = #\na.stiffness = #\na.damping = #\na.initialVelocity = #\na.duration = #",
        "spring.stiffness = #; spring.damping = #; spring.stiffness = #",
        "CASpringAnimation(perceptualDuration: #, bounce: #)",
        "UICubicTimingParameters(controlPoint1: CGPoint(x: #, y: #), controlPoint2: CGPoint(x: #, y: #))",
        "UICubicTimingParameters(animationCurve: .easeInOut)",
        "UIViewPropertyAnimator(duration: #, timingParameters: UICubicTimingParameters(animationCurve: .easeOut))",
        "CAMediaTimingFunction(controlPoints: #, #, #, #)",
        "CAMediaTimingFunction(name: .easeInEaseOut)\nanimation.duration = #",
        "UIView.animate(withDuration: #, delay: #, usingSpringWithDamping: #, initialSpringVelocity: #, options: [], animations: { })",
        "UIView.animate(springDuration: #, bounce: #, initialSpringVelocity: #) { }", "UIView.animate { }",
        "UIView.animate(withDuration: #, delay: #, options: [.allowUserInteraction, .curveEaseOut], animations: { })",
        "UIView.animate(withDuration: #) { }", "UIViewPropertyAnimator(duration: #, dampingRatio: #) { }",
        "UIViewPropertyAnimator(duration: #, controlPoint1: CGPoint(x: #, y: #), controlPoint2: CGPoint(x: #, y: #)) { }",
        "UIViewPropertyAnimator(duration: #, curve: .easeIn) { }",
        "let s = CASpringAnimation(keyPath: \"position\")\ns.damping = #",
        "let s = CASpringAnimation()\ns.mass = #\ns.damping = #\ns.allowsOverdamping = true",
        // SwiftUI
        ".spring(response: #, dampingFraction: #, blendDuration: #)",
        "withAnimation(.spring(duration: #, bounce: #)) { open = true }",
        ".spring(duration: #, duration: #)",
        "Spring(response: #, dampingRatio: #)",
        ".spring(Spring(mass: #, stiffness: #, damping: #, allowOverDamping: true))",
        ".interpolatingSpring(mass: #, stiffness: #, damping: #, initialVelocity: #)",
        ".interpolatingSpring(duration: #, bounce: #)",
        ".animation(.snappy(duration: #, extraBounce: #), value: x)",
        ".animation(.smooth, value: x)", ".bouncy(duration: #)", ".animation(.spring, value: x)",
        ".interactiveSpring(response: #, dampingFraction: #)",
        ".timingCurve(#, #, #, #, duration: #)", ".animation(.easeInOut(duration: #), value: x)", ".linear(duration: #)",
        "withAnimation { x = # }", ".animation(.default, value: x)", ".animation(.easeInOut, value: x)", ".timingCurve(#, #, #, #)",
        // CSS
        "transition: transform #s $;", "transition: opacity #ms cubic-bezier(#, #, #, #);", "animation: fade #s ease-in-out",
        "transition: transform #ms ease #ms", "transition-timing-function: ease", "transition-delay: #s; transition: all #s linear",
        // Android and Compose
        "SpringForce().setStiffness(#f).setDampingRatio(#f)",
        "SpringForce().setStiffness(SpringForce.STIFFNESS_LOW).setDampingRatio(SpringForce.DAMPING_RATIO_HIGH_BOUNCY)",
        "val force = SpringForce()\nforce.stiffness = #f\nforce.dampingRatio = #f",
        "view.animate().setDuration(#).setInterpolator(PathInterpolator(#f, #f, #f, #f))",
        "view.animate().setInterpolator(LinearInterpolator())",
        "spring(dampingRatio = #f, stiffness = #f)",
        "animateFloatAsState(1f, animationSpec = spring<Float>(stiffness = Spring.StiffnessMediumLow, dampingRatio = Spring.DampingRatioMediumBouncy))",
        "tween<Float>(durationMillis = #, easing = CubicBezierEasing(#f, #f, #f, #f))",
        "tween(durationMillis = #)", "tween(#, easing = LinearOutSlowInEasing)", "tween<Float>(durationMillis = #, easing = FastOutSlowInEasing)",
        "tween<Float>()", "tween(#, easing = EaseInOutCubic)", "tween(durationMillis = #, easing = EaseOutBounce)",
        "view.animate().setInterpolator(PathInterpolator(#f, #f))", "AccelerateInterpolator(#f)", "DecelerateInterpolator()",
        "OvershootInterpolator(#f)", "AccelerateDecelerateInterpolator()", "FastOutSlowInInterpolator()",
        "AnimationUtils.loadInterpolator(context, android.R.interpolator.fast_out_slow_in)", "@android:interpolator/decelerate_cubic",
        "<pathInterpolator android:controlX1=\"#\" android:controlY1=\"#\" android:controlX2=\"#\" android:controlY2=\"#\"/>",
        "val anim = SpringAnimation(view, DynamicAnimation.TRANSLATION_Y, #f)\nanim.spring.stiffness = #f\nanim.spring.dampingRatio = #f",
        "SpringForce(#f).apply { stiffness = #f; dampingRatio = #f }",
        // Flutter
        "SpringSimulation(const SpringDescription(mass: #, stiffness: #, damping: #), #, #, #)",
        "final spring = SpringDescription.withDampingRatio(mass: #, stiffness: #, ratio: #);\ncontroller.animateWith(SpringSimulation(spring, 0, 1, #));",
        "SpringDescription.withDurationAndBounce(duration: const Duration(milliseconds: #), bounce: #)",
        "AnimatedContainer(duration: const Duration(seconds: #, milliseconds: #), curve: Curves.easeInOutCubic)",
        "controller.animateTo(1, duration: Duration(microseconds: #), curve: Cubic(#, #, #, #))", "Curves.elasticOut", "Curves.easeIn.flipped",
        // web
        "<motion.div animate={{ x: 100 }} transition={{ type: \"spring\", stiffness: #, damping: #, mass: #, velocity: # }} />",
        "transition: { type: 'spring', stiffness: #, stiffness: # }",
        "{ type: \"spring\", bounce: #, duration: # }",
        "useSpring({ x: 1, config: { mass: #, tension: #, friction: # } })",
        "useSpring({ x: 1, config: config.wobbly })",
        "element.animate(keyframes, { duration: #, easing: \"$\" })",
        "element.animate(keyframes, { duration: #, easing: \"cubic-bezier(#, #, #, #)\" })",
        "transition={{ duration: #, ease: [#, #, #, #] }}",
        "{ type: \"spring\", visualDuration: #, bounce: # }", "transition={{ ease: \"backOut\", duration: # }}", "transition={{ ease: \"circInOut\" }}",
        // React Native
        "Animated.spring(value, { toValue: 1, tension: #, friction: #, useNativeDriver: true }).start();",
        "Animated.spring(value, { toValue: 1, bounciness: #, speed: #, velocity: # })",
        "Animated.spring(value, { toValue: 1, stiffness: #, damping: #, mass: #, tension: # })",
        "Animated.timing(value, { toValue: 1, duration: #, easing: Easing.bezier(#, #, #, #), useNativeDriver: true })",
        "Animated.timing(value, { toValue: 1, duration: #, easing: Easing.out(Easing.back(#)) })", "Animated.timing(value, { toValue: 1, duration: # })",
        // CSS steps
        "transition: transform #s steps(#, end)", "animation-timing-function: step-start",
        // MotionExport's headers
        "// UIKit — mass #, stiffness #, damping #, initial velocity #: ω₀ 14.14 rad/s",
        "/* CSS — cubic Bézier (#, #), (#, #) over # s */",
    ]

    /// Numbers as code spells them at the edges: zero, signs, overflow and underflow, subnormals,
    /// hexadecimal floats, NaN and infinity by name, numbers cut short.
    static let extremes: [String] = [
        "0", "-0", "-1", "-300", "-0.0001", "1e308", "-1e308", "1.7976931348623157e308", "1e-300", "5e-324", "1e999", "-1e999", "1e-999",
        "nan", "NaN", "Infinity", "-Infinity", ".infinity", "Double.nan", "Float.POSITIVE_INFINITY", "CGFloat.greatestFiniteMagnitude",
        "0x1p-3", "0x1.8p1", "0xFF", "-0x1p-1", "0x1p1023", "0x1p1024", "0x1p-1074", "0x1p99999", "0x1P-99999", "0x", "0x.p", "0xg",
        "1e", "1e+", ".5", "5.", "1_000", "0.6f", "1.0e-3", "300ms", "0.3s", "45%", "1", "1.0000001", "0.9999999", "1e6", "1e-6",
        "1000001", "2147483648", "9223372036854775808", "", "-", "--1", "+5", "- 1", "1.2.3", "1e3e3",
        String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 400) + "1",
    ]

    /// A number: plausible (60 %), a small integer (10 %), or an edge (30 %), now and then with a unit.
    mutating func number() -> String {
        let r = random.unit()
        var text: String
        if r < 0.6 {
            let magnitude = random.range(-3, 3.5)
            var value = 1.0
            for _ in 0..<Int(abs(magnitude)) { value = magnitude < 0 ? value / 10 : value * 10 }
            value *= 1 + random.unit() * 9
            text = "\((value * 10_000).rounded() / 10_000)"
        } else if r < 0.7 {
            text = "\(random.int(1001))"
        } else {
            text = Self.extremes[random.int(Self.extremes.count)]
        }
        if random.chance(0.05) { text += ["s", "ms", "%", "f", "px", "e", "L"][random.int(7)] }
        return text
    }

    /// A form of `templates` with its numbers (and stops) filled in.
    mutating func template() -> String {
        let form = Self.templates[random.int(Self.templates.count)]
        var text = ""
        for c in form {
            if c == "#" { text += number() }
            else if c == "$" { text += linear(duration: false) }
            else { text.append(c) }
        }
        return text
    }

    /// A CSS `linear()` (after a duration when `duration`): the identity, a spring's stops
    /// rounded as exporters print them, or random stops; none, one, a few, or near the limit.
    mutating func linear(duration: Bool) -> String {
        let limit = MotionImport.maximumLinearStops
        let count: Int
        let r = random.unit()
        if r < 0.05 { count = random.int(2) }
        else if r < 0.985 { count = 2 + random.int(40) }
        else if random.chance(0.02) { count = limit - 1 + random.int(3) }
        else { count = 50 + random.int(400) }
        var stops: [String] = []
        stops.reserveCapacity(count)
        // The identity (30 %), a spring (5 %: each is fitted, by far the slowest reading; a few
        // hundred in 100 000 snippets test the fit's safety) or random stops.
        let pick = random.unit()
        let kind = pick < 0.3 ? 0 : pick < 0.35 ? 1 : 2
        // A spring: x(t) = e^(−ζωt)·cos(ω_d·t) for a light damping, sampled evenly.
        let omega = random.range(2, 40), zeta = random.range(0.05, 0.9)
        let seconds = 4.6 / (zeta * omega)
        for k in 0..<count {
            let fraction = count > 1 ? Double(k) / Double(count - 1) : 0
            switch kind {
            case 0: // the identity
                stops.append("\(fraction)")
            case 1: // a spring
                let t = fraction * seconds, wd = omega * (1 - zeta * zeta).squareRoot()
                let x = k == count - 1 ? 0 : Self.exp(-zeta * omega * t) * Self.cos(wd * t)
                var stop = "\(((1 - x) * 10_000).rounded() / 10_000)"
                if k > 0 && k < count - 1 && random.chance(0.5) { stop += " \((fraction * 1_000_000).rounded() / 10_000)%" }
                stops.append(stop)
            default: // random stops
                var stop = random.chance(0.8) ? "\((random.range(-0.5, 1.5) * 1000).rounded() / 1000)" : number()
                if random.chance(0.3) { stop += " " + number() + "%" }
                if random.chance(0.05) { stop += " " + number() + "%" }
                stops.append(stop)
            }
        }
        let easing = "linear(" + stops.joined(separator: ", ") + ")"
        return duration ? "transition: transform \(number())s \(easing)" : easing
    }

    /// e^x and cos x without Foundation's (Lab has it, but the generator keeps to Swift's own
    /// arithmetic so that every platform gives the same snippets): Taylor series after range reduction.
    static func exp(_ x: Double) -> Double {
        guard x > -700 else { return 0 }
        var halvings = 0, y = x
        while abs(y) > 0.5 { y /= 2; halvings += 1 }
        var term = 1.0, sum = 1.0
        for n in 1..<20 { term *= y / Double(n); sum += term }
        for _ in 0..<halvings { sum *= sum }
        return sum
    }

    static func cos(_ x: Double) -> Double {
        let twoPi = 2 * Double.pi
        var y = x - (x / twoPi).rounded(.down) * twoPi
        if y > Double.pi { y -= twoPi }
        var term = 1.0, sum = 1.0
        for n in stride(from: 2, to: 40, by: 2) { term *= -y * y / Double(n * (n - 1)); sum += term }
        return sum
    }

    // MARK: Exported code

    /// What MotionExport prints for a few springs and curves (every format together, then each
    /// alone), made once: exporting a spring's `linear()` samples it finely.
    static let exports: [String] = {
        let springs = [SpringConversion(mass: 1, stiffness: 100, damping: 10), SpringConversion(frequency: 2, dampingRatio: 1),
                       SpringConversion(mass: 3, stiffness: 1000, damping: 500), SpringConversion(mass: 1, stiffness: 100, damping: 10, initialVelocity: 5),
                       SpringConversion(frequency: 3, dampingRatio: 0.05)]
        let curves = [(CubicTimingParameters(animationCurve: .easeInOut), 0.3),
                      (CubicTimingParameters(controlPoint1: Point(x: 0.6, y: -0.28), controlPoint2: Point(x: 0.735, y: 0.045)), 0.25)]
        var texts: [String] = []
        for s in springs {
            let export = MotionExport(spring: s, origin: "fuzz")
            texts.append(export.code())
            for format in ExportFormat.allCases { texts.append(export.code(for: format)) }
        }
        for (c, d) in curves {
            let export = MotionExport(curve: c, duration: d)
            texts.append(export.code())
            for format in ExportFormat.allCases { texts.append(export.code(for: format)) }
        }
        return texts
    }()

    /// A block MotionExport printed, or one line of it.
    mutating func exported() -> String {
        let text = Self.exports[random.int(Self.exports.count)]
        guard random.chance(0.5) else { return text }
        let lines = text.split(separator: "\n")
        return lines.isEmpty ? text : String(lines[random.int(lines.count)])
    }

    // MARK: Mutations

    /// Characters code is made of, for insertions.
    static let syntax = Array("(){}[]<>,:;=.-+\"'`/*\n \t0123456789eExXpPfs%#_$")

    /// `text` changed once.
    mutating func mutate(_ text: String) -> String {
        var chars = Array(text)
        let at = chars.isEmpty ? 0 : random.int(chars.count)
        switch random.int(10) {
        case 0: if !chars.isEmpty { chars.remove(at: at) }
        case 1: if !chars.isEmpty { chars.insert(chars[at], at: at) }
        case 2: if at + 1 < chars.count { chars.swapAt(at, at + 1) }
        case 3: chars.insert(Self.syntax[random.int(Self.syntax.count)], at: at)
        case 4: chars = Array(chars.prefix(at))
        case 5: // a number replaced
            guard let start = chars.indices.first(where: { $0 >= at && chars[$0].isNumber }) else { break }
            var end = start
            while end < chars.count, chars[end].isNumber || chars[end] == "." { end += 1 }
            chars.replaceSubrange(start..<end, with: Array(number()))
        case 6: // a piece duplicated elsewhere (a label given twice, a call repeated)
            let length = Swift.min(chars.count - at, 1 + random.int(40))
            let piece = Array(chars[at..<(at + length)])
            chars.insert(contentsOf: piece, at: chars.isEmpty ? 0 : random.int(chars.count + 1))
        case 7: // joined to another snippet
            let other = random.chance(0.5) ? template() : exported()
            chars += Array(["\n", "; ", " ", ", "][random.int(4)]) + Array(other)
        case 8: // wrapped in brackets: a few levels, or around the limit
            let depth = random.chance(0.7) ? 1 + random.int(6) : MotionImport.maximumDepth - 3 + random.int(6)
            return wrap(String(chars), depth: depth)
        default: // a bracket left open or closed twice
            chars.insert(["(", ")", "{", "}", "[", "]"][random.int(6)], at: at)
        }
        return String(chars)
    }

    /// `text` inside `depth` brackets, of mixed kinds, each opened right after a name now and then.
    mutating func wrap(_ text: String, depth: Int) -> String {
        var open = "", close = ""
        for _ in 0..<depth {
            let k = random.int(4)
            open += ["(", "[", "{", "f("][k]
            close = [")", "]", "}", ")"][k] + close
        }
        return open + text + close
    }

    /// `text` made far larger than the reader takes.
    mutating func huge(_ text: String) -> String {
        switch random.int(3) {
        case 0: return wrap(text, depth: 1000 + random.int(10_000))
        case 1: return String(repeating: text + "\n", count: MotionImport.maximumLength / Swift.max(text.utf8.count, 1) + 2)
        default:
            let stops = (0...MotionImport.maximumLinearStops + random.int(100)).map { "\(Double($0) / Double(MotionImport.maximumLinearStops))" }
            return "transition: transform 1s linear(" + stops.joined(separator: ",") + ")"
        }
    }
}
