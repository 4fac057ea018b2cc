/// A spring a platform names, with the values its documentation gives
/// (`kinetic curve spring --preset NAME`, and what ``MotionImport`` reads for `.snappy`,
/// `config.wobbly`, `spring()`, …).
///
/// Sources, as found in each platform's reference:
/// - SwiftUI `Animation.smooth`, `.snappy`, `.bouncy` (iOS 17): `smooth(duration: 0.5,
///   extraBounce: 0)` etc., "additional bounce … added to the base bounce of" 0, 0.15 and 0.3
///   (developer.apple.com/documentation/swiftui/animation/snappy(duration:extrabounce:)).
/// - SwiftUI `.spring` "uses the default parameter values" of
///   `spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: 0)`;
///   `.interactiveSpring` those of `interactiveSpring(response: 0.15, dampingFraction: 0.86, …)`
///   (developer.apple.com/documentation/swiftui/animation/spring and …/interactivespring(response:dampingfraction:blendduration:)).
/// - Android `SpringForce()`: stiffness `STIFFNESS_MEDIUM` (1500) and damping ratio
///   `DAMPING_RATIO_MEDIUM_BOUNCY` (0.5), "the default … for spring force"
///   (developer.android.com/reference/androidx/dynamicanimation/animation/SpringForce).
/// - Compose `spring()`: `dampingRatio = Spring.DampingRatioNoBouncy` (1), `stiffness =
///   Spring.StiffnessMedium` (1500) (developer.android.com/reference/kotlin/androidx/compose/animation/core/SpringSpec).
/// - framer-motion's spring defaults: stiffness 100, damping 10, mass 1
///   (framer-motion 12, `animation/generators/spring/defaults.mjs`).
/// - react-spring's `config` presets, mass 1 (`packages/core/src/constants.ts` of pmndrs/react-spring):
///   default tension 170 friction 26, gentle 120/14, wobbly 180/12, stiff 210/20, slow 280/60, molasses 280/120.
public struct SpringPreset: Sendable, Hashable {
    /// The command-line name: "smooth", "swiftui.spring", "react-spring.wobbly", …
    public let name: String
    /// How the platform writes it: ".smooth", "SpringForce()", "config.wobbly", …
    public let code: String
    /// The dialect of ``values``.
    public let dialect: SpringDialect
    /// The documented values, one per `dialect.parameters` entry.
    public let values: [Double]

    /// A preset `name`, written `code`, with `values` in `dialect`.
    public init(name: String, code: String, dialect: SpringDialect, values: [Double]) {
        self.name = name; self.code = code; self.dialect = dialect; self.values = values
    }

    /// The spring (mass 1 unless the dialect has a mass).
    public var spring: SpringConversion {
        // The table's values are in range: a failure here is a typo in `all`.
        do { return try dialect.spring(from: values) } catch { preconditionFailure("SpringPreset \(name): \(error)") }
    }

    /// Every preset, SwiftUI's first.
    public static let all: [SpringPreset] = [
        SpringPreset(name: "smooth", code: ".smooth", dialect: .durationBounce, values: [0.5, 0]),
        SpringPreset(name: "snappy", code: ".snappy", dialect: .durationBounce, values: [0.5, 0.15]),
        SpringPreset(name: "bouncy", code: ".bouncy", dialect: .durationBounce, values: [0.5, 0.3]),
        SpringPreset(name: "swiftui.spring", code: ".spring", dialect: .responseDampingFraction, values: [0.5, 0.825]),
        SpringPreset(name: "swiftui.interactiveSpring", code: ".interactiveSpring", dialect: .responseDampingFraction, values: [0.15, 0.86]),
        SpringPreset(name: "android.default", code: "SpringForce()", dialect: .unitMass, values: [1500, 0.5]),
        SpringPreset(name: "compose.default", code: "spring()", dialect: .unitMass, values: [1500, 1]),
        SpringPreset(name: "framer-motion.default", code: "{ type: \"spring\" }", dialect: .physical, values: [1, 100, 10]),
        SpringPreset(name: "react-spring.default", code: "config.default", dialect: .physical, values: [1, 170, 26]),
        SpringPreset(name: "react-spring.gentle", code: "config.gentle", dialect: .physical, values: [1, 120, 14]),
        SpringPreset(name: "react-spring.wobbly", code: "config.wobbly", dialect: .physical, values: [1, 180, 12]),
        SpringPreset(name: "react-spring.stiff", code: "config.stiff", dialect: .physical, values: [1, 210, 20]),
        SpringPreset(name: "react-spring.slow", code: "config.slow", dialect: .physical, values: [1, 280, 60]),
        SpringPreset(name: "react-spring.molasses", code: "config.molasses", dialect: .physical, values: [1, 280, 120]),
    ]

    /// The preset called `name` (case-insensitive), or — when exactly one preset's name ends
    /// with "." + `name` — that one ("wobbly" is react-spring's). Nil when none or several match.
    public static func named(_ name: String) -> SpringPreset? {
        let wanted = name.lowercased()
        if let exact = all.first(where: { $0.name.lowercased() == wanted }) { return exact }
        let suffixed = all.filter { $0.name.lowercased().hasSuffix("." + wanted) }
        return suffixed.count == 1 ? suffixed[0] : nil
    }

    /// The preset written `code` (".snappy", "config.wobbly", "SpringForce()"), if any.
    public static func written(_ code: String) -> SpringPreset? { all.first { $0.code == code } }

    /// The named stiffness and damping-ratio constants of Android's `SpringForce` (`STIFFNESS_LOW`,
    /// `DAMPING_RATIO_MEDIUM_BOUNCY`, …) and Compose's `Spring` object (`StiffnessMediumLow`,
    /// `DampingRatioHighBouncy`, …), by their bare names. Compose adds `StiffnessMediumLow` (400);
    /// the others agree: stiffness high 10000, medium 1500, low 200, very low 50; damping ratio
    /// high bouncy 0.2, medium bouncy 0.5, low bouncy 0.75, no bouncy 1
    /// (developer.android.com/reference/androidx/dynamicanimation/animation/SpringForce,
    /// developer.android.com/reference/kotlin/androidx/compose/animation/core/Spring).
    public static let constants: [String: Double] = [
        "STIFFNESS_HIGH": 10_000, "STIFFNESS_MEDIUM": 1500, "STIFFNESS_LOW": 200, "STIFFNESS_VERY_LOW": 50,
        "DAMPING_RATIO_HIGH_BOUNCY": 0.2, "DAMPING_RATIO_MEDIUM_BOUNCY": 0.5, "DAMPING_RATIO_LOW_BOUNCY": 0.75,
        "DAMPING_RATIO_NO_BOUNCY": 1,
        "StiffnessHigh": 10_000, "StiffnessMedium": 1500, "StiffnessMediumLow": 400, "StiffnessLow": 200, "StiffnessVeryLow": 50,
        "DampingRatioHighBouncy": 0.2, "DampingRatioMediumBouncy": 0.5, "DampingRatioLowBouncy": 0.75, "DampingRatioNoBouncy": 1,
    ]
}
