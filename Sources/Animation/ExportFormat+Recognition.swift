/// Which platform a piece of animation code is written for, so the app can export first in the
/// dialect a person last used (the E key, issue 41): from pasted text, by a table of the
/// platforms' own API words, or from the HUD's spring dialect.
extension ExportFormat {
    /// One word of a platform's animation API and the format that writes it: one row per word,
    /// so a format added later adds its own rows.
    public struct Keyword: Sendable, Hashable {
        /// The word, matched case-sensitively anywhere in the text.
        public let text: String
        /// The platform that writes it.
        public let format: ExportFormat
        /// `text`, written by `format`.
        public init(_ text: String, _ format: ExportFormat) { self.text = text; self.format = format }
    }

    /// The words that name a platform, each from the platform's own documentation:
    /// - UIKit: developer.apple.com/documentation/uikit/property-based-animations
    ///   (`UIViewPropertyAnimator`, `UISpringTimingParameters`, `UICubicTimingParameters`),
    ///   developer.apple.com/documentation/uikit/uiview (`UIView.animate(withDuration:…)`),
    ///   developer.apple.com/documentation/quartzcore/caspringanimation, …/camediatimingfunction.
    /// - SwiftUI: developer.apple.com/documentation/swiftui/animation (`.spring(…)`,
    ///   `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`, `.timingCurve(…)`,
    ///   `.linear(duration:)`), developer.apple.com/documentation/swiftui/withanimation(_:_:).
    /// - CSS: developer.mozilla.org/docs/Web/CSS/easing-function (`cubic-bezier()`, `linear()`),
    ///   developer.mozilla.org/docs/Web/CSS/transition (`transition:`).
    /// - Android: developer.android.com/reference/androidx/dynamicanimation/animation/SpringForce,
    ///   developer.android.com/reference/android/view/animation/PathInterpolator (and every
    ///   `…Interpolator` of android.view.animation).
    /// - Compose: developer.android.com/jetpack/compose/animation/customize
    ///   (`spring(dampingRatio = …)`, `tween(durationMillis = 300, easing = FastOutSlowInEasing)`;
    ///   Kinetic's own export writes `spring<Float>(` and `tween<Float>(`).
    /// - web: motion.dev/docs/react-transitions (`transition={{ type: "spring", stiffness: 100 }}`),
    ///   react-spring's `useSpring({ config: { tension, friction } })`
    ///   (react-spring.dev/docs/advanced/config), the Web Animations API's `element.animate(`
    ///   (developer.mozilla.org/docs/Web/API/Element/animate).
    /// - Flutter: api.flutter.dev/flutter/physics/SpringDescription-class.html and
    ///   …/SpringSimulation-class.html, api.flutter.dev/flutter/animation/Curves-class.html and
    ///   …/Cubic-class.html.
    /// - React Native: reactnative.dev/docs/animated (`Animated.spring`, `Animated.timing`,
    ///   `useNativeDriver`), reactnative.dev/docs/easing (`Easing.bezier`).
    ///
    /// Where two platforms share a word, a longer one found at the same place or earlier tells
    /// them apart: `.linear(` is SwiftUI's `.linear(duration:)`, not CSS's `linear(` (found one
    /// character earlier); `transition: {` and `transition={{` are framer-motion's object, not
    /// CSS's `transition:` (found at the same place, and longer).
    public static let keywords: [Keyword] = [
        Keyword("UISpringTimingParameters", .uikit),
        Keyword("UICubicTimingParameters", .uikit),
        Keyword("UIViewPropertyAnimator", .uikit),
        Keyword("UIView.animate", .uikit),
        Keyword("CASpringAnimation", .uikit),
        Keyword("CAMediaTimingFunction", .uikit),
        Keyword("withAnimation", .swiftui),
        Keyword(".spring(", .swiftui),
        Keyword(".interpolatingSpring", .swiftui),
        Keyword(".timingCurve(", .swiftui),
        Keyword(".linear(", .swiftui),
        Keyword("cubic-bezier", .css),
        Keyword("transition:", .css),
        Keyword("linear(", .css),
        Keyword("SpringForce", .android),
        Keyword("PathInterpolator", .android),
        Keyword("Interpolator", .android),
        Keyword("spring(dampingRatio", .compose),
        Keyword("spring<", .compose),
        Keyword("tween(", .compose),
        Keyword("tween<", .compose),
        Keyword("Easing", .compose),
        Keyword("transition: {", .web),
        Keyword("transition={{", .web),
        Keyword("type: \"spring\"", .web),
        Keyword("config:", .web),
        Keyword("element.animate(", .web),
        Keyword("SpringDescription", .flutter),
        Keyword("SpringSimulation", .flutter),
        Keyword("Curves.", .flutter),
        Keyword("Cubic(", .flutter),
        Keyword("Animated.spring", .reactNative),
        Keyword("Animated.timing", .reactNative),
        Keyword("Easing.bezier", .reactNative),
        Keyword("useNativeDriver", .reactNative),
    ]

    /// The platform `text` is written for: the format of the ``keywords`` word found earliest in
    /// it (a pasted block opens with its own platform's code; `E`'s whole export opens with the
    /// section it put first), the longer word where two start at the same place. Nil when no
    /// word is in `text`.
    public init?(recognizing text: String) {
        let haystack = Array(text.utf8)
        var best: (offset: Int, length: Int, format: ExportFormat)?
        for keyword in Self.keywords {
            let needle = Array(keyword.text.utf8)
            guard let offset = Self.firstOffset(of: needle, in: haystack) else { continue }
            if let b = best, b.offset < offset || (b.offset == offset && b.length >= needle.count) { continue }
            best = (offset, needle.count, keyword.format)
        }
        guard let best else { return nil }
        self = best.format
    }

    /// The platform whose code writes `dialect`'s numbers as they are: mass · stiffness · damping
    /// and UIKit Dynamics' frequency · damping ratio are UIKit's (`UISpringTimingParameters`,
    /// `UIAttachmentBehavior`), both duration · bounce and response · damping fraction are
    /// SwiftUI's, and the unit-mass stiffness · damping ratio is Compose's `spring()` (Android's
    /// `SpringForce` takes the same two).
    public init(_ dialect: SpringDialect) {
        switch dialect {
        case .physical, .attachment: self = .uikit
        case .durationBounce, .responseDampingFraction: self = .swiftui
        case .unitMass: self = .compose
        }
    }

    /// Every format, `first` first and the rest in ``allCases`` order (all in that order when
    /// `first` is nil): the order `E` exports in.
    public static func order(first: ExportFormat?) -> [ExportFormat] {
        guard let first else { return allCases }
        return [first] + allCases.filter { $0 != first }
    }

    /// The byte offset of the first occurrence of `needle` in `haystack` (UTF-8), or nil.
    private static func firstOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let head = needle.first, needle.count <= haystack.count else { return nil }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == head {
                var j = 1
                while j < needle.count && haystack[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
