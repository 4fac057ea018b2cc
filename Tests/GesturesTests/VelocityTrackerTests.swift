import Testing
import Geometry
@testable import Gestures

@Suite struct VelocityTrackerTests {
    @Test func fewerThanTwoSamplesGiveZero() {
        var t = VelocityTracker()
        #expect(t.velocity == .zero)
        t.addSample(pt(10, 10), at: 1)
        #expect(t.velocity == .zero)
    }

    @Test func steadyMotionIsExact() {
        var t = VelocityTracker()
        // 300 pt/s right, −120 pt/s up, sampled at 120 Hz.
        for i in 0...30 {
            let time = 2 + Double(i) / 120
            t.addSample(pt(5 + 300 * (time - 2), 50 - 120 * (time - 2)), at: time)
        }
        #expect(abs(t.velocity.dx - 300) < 1e-6)
        #expect(abs(t.velocity.dy + 120) < 1e-6)
    }

    @Test func onlyTheLast100msCount() {
        var t = VelocityTracker()
        // 1000 pt/s for 0.5 s, then 200 pt/s for 0.2 s: the fit only sees the second part.
        var x = 0.0, time = 0.0
        while time < 0.5 - 1e-12 { t.addSample(pt(x, 0), at: time); time += 0.01; x += 10 }
        while time < 0.7 - 1e-12 { t.addSample(pt(x, 0), at: time); time += 0.01; x += 2 }
        t.addSample(pt(x, 0), at: time)
        #expect(abs(t.velocity.dx - 200) < 1e-6)
    }

    @Test func leastSquaresOfNoisySamples() {
        // Hand-computed: t = 0, 0.01, 0.02, 0.03; x = 0, 2, 3, 6 →
        // t̄ = 0.015, x̄ = 2.75, Σ(t−t̄)(x−x̄) = 0.095, Σ(t−t̄)² = 0.0005 → slope 190 pt/s.
        var t = VelocityTracker()
        for (i, x) in [0.0, 2, 3, 6].enumerated() { t.addSample(pt(x, 0), at: Double(i) * 0.01) }
        #expect(abs(t.velocity.dx - 190) < 1e-9)
    }

    @Test func stillPointerReadsZeroLater() {
        var t = VelocityTracker()
        t.addSample(pt(0, 0), at: 0)
        t.addSample(pt(10, 0), at: 0.01)
        #expect(abs(t.velocity(at: 0.01).dx - 1000) < 1e-6)
        #expect(t.velocity(at: 0.5) == .zero)
    }

    @Test func ringBufferWrapsWithoutGrowing() {
        var t = VelocityTracker(capacity: 8)
        for i in 0..<1000 { t.addSample(pt(Double(i) * 2, 0), at: Double(i) * 0.001) }
        #expect(t.count == 8)
        #expect(t.capacity == 8)
        #expect(abs(t.velocity.dx - 2000) < 1e-6)
        #expect(t.latestPosition == pt(1998, 0))
    }

    @Test func timeGoingBackwardsRestarts() {
        var t = VelocityTracker()
        t.addSample(pt(0, 0), at: 5)
        t.addSample(pt(100, 0), at: 5.05)
        t.addSample(pt(0, 0), at: 1)
        #expect(t.count == 1)
        #expect(t.velocity == .zero)
    }
}
