import Geometry

/// Jetpack Compose's named easings, as `androidx.compose.animation.core` defines them.
///
/// Sources (androidx/androidx, compose/animation/animation-core/src/commonMain/kotlin/androidx/compose/animation/core/):
/// - `EasingFunctions.kt` (commit 975e20a): `Ease` … `EaseInOutBack`, each a `CubicBezierEasing`
///   (`public val EaseInOutCubic: Easing = CubicBezierEasing(0.65f, 0f, 0.35f, 1f)` and so on);
///   `EaseInElastic`, `EaseOutElastic`, `EaseInOutElastic` (`2^(10t − 10)·sin(…)`, a decaying
///   sine) and `EaseInBounce`, `EaseOutBounce`, `EaseInOutBounce` (piecewise parabolas, `n1 =
///   7.5625f`, `d1 = 2.75f`) are `Easing { }` lambdas, no cubic Bézier.
/// - `Easing.kt`: `FastOutSlowInEasing` (0.4, 0, 0.2, 1), `LinearOutSlowInEasing` (0, 0, 0.2, 1),
///   `FastOutLinearInEasing` (0.4, 0, 1, 1), `LinearEasing`.
/// - `AnimationSpec.kt` (commit 0196ee1): `AnimationConstants.DefaultDurationMillis = 300`, the
///   duration of `tween()` and every duration-based spec that is not given one.
extension MotionImport {
    /// Compose's `DefaultDurationMillis` (300 ms), seconds: the duration of an easing whose
    /// `tween()` (or other duration-based spec) gives none.
    static let composeDefaultDuration = 0.3

    /// The control points (x1, y1, x2, y2) of Compose's cubic named easings, by name.
    static let composeEasings: [String: [Double]] = [
        "Ease": [0.25, 0.1, 0.25, 1], "EaseOut": [0, 0, 0.58, 1], "EaseIn": [0.42, 0, 1, 1], "EaseInOut": [0.42, 0, 0.58, 1],
        "EaseInSine": [0.12, 0, 0.39, 0], "EaseOutSine": [0.61, 1, 0.88, 1], "EaseInOutSine": [0.37, 0, 0.63, 1],
        "EaseInCubic": [0.32, 0, 0.67, 0], "EaseOutCubic": [0.33, 1, 0.68, 1], "EaseInOutCubic": [0.65, 0, 0.35, 1],
        "EaseInQuint": [0.64, 0, 0.78, 0], "EaseOutQuint": [0.22, 1, 0.36, 1], "EaseInOutQuint": [0.83, 0, 0.17, 1],
        "EaseInCirc": [0.55, 0, 1, 0.45], "EaseOutCirc": [0, 0.55, 0.45, 1], "EaseInOutCirc": [0.85, 0, 0.15, 1],
        "EaseInQuad": [0.11, 0, 0.5, 0], "EaseOutQuad": [0.5, 1, 0.89, 1], "EaseInOutQuad": [0.45, 0, 0.55, 1],
        "EaseInQuart": [0.5, 0, 0.75, 0], "EaseOutQuart": [0.25, 1, 0.5, 1], "EaseInOutQuart": [0.76, 0, 0.24, 1],
        "EaseInExpo": [0.7, 0, 0.84, 0], "EaseOutExpo": [0.16, 1, 0.3, 1], "EaseInOutExpo": [0.87, 0, 0.13, 1],
        "EaseInBack": [0.36, 0, 0.66, -0.56], "EaseOutBack": [0.34, 1.56, 0.64, 1], "EaseInOutBack": [0.68, -0.6, 0.32, 1.6],
        "FastOutSlowInEasing": [0.4, 0, 0.2, 1], "LinearOutSlowInEasing": [0, 0, 0.2, 1], "FastOutLinearInEasing": [0.4, 0, 1, 1],
        "LinearEasing": [0, 0, 1, 1],
    ]

    /// Compose's named easings that are no cubic Bézier, with what they are instead.
    static let composeNonCubicEasings: [String: String] = [
        "EaseInElastic": "a growing sine", "EaseOutElastic": "a decaying sine", "EaseInOutElastic": "a sine that grows then decays",
        "EaseInBounce": "piecewise parabolas", "EaseOutBounce": "piecewise parabolas", "EaseInOutBounce": "piecewise parabolas",
    ]

    /// The Compose easing written `name` (`EaseInOutCubic`, `FastOutSlowInEasing`, with or without
    /// a package prefix), over `duration` seconds or else Compose's 300 ms default; nil when
    /// `name` is none of Compose's; an error naming it when it is one that is no cubic Bézier.
    static func composeEasing(_ name: String, duration: Double?, order: Int) throws(TimingParametersError) -> Candidate? {
        let base = Self.base(name)
        guard !name.hasPrefix("."), !name.hasPrefix("Curves.") else { return nil }
        if let shape = composeNonCubicEasings[base] {
            throw TimingParametersError("\(base) is not a cubic Bézier (Compose defines it as \(shape)): "
                                        + "use CubicBezierEasing(x1, y1, x2, y2) or spring()")
        }
        guard let p = composeEasings[base] else { return nil }
        return try Candidate(Reader.cubic(p, form: base), duration: duration ?? composeDefaultDuration, form: base, order: order)
    }
}
