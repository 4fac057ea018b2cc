/// A platform whose animation code ``MotionExport`` writes (`kinetic curve … --as NAME`).
/// The raw value is the command-line name.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// UIKit: `UISpringTimingParameters` / `UICubicTimingParameters` with a
    /// `UIViewPropertyAnimator`, `UIAttachmentBehavior`, Core Animation (Swift).
    case uikit
    /// SwiftUI `Animation` values (Swift).
    case swiftui
    /// A CSS `transition` with a `cubic-bezier()` or, for springs, a sampled `linear()` easing.
    case css
    /// Android views: `SpringForce` or `PathInterpolator` (Kotlin).
    case android
    /// Jetpack Compose animation specs: `spring()` or `tween()` with `CubicBezierEasing` (Kotlin).
    case compose
    /// JavaScript: the Web Animations API, framer-motion and react-spring.
    case web
    /// Flutter: `SpringDescription` with a `SpringSimulation`, or a `Cubic` curve with a `Duration` (Dart).
    case flutter

    /// React Native's `Animated.spring` and `Animated.timing` (JavaScript).
    case reactNative = "react-native"

    /// The platform's name as people write it ("UIKit", "SwiftUI", "CSS", "Android", "Compose", "web", "Flutter", "React Native").
    public var displayName: String {
        switch self {
        case .uikit: "UIKit"
        case .swiftui: "SwiftUI"
        case .css: "CSS"
        case .android: "Android"
        case .compose: "Compose"
        case .web: "web"
        case .flutter: "Flutter"
        case .reactNative: "React Native"
        }
    }

    /// The command-line names, "uikit|swiftui|css|android|compose|web|flutter|react-native".
    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}
