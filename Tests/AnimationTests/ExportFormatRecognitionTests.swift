import Testing
import Geometry
@testable import Animation

/// Issue 41: the platform a pasted text is written for (``ExportFormat/init(recognizing:)``), so
/// that E exports first in the dialect last used; and the platform of each HUD spring dialect.
@Suite struct ExportFormatRecognitionTests {
    /// Snippets as each platform's documentation writes them, with the page quoted.
    static let documented: [(text: String, format: ExportFormat, source: String)] = [
        ("let timing = UISpringTimingParameters(dampingRatio: 0.8)", .uikit,
         "developer.apple.com/documentation/uikit/uispringtimingparameters"),
        ("UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, options: [], animations: {})",
         .uikit, "developer.apple.com/documentation/uikit/uiview (animate(withDuration:delay:usingSpringWithDamping:…))"),
        ("let spring = CASpringAnimation(keyPath: \"position.x\")\nspring.damping = 5", .uikit,
         "developer.apple.com/documentation/quartzcore/caspringanimation"),
        ("UIViewPropertyAnimator(duration: 0.5, curve: .easeInOut)", .uikit,
         "developer.apple.com/documentation/uikit/uiviewpropertyanimator"),
        ("withAnimation(.spring(duration: 0.5, bounce: 0.3)) { flag.toggle() }", .swiftui,
         "developer.apple.com/documentation/swiftui/animation/spring(duration:bounce:blendduration:)"),
        (".animation(.interpolatingSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))", .swiftui,
         "developer.apple.com/documentation/swiftui/animation/interpolatingspring(mass:stiffness:damping:initialvelocity:)"),
        (".linear(duration: 0.3)", .swiftui, "developer.apple.com/documentation/swiftui/animation/linear(duration:)"),
        ("transition: transform 0.3s cubic-bezier(0.1, 0.7, 1.0, 0.1);", .css,
         "developer.mozilla.org/docs/Web/CSS/easing-function (cubic-bezier(0.1, 0.7, 1, 0.1))"),
        ("animation-timing-function: linear(0, 0.25, 1);", .css, "developer.mozilla.org/docs/Web/CSS/easing-function (linear())"),
        ("transition: opacity 1s ease-in;", .css, "developer.mozilla.org/docs/Web/CSS/transition"),
        ("val force = SpringForce(0f).setStiffness(SpringForce.STIFFNESS_LOW)", .android,
         "developer.android.com/reference/androidx/dynamicanimation/animation/SpringForce"),
        ("view.animate().setInterpolator(PathInterpolator(0.4f, 0f, 0.2f, 1f))", .android,
         "developer.android.com/reference/android/view/animation/PathInterpolator"),
        ("anim.interpolator = FastOutSlowInInterpolator()", .android,
         "developer.android.com/reference/androidx/interpolator/view/animation/FastOutSlowInInterpolator"),
        ("animationSpec = spring(dampingRatio = Spring.DampingRatioHighBouncy, stiffness = Spring.StiffnessMedium)", .compose,
         "developer.android.com/jetpack/compose/animation/customize"),
        ("animationSpec = tween(durationMillis = 300, easing = FastOutSlowInEasing)", .compose,
         "developer.android.com/jetpack/compose/animation/customize"),
        ("tween(durationMillis = 500, easing = EaseInOutCubic)", .compose, "developer.android.com/reference/kotlin/androidx/compose/animation/core/package-summary (EaseInOutCubic)"),
        ("<motion.div animate={{ x: 100 }} transition={{ type: \"spring\", stiffness: 100 }} />", .web,
         "motion.dev/docs/react-transitions"),
        ("transition: { type: \"spring\", visualDuration: 0.5, bounce: 0.25 }", .web, "motion.dev/docs/react-transitions"),
        ("useSpring({ x: 1, config: { mass: 1, tension: 170, friction: 26 } })", .web, "react-spring.dev/docs/advanced/config"),
        ("element.animate(keyframes, { duration: 300, easing: \"cubic-bezier(0.42, 0, 0.58, 1)\" })", .web,
         "developer.mozilla.org/docs/Web/API/Element/animate"),
    ]

    @Test func documentedSnippetsNameTheirPlatform() {
        for row in Self.documented {
            #expect(ExportFormat(recognizing: row.text) == row.format, "\(row.source): \(row.text)")
        }
    }

    /// Every section E writes, for springs and curves, names its own format; so does the whole
    /// block with any format first (a block pasted back keeps its first platform).
    @Test func kineticsOwnExportNamesEachFormat() {
        let exports = [MotionExport(spring: SpringConversion(mass: 1, stiffness: 100, damping: 10)),
                       MotionExport(spring: SpringConversion(mass: 2, stiffness: 300, damping: 12, initialVelocity: -3)),
                       MotionExport(spring: SpringConversion(mass: 3, stiffness: 1000, damping: 500)),
                       MotionExport(curve: CubicTimingParameters(), duration: 0.3),
                       MotionExport(curve: CubicTimingParameters(controlPoint1: Point(x: 0.17, y: 0.67), controlPoint2: Point(x: 0.76, y: 1)),
                                    duration: 0.45, origin: "cards: the card's expansion")]
        for export in exports {
            for format in ExportFormat.allCases {
                #expect(ExportFormat(recognizing: export.code(for: format)) == format, "\(format): \(export.code(for: format))")
                let block = export.code(for: ExportFormat.order(first: format))
                #expect(ExportFormat(recognizing: block) == format, "block, \(format) first")
            }
        }
    }

    /// Text with no platform's word names none; matching is case-sensitive and on whole words
    /// as written (a CSS word inside framer-motion's object is the object's).
    @Test func textWithoutAPlatformWordNamesNone() {
        for text in ["", "0.25, 0.1, 0.25, 1", "bogus(1)", "uispringtimingparameters", "NaN", "spring", "Transition: x",
                     String(repeating: "x", count: 10_000)] {
            #expect(ExportFormat(recognizing: text) == nil, "\(text.prefix(40))")
        }
        #expect(ExportFormat(recognizing: "transition: { duration: 0.3 }") == .web)
    }

    /// Each row is one word; no word is listed twice.
    @Test func oneRowPerWord() {
        let words = ExportFormat.keywords.map(\.text)
        #expect(Set(words).count == words.count)
        #expect(Set(ExportFormat.keywords.map(\.format)) == Set(ExportFormat.allCases))
    }

    /// The HUD's dialects: UIKit's m·k·c and UIKit Dynamics' f·ζ, SwiftUI's two, Compose's unit mass.
    @Test func dialectsNameTheirPlatform() {
        #expect(ExportFormat(.physical) == .uikit)
        #expect(ExportFormat(.attachment) == .uikit)
        #expect(ExportFormat(.durationBounce) == .swiftui)
        #expect(ExportFormat(.responseDampingFraction) == .swiftui)
        #expect(ExportFormat(.unitMass) == .compose)
    }

    /// E's order: the format last used first, then the rest as ``ExportFormat/allCases`` lists them.
    @Test func orderPutsTheFormatFirst() {
        #expect(ExportFormat.order(first: nil) == ExportFormat.allCases)
        #expect(ExportFormat.order(first: .swiftui) == [.swiftui] + ExportFormat.allCases.filter { $0 != .swiftui })
        #expect(ExportFormat.order(first: .swiftui).prefix(6) == [.swiftui, .uikit, .css, .android, .compose, .web])
        for f in ExportFormat.allCases {
            let order = ExportFormat.order(first: f)
            #expect(order.first == f && Set(order) == Set(ExportFormat.allCases) && order.count == ExportFormat.allCases.count)
        }
    }
}
