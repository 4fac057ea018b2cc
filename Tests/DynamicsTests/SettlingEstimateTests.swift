import Testing
import Geometry
@testable import Dynamics

/// ``SettlingEstimate``: modes of an item on attachment springs against hand-derived values, and
/// settling times against the analytic decay of one mode.
@Suite struct SettlingEstimateTests {
    /// Four springs of `f` Hz and ratio `zeta` from the corners of a `side`-point square centred
    /// on `centre`, each as long as it is from `rest` (no tension at rest).
    func square(_ centre: Point, side: Double, rest: Point, f: Double = 8, zeta: Double = 0.6) -> [SettlingEstimate.Spring] {
        let h = side / 2
        return [(-h, -h), (h, -h), (h, h), (-h, h)].map { dx, dy in
            let a = Point(x: centre.x + dx, y: centre.y + dy)
            return SettlingEstimate.Spring(anchor: a, length: rest.distance(to: a), frequency: f, damping: zeta)
        }
    }

    @Test func aCellAtThePointerIsOneSpringOfRootTwoFAndZeta() {
        // The drag scene's cell on its own square: four springs at 45°, √2·f and √2·ζ every way.
        let p = Point(x: 100, y: 100)
        let modes = SettlingEstimate.modes(rest: p, springs: square(p, side: 40, rest: p))
        for m in modes {
            #expect(abs(m.frequency - 8 * 2.0.squareRoot()) < 1e-9)
            #expect(abs(m.dampingRatio - 0.6 * 2.0.squareRoot()) < 1e-9)
        }
    }

    @Test func aFarCellSwingsSlowlyAcrossTheLineToTheSquare() {
        // 500 pt from a 40-pt square: along the line four springs in parallel (2f, 2ζ); across it
        // stiffness falls as (side/2d)², so f·side/d ≈ 0.64 Hz and ζ ≈ 2ζ·side/2d ≈ 0.048.
        let rest = Point(x: 600, y: 100)
        let modes = SettlingEstimate.modes(rest: rest, springs: square(Point(x: 100, y: 100), side: 40, rest: rest))
        let slow = modes[0], fast = modes[1]
        #expect(abs(slow.direction.dy).isApproximately(1, within: 1e-6), "across: \(slow.direction)")
        #expect(slow.frequency.isApproximately(0.64, within: 0.02), "\(slow.frequency) Hz")
        #expect(slow.dampingRatio.isApproximately(0.048, within: 0.003), "ζ \(slow.dampingRatio)")
        #expect(fast.frequency.isApproximately(16, within: 0.05) && fast.dampingRatio.isApproximately(1.2, within: 0.01))
    }

    @Test func aStretchedSpringHoldsSideways() {
        // One spring 100 pt long stretched to 200: sideways stiffness ω²·(L − L₀)/L = ω²/2.
        let s = SettlingEstimate.Spring(anchor: Point(x: 0, y: 0), length: 100, frequency: 2, damping: 0.1)
        let modes = SettlingEstimate.modes(rest: Point(x: 200, y: 0), springs: [s])
        #expect(modes[0].frequency.isApproximately(2 / 2.0.squareRoot(), within: 1e-9))
        #expect(modes[0].dampingRatio == 0, "no damping across the line")
        #expect(modes[1].frequency.isApproximately(2, within: 1e-9))
    }

    @Test func aZeroLengthSpringHoldsEveryWay() {
        // Springy's rows: one length-0 attachment to the rest centre, the same spring each way.
        let s = SettlingEstimate.Spring(anchor: Point(x: 10, y: 20), length: 0, frequency: 6.8, damping: 1)
        for m in SettlingEstimate.modes(rest: Point(x: 10, y: 20), springs: [s]) {
            #expect(m.frequency.isApproximately(6.8, within: 1e-9) && m.dampingRatio.isApproximately(1, within: 1e-9))
        }
    }

    @Test func oneUnderdampedModeDecaysAsItsEnvelope() {
        // Along x only (a spring along x and a stiff one along y), from 100 pt at rest: the
        // envelope 100·e^(−ζωt)/√(1−ζ²)… reaches 0.5 pt at ln(A/0.5)/(ζω), unless sleep ends it first.
        let f = 2.0, zeta = 0.05, w = 2 * Double.pi * f
        let springs = [SettlingEstimate.Spring(anchor: Point(x: -1000, y: 0), length: 1000, frequency: f, damping: zeta),
                       SettlingEstimate.Spring(anchor: Point(x: 0, y: -1000), length: 1000, frequency: 50, damping: 1)]
        let t = SettlingEstimate.time(position: Point(x: 100, y: 0), velocity: .zero, rest: .zero, springs: springs)
        let amplitude = (100 * 100 + (zeta * w * 100 / (w * (1 - zeta * zeta).squareRoot())) * (zeta * w * 100 / (w * (1 - zeta * zeta).squareRoot()))).squareRoot()
        let tolerance = max(log(amplitude / 0.5), log(amplitude * w / 1)) / (zeta * w)
        let dwell = 1 / (w * sin(w * 0.1))
        let sleep = log(amplitude / dwell) / (zeta * w) + 0.1
        #expect(t.isApproximately(min(tolerance, sleep), within: 1e-9), "\(t) s")
        // Already at rest: no time; a direction nothing holds: never.
        #expect(SettlingEstimate.time(position: .zero, velocity: .zero, rest: .zero, springs: springs) == 0)
        #expect(SettlingEstimate.time(position: Point(x: 0, y: 50), velocity: .zero, rest: .zero, springs: [springs[0]]) == .infinity)
    }

    @Test func anOverdampedModeCreepsOnItsSlowRate() {
        let f = 1.0, zeta = 3.0, w = 2 * Double.pi * f
        let springs = [SettlingEstimate.Spring(anchor: Point(x: -1000, y: 0), length: 1000, frequency: f, damping: zeta),
                       SettlingEstimate.Spring(anchor: Point(x: 0, y: -1000), length: 1000, frequency: 50, damping: 1)]
        let t = SettlingEstimate.time(position: Point(x: 100, y: 0), velocity: .zero, rest: .zero, springs: springs)
        let slow = w * (zeta - (zeta * zeta - 1).squareRoot()), fast = w * (zeta + (zeta * zeta - 1).squareRoot())
        let a = fast * 100 / (fast - slow)
        let expected = min(max(log(a / 0.5), log(a * slow)) / slow, log(a * slow) / slow + 0.2)
        #expect(t.isApproximately(expected, within: 1e-9), "\(t) s, expected \(expected)")
    }
}

extension Double {
    func isApproximately(_ other: Double, within tolerance: Double) -> Bool { abs(self - other) <= tolerance }
}
