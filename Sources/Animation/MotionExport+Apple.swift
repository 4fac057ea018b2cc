/// The Apple lines of ``MotionExport`` that Apple's newer APIs and Core Animation's own numbers
/// need: SwiftUI's and UIKit's (iOS 17) duration and bounce, and the end of the Core Animation
/// block with `CASpringAnimation`'s own settling duration.
extension MotionExport {
    /// SwiftUI's `.spring(duration:bounce:)`, the form Apple's `Spring` page documents first:
    /// mass 1, stiffness 100, damping 10 is `duration: 0.6283, bounce: 0.5` (2π/ω₀ and 1 − ζ;
    /// developer.apple.com/documentation/swiftui/spring). Over-damped springs get a negative
    /// bounce, ζ = 1/(1 + bounce) (``SpringDialect/durationBounce``), which SwiftUI's
    /// duration-and-bounce spring runs over-damped ("negative values indicate overdamped springs").
    func swiftUIDurationBounce(_ s: SpringConversion) -> String {
        let values = SpringDialect.durationBounce.values(of: s)
        let line = ".spring(duration: \(Self.number(values[0])), bounce: \(Self.number(values[1])))"
        return s.dampingRatio > 1 ? line + "  // bounce < 0: over-damped" : line
    }

    /// UIKit's iOS 17 `UISpringTimingParameters(duration:bounce:initialVelocity:)`: exact, as UIKit
    /// converts bounce to ζ as SwiftUI does (1 − bounce, or 1/(1 + bounce) below 0: `+[UISpringTimingParameters
    /// _convertBounce:toDampingRatio:]`, UIKitCore of iOS 26.1 decompiled, EthanArbuckle/iPhone18-3_26.1_23B85_Restore
    /// UISpringTimingParameters.mm) and the duration to a mass-1 stiffness (2π/duration)².
    func uikitDurationBounce(_ s: SpringConversion) -> String {
        let values = SpringDialect.durationBounce.values(of: s)
        return "let byBounce = UISpringTimingParameters(duration: \(Self.number(values[0])), bounce: \(Self.number(values[1])), "
            + "initialVelocity: CGVector(dx: \(Self.number(s.initialVelocity)), dy: 0))  // iOS 17+, the same spring with mass 1"
    }

    /// The last lines of the Core Animation block: `allowsOverdamping` for ζ > 1 (iOS 17+; without
    /// it Core Animation runs the spring critically damped), and the duration Core Animation gives
    /// the spring (``SpringConversion/coreAnimationSettlingDuration(allowsOverdamping:)``, not Kinetic's own).
    func coreAnimationEnd(_ s: SpringConversion) -> [String] {
        let overDamped = s.dampingRatio > 1
        var lines: [String] = []
        if overDamped { lines.append("spring.allowsOverdamping = true  // iOS 17+; without it Core Animation runs ζ > 1 critically damped") }
        let settling = s.coreAnimationSettlingDuration(allowsOverdamping: overDamped)
        lines.append("spring.duration = spring.settlingDuration" + (settling.map { "  // \(Self.number($0)) s, Core Animation's estimate" } ?? ""))
        return lines
    }
}
