import Testing
import Geometry
@testable import Animation

/// Closed-form springs against the reference tables and against a fine numerical integration.
@Suite struct SpringTimingParametersTests {
    static let times = [0.05, 0.1, 0.2, 0.3, 0.5, 1.0]

    @Test func criticallyDampedTable() {
        let spring = SpringTimingParameters(mass: 1, stiffness: 100, damping: 20)
        #expect(abs(spring.dampingRatio - 1) < 1e-12)
        for (t, y) in zip(Self.times, [0.090204, 0.264241, 0.593994, 0.800852, 0.959572, 0.999501]) {
            #expect(abs(spring.progress(atTime: t) - y) <= 1e-5, "t \(t): \(spring.progress(atTime: t)) vs \(y)")
        }
    }

    @Test func underDampedTable() {
        let spring = SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-12)
        for (t, y) in zip(Self.times, [0.104405, 0.340300, 0.849426, 1.124355, 1.074591, 1.002170]) {
            #expect(abs(spring.progress(atTime: t) - y) <= 1e-5, "t \(t): \(spring.progress(atTime: t)) vs \(y)")
        }
    }

    /// RK4 on m·x″ + c·x′ + k·x = 0, x(0) = 1, x′(0) = −v, step 1e-5 s; returns progress 1 − x
    /// sampled every `every` seconds up to `until`.
    static func integrate(mass m: Double, stiffness k: Double, damping c: Double, velocity v: Double,
                          until: Double, every: Double) -> [(Double, Double)] {
        let h = 1e-5
        let stepsPerSample = Int((every / h).rounded())
        let samples = Int((until / every).rounded())
        var x = 1.0, u = -v
        var out: [(Double, Double)] = [(0, 0)]
        func accel(_ x: Double, _ u: Double) -> Double { -(c * u + k * x) / m }
        for s in 1...samples {
            for _ in 0..<stepsPerSample {
                let k1x = u, k1u = accel(x, u)
                let k2x = u + 0.5 * h * k1u, k2u = accel(x + 0.5 * h * k1x, u + 0.5 * h * k1u)
                let k3x = u + 0.5 * h * k2u, k3u = accel(x + 0.5 * h * k2x, u + 0.5 * h * k2u)
                let k4x = u + h * k3u, k4u = accel(x + h * k3x, u + h * k3u)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                u += h / 6 * (k1u + 2 * k2u + 2 * k3u + k4u)
            }
            out.append((Double(s) * every, 1 - x))
        }
        return out
    }

    @Test(arguments: [
        (1.0, 100.0, 10.0, 0.0),    // ζ = 0.5
        (1.0, 100.0, 20.0, 0.0),    // ζ = 1
        (1.0, 100.0, 50.0, 0.0),    // ζ = 2.5
        (2.0, 300.0, 12.0, 4.0),    // ζ < 1 with velocity toward the target
        (1.0, 100.0, 20.0, -6.0),   // ζ = 1 starting away from the target
        (3.0, 1000.0, 500.0, 8.0),  // UIKit's default spring with velocity (ζ ≈ 4.56)
    ])
    func closedFormMatchesIntegration(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let spring = SpringTimingParameters(mass: mass, stiffness: stiffness, damping: damping,
                                            initialVelocity: Vector(dx: velocity, dy: 0))
        var worst = 0.0
        for (t, y) in Self.integrate(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity,
                                     until: 1.0, every: 0.01) {
            worst = max(worst, abs(spring.progress(atTime: t) - y))
        }
        #expect(worst <= 1e-4, "worst error \(worst)")
    }

    @Test(arguments: [(1.0, 100.0, 20.0, 0.0), (1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 50.0, 3.0),
                      (3.0, 1000.0, 500.0, 0.0), (1.0, 2.0, 0.2, 0.0)])
    func settlingDurationIsTheLastExcursion(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let spring = SpringTimingParameters(mass: mass, stiffness: stiffness, damping: damping,
                                            initialVelocity: Vector(dx: velocity, dy: 0))
        let settle = spring.settlingDuration
        #expect(settle.isFinite && settle > 0)
        // Just before: still at the tolerance; after: within it for good (sampled densely).
        #expect(abs(abs(1 - spring.progress(atTime: settle)) - 0.001) <= 1e-6)
        for i in 1...2000 {
            let t = settle + Double(i) * settle / 1000
            #expect(abs(1 - spring.progress(atTime: t)) < 0.001)
        }
    }

    @Test func criticalSettlingMatchesHandSolution() {
        // e^(−10t)(1 + 10t) = 0.001 → t ≈ 0.92334 s (solved by hand with Newton's method).
        let spring = SpringTimingParameters(mass: 1, stiffness: 100, damping: 20)
        var t = 0.9
        for _ in 0..<20 { t -= (exp(-10 * t) * (1 + 10 * t) - 0.001) / (-100 * t * exp(-10 * t)) }
        #expect(abs(spring.settlingDuration - t) <= 1e-9)
    }

    @Test func softSpringSettlesWithoutNaN() {
        let spring = SpringTimingParameters(mass: 1, stiffness: 2, damping: 0.2)
        #expect(abs(spring.dampingRatio - 0.0707107) < 1e-6)
        #expect(abs(spring.angularFrequency - 1.4142136) < 1e-6)
        let settle = spring.settlingDuration
        #expect(settle > 40 && settle < 80)
        var lastMiss = 0.0
        for i in 0...20_000 {
            let fraction = Double(i) / 20_000
            let p = spring.progress(at: fraction)
            #expect(p.isFinite)
            if abs(p - 1) >= 0.001 { lastMiss = fraction }
        }
        #expect(lastMiss < 1)
        #expect(spring.progress(at: 1) == 1)
    }

    @Test func systemSpringDefaults() {
        let spring = SpringTimingParameters()
        #expect(spring.mass == 3 && spring.stiffness == 1000 && spring.damping == 500)
        #expect(abs(spring.dampingRatio - 500 / (2 * (3000.0).squareRoot())) < 1e-12)
        #expect(!spring.usesAnimatorDuration)
        #expect(spring.settlingDuration > 3 && spring.settlingDuration < 4)
    }

    @Test(arguments: [(0.3, 0.0), (0.5, 0.0), (1.0, 0.0), (2.0, 0.0), (0.5, 3.0), (0.8, -2.0)])
    func dampingRatioSpringSettlesByTheAnimatorDuration(ratio: Double, velocity: Double) {
        let spring = SpringTimingParameters(dampingRatio: ratio, initialVelocity: Vector(dx: velocity, dy: 0))
        #expect(spring.usesAnimatorDuration)
        for duration in [0.3, 1.0, 2.5] {
            let resolved = spring.resolved(forDuration: duration)
            #expect(resolved.mass == 1)
            #expect(abs(resolved.dampingRatio - ratio) < 1e-9)
            #expect(resolved.settlingDuration == duration)
            let actual = resolved.oscillator.settlingTime(tolerance: 0.001)
            #expect(abs(actual - duration) <= 1e-6 * duration, "ζ \(ratio) v \(velocity) D \(duration): \(actual)")
        }
    }

    @Test func physicalSpringIgnoresAnimatorDuration() {
        let spring = SpringTimingParameters(mass: 1, stiffness: 2, damping: 0.2)
        #expect(spring.resolved(forDuration: 0.3) == spring)
        let (timing, duration) = TimingParameters.spring(spring).resolved(forDuration: 0.3)
        #expect(timing == .spring(spring) && duration == spring.settlingDuration)
    }

    @Test func rejectsNonPositiveParameters() {
        for (m, k, c) in [(0.0, 1.0, 1.0), (1.0, -1.0, 1.0), (1.0, 1.0, 0.0), (1.0, .infinity, 1.0)] {
            #expect(throws: TimingParametersError.self) {
                _ = try SpringTimingParameters(validatingMass: m, stiffness: k, damping: c)
            }
        }
    }

    @Test func springInversion() {
        let timing = TimingParameters.spring(SpringTimingParameters(mass: 1, stiffness: 100, damping: 10))
        for x in stride(from: 0.02, through: 0.98, by: 0.03) {
            let back = timing.fraction(forProgress: timing.progress(at: x), near: x)
            #expect(abs((back ?? -1) - x) <= 1e-6, "at \(x)")
        }
    }

    @Test("A spring that would settle in hours is capped at 5 minutes and says so")
    func absurdSettlingIsCapped() {
        let slow = SpringTimingParameters(mass: 100, stiffness: 0.1, damping: 0.01)
        #expect(slow.settlingDuration == SpringTimingParameters.maximumSettlingDuration)
        #expect(slow.isSettlingDurationCapped)
        // ζω₀ = 5·10⁻⁵ /s: about 38 hours to settle.
        #expect(slow.uncappedSettlingDuration > 37 * 3600 && slow.uncappedSettlingDuration < 39 * 3600)
        #expect(slow.progress(at: 1) == 1)
        let seed = SpringTimingParameters(mass: 1, stiffness: 2, damping: 0.2)
        #expect(!seed.isSettlingDurationCapped)
        #expect(seed.settlingDuration == seed.uncappedSettlingDuration)
    }

    @Test("Parameters outside 1e-6…1e6 are refused with the parameter named")
    func absurdParametersAreRefused() {
        for (m, k, c, v, name) in [(1e300, 1.0, 1.0, 0.0, "mass"), (1, 1e-9, 1, 0, "stiffness"), (1, 1, 1e7, 0, "damping"),
                                   (1, 1, 1, 1e308, "initial velocity")] {
            do {
                _ = try SpringTimingParameters(validatingMass: m, stiffness: k, damping: c, initialVelocity: Vector(dx: v, dy: v))
                Issue.record("accepted \(name)")
            } catch {
                #expect(error.message.hasPrefix(name), "\(error.message)")
            }
        }
        #expect((try? SpringTimingParameters(validatingMass: 1e-6, stiffness: 1e6, damping: 1e-6)) != nil)
    }
}
