import Testing
import Geometry
@testable import Animation

/// Issue 28: every spring dialect converts to and from (m, k, c) by the platform's documented
/// formulas, keeps ω₀ and ζ, and round-trips exactly.
@Suite struct SpringDialectTests {
    /// Springs of every kind: under-, critically and over-damped, soft and stiff, mass ≠ 1, moving.
    static let springs: [SpringConversion] = [
        SpringConversion(mass: 1, stiffness: 100, damping: 10),
        SpringConversion(frequency: 2, dampingRatio: 1, mass: 1),
        SpringConversion(mass: 3, stiffness: 1000, damping: 500),
        SpringConversion(mass: 1, stiffness: 2, damping: 0.2),
        SpringConversion(frequency: 100, dampingRatio: 0.3, mass: 0.16),
        SpringConversion(mass: 4.2, stiffness: 500, damping: 30, initialVelocity: 5),
        SpringConversion(mass: 2, stiffness: 300, damping: 12, initialVelocity: -3),
        SpringConversion(mass: 0.25, stiffness: 600, damping: 0),
    ]

    static func relative(_ a: Double, _ b: Double) -> Double { b == 0 ? abs(a) : abs(a - b) / abs(b) }

    @Test(arguments: SpringDialect.allCases) func valuesAndSpringRoundTripExactly(_ dialect: SpringDialect) throws {
        for s in Self.springs {
            let values = dialect.values(of: s)
            #expect(values.count == dialect.parameters.count)
            for (parameter, value) in zip(dialect.parameters, values) { #expect(parameter.contains(value), "\(dialect) \(parameter.name) \(value)") }
            let back = try dialect.spring(from: values, mass: s.mass, initialVelocity: s.initialVelocity)
            #expect(Self.relative(back.mass, s.mass) < 1e-12, "\(dialect) \(s)")
            #expect(Self.relative(back.stiffness, s.stiffness) < 1e-12, "\(dialect) \(s) → \(back)")
            #expect(abs(back.damping - s.damping) <= 1e-12 * Swift.max(s.damping, s.stiffness.squareRoot()), "\(dialect) \(s) → \(back)")
            #expect(back.initialVelocity == s.initialVelocity)
            // The values again, from the spring read back.
            for (a, b) in zip(dialect.values(of: back), values) { #expect(abs(a - b) <= 1e-12 * Swift.max(abs(b), 1)) }
        }
    }

    @Test func massIndependentDialectsKeepTheMassAskedFor() throws {
        for dialect in SpringDialect.allCases where dialect != .physical {
            let spring = try dialect.spring(from: dialect.values(of: Self.springs[0]), mass: 2.5)
            #expect(spring.mass == 2.5)
            #expect(Self.relative(spring.angularFrequency, 10) < 1e-12 && Self.relative(spring.dampingRatio, 0.5) < 1e-12, "\(dialect)")
        }
    }

    /// Apple's worked examples (developer.apple.com/documentation/swiftui/spring):
    /// `Spring(duration: 0.5, bounce: 0.3)` is mass 1, stiffness 157.9, damping 17.6, and
    /// `Spring(mass: 1, stiffness: 100, damping: 10)` has duration 0.63, bounce 0.5.
    @Test func swiftUIDurationBounceMatchesApplesExamples() throws {
        let spring = try SpringDialect.durationBounce.spring(from: [0.5, 0.3])
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05 && abs(spring.damping - 17.6) < 0.05, "\(spring)")
        // The formulas: stiffness (2π/duration)², damping 4π(1 − bounce)/duration.
        #expect(Self.relative(spring.stiffness, pow(2 * Double.pi / 0.5, 2)) < 1e-12)
        #expect(Self.relative(spring.damping, 4 * Double.pi * 0.7 / 0.5) < 1e-12)
        let back = SpringDialect.durationBounce.values(of: SpringConversion(mass: 1, stiffness: 100, damping: 10))
        #expect(abs(back[0] - 0.63) < 0.005 && abs(back[1] - 0.5) < 1e-12, "\(back)")
    }

    /// Negative bounce is over-damped: damping 4π/(duration·(1 + bounce)), ζ = 1/(1 + bounce)
    /// (Flutter's SpringDescription.withDurationAndBounce, written to match SwiftUI; Apple
    /// documents the range −1…1 but no formula).
    @Test func negativeBounceIsOverDamped() throws {
        let spring = try SpringDialect.durationBounce.spring(from: [0.4, -0.5])
        #expect(Self.relative(spring.damping, 4 * Double.pi / (0.4 * 0.5)) < 1e-12)
        #expect(Self.relative(spring.dampingRatio, 2) < 1e-12)
        #expect(abs(SpringDialect.durationBounce.values(of: spring)[1] + 0.5) < 1e-12)
        // Bounce 0 is critical, 1 undamped.
        #expect(abs(try SpringDialect.durationBounce.spring(from: [0.5, 0]).dampingRatio - 1) < 1e-12)
        #expect(try SpringDialect.durationBounce.spring(from: [0.5, 1]).damping == 0)
    }

    /// SwiftUI `Spring(response:dampingRatio:)`: mass 1, stiffness (2π/response)², damping 4πζ/response.
    @Test func swiftUIResponseIsTheUndampedPeriod() throws {
        let spring = try SpringDialect.responseDampingFraction.spring(from: [0.55, 0.825])
        #expect(Self.relative(spring.stiffness, pow(2 * Double.pi / 0.55, 2)) < 1e-12)
        #expect(Self.relative(spring.damping, 4 * Double.pi * 0.825 / 0.55) < 1e-12)
        #expect(Self.relative(SpringDialect.responseDampingFraction.values(of: SpringConversion(mass: 1, stiffness: 100, damping: 10))[0],
                              2 * Double.pi / 10) < 1e-12)
    }

    /// UIKit Dynamics (and Box2D): ω = 2πf, k = m·ω², c = 2·m·ζ·ω.
    @Test func attachmentFrequencyAndDampingRatio() throws {
        let spring = try SpringDialect.attachment.spring(from: [8, 0.6], mass: 0.25)
        let omega = 2 * Double.pi * 8
        #expect(Self.relative(spring.stiffness, 0.25 * omega * omega) < 1e-12)
        #expect(Self.relative(spring.damping, 2 * 0.25 * 0.6 * omega) < 1e-12)
    }

    /// Android SpringForce and Compose spring(): unit mass, so ω₀ = √stiffness and c = 2ζ√stiffness.
    @Test func unitMassStiffnessAndDampingRatio() throws {
        let spring = try SpringDialect.unitMass.spring(from: [1500, 0.5])
        #expect(spring.mass == 1 && spring.stiffness == 1500)
        #expect(Self.relative(spring.damping, 2 * 0.5 * 1500.0.squareRoot()) < 1e-12)
        let heavy = try SpringDialect.unitMass.spring(from: [1500, 0.5], mass: 2)
        #expect(heavy.stiffness == 3000 && Self.relative(heavy.angularFrequency, 1500.0.squareRoot()) < 1e-12)
    }

    @Test func outOfRangeValuesAreOneLineNamingTheValue() {
        func message(_ dialect: SpringDialect, _ values: [Double], mass: Double = 1) -> String {
            do { _ = try dialect.spring(from: values, mass: mass); return "" } catch { return error.message }
        }
        #expect(message(.durationBounce, [0.5, -1]) == "bounce must be > -1 and ≤ 1 (got -1)")
        #expect(message(.durationBounce, [0.5, 1.5]) == "bounce must be > -1 and ≤ 1 (got 1.5)")
        #expect(message(.physical, [1, -5, 10]) == "stiffness must be > 0 (got -5)")
        #expect(message(.physical, [0, 5, 10]) == "mass must be > 0 (got 0)")
        #expect(message(.attachment, [8, -0.1]) == "dampingRatio must be ≥ 0 (got -0.1)")
        #expect(message(.responseDampingFraction, [.nan, 0.5]) == "response must be > 0 (got nan)")
        #expect(message(.unitMass, [1500]) == "Android/Compose unit-mass stiffness · damping ratio takes 2 values (stiffness, dampingRatio), got 1")
        #expect(message(.unitMass, [1500, 0.5], mass: -1) == "mass must be > 0 (got -1)")
        // An overflow says so, and numbers far from 1 keep their exponent (not 309 digits, not "0").
        #expect(message(.durationBounce, [1e-200, 0]) == "these values give stiffness a number beyond 1.8e+308 and damping 1.25663706144e+201, "
                + "outside what a spring can hold")
        #expect(message(.durationBounce, [1e300, 0.5]) == "these values give stiffness 0 and damping 6.28318530718e-300, outside what a spring can hold")
        #expect(SpringDialect.spell(1e308) == "1e+308" && SpringDialect.spell(1e-300) == "1e-300" && SpringDialect.spell(-2.5e-7) == "-2.5e-07")
        #expect(SpringDialect.spell(0.15) == "0.15" && SpringDialect.spell(-1) == "-1" && SpringDialect.spell(.leastNonzeroMagnitude) == "4.94065645841e-324")
        #expect(SpringDialect.physical.parameters.map(\.rangeDescription) == ["> 0", "> 0", "≥ 0"])
        #expect(SpringDialect.durationBounce.parameters.map(\.unit) == ["s", ""])
        #expect(SpringDialect.attachment.parameters.map(\.unit) == ["Hz", ""])
    }

    /// The presets' documented values (sources in SpringPreset's documentation).
    @Test func presetsHaveTheirDocumentedValues() throws {
        func omegaZeta(_ name: String) throws -> (Double, Double) {
            let s = try #require(SpringPreset.named(name)).spring
            return (s.angularFrequency, s.dampingRatio)
        }
        // SwiftUI: duration 0.5 (ω₀ = 4π) and bounce 0, 0.15, 0.3 (ζ = 1 − bounce).
        for (name, zeta) in [("smooth", 1.0), ("snappy", 0.85), ("bouncy", 0.7)] {
            let (omega, z) = try omegaZeta(name)
            #expect(Self.relative(omega, 4 * Double.pi) < 1e-12 && abs(z - zeta) < 1e-12, "\(name)")
        }
        // .spring: response 0.5, damping fraction 0.825.
        let (omega, zeta) = try omegaZeta("swiftui.spring")
        #expect(Self.relative(omega, 4 * Double.pi) < 1e-12 && abs(zeta - 0.825) < 1e-12)
        #expect(try #require(SpringPreset.named("android.default")).values == [1500, 0.5])
        #expect(try #require(SpringPreset.named("compose.default")).values == [1500, 1])
        #expect(try #require(SpringPreset.named("framer-motion.default")).values == [1, 100, 10])
        let react: [String: [Double]] = ["default": [1, 170, 26], "gentle": [1, 120, 14], "wobbly": [1, 180, 12],
                                         "stiff": [1, 210, 20], "slow": [1, 280, 60], "molasses": [1, 280, 120]]
        for (name, values) in react { #expect(SpringPreset.named("react-spring." + name)?.values == values, "\(name)") }
        // Short names when they are unique; "default" is not.
        #expect(SpringPreset.named("Wobbly")?.name == "react-spring.wobbly")
        #expect(SpringPreset.named("default") == nil)
        #expect(SpringPreset.written(".snappy")?.name == "snappy")
        for preset in SpringPreset.all { _ = preset.spring }   // every value in range
        #expect(SpringPreset.constants["STIFFNESS_HIGH"] == 10_000 && SpringPreset.constants["StiffnessMediumLow"] == 400)
        #expect(SpringPreset.constants["DAMPING_RATIO_LOW_BOUNCY"] == 0.75 && SpringPreset.constants["DampingRatioNoBouncy"] == 1)
    }
}
