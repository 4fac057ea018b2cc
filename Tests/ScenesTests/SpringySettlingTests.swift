import Testing
import Geometry
import Gestures
@testable import Scenes

/// Issue 27 part 3 in the springy scene: after a wheel scroll or a fling, the HUD's predicted
/// settling time (the scroll's remaining motion plus the slowest row's spring) against the one
/// measured.
@Suite struct SpringySettlingTests {
    func run(_ scene: SpringyScene, seconds: Double) {
        for _ in 0..<Int(seconds * 60) { scene.update(time: 0, dt: 1.0 / 60) }
    }

    @Test(arguments: [3.0, -6.0])
    func aWheelScrollIsPredictedWithin30Percent(notches: Double) throws {
        let s = SpringyScene(items: 200)
        s.resize(to: Size(width: 1280, height: 800))
        run(s, seconds: 0.5)
        let p = Point(x: 400, y: 700)
        _ = s.handle(.pointer(.moved(p, at: 0)))
        // Down the list first, so a scroll either way moves it.
        _ = s.handle(.scroll(ScrollEvent(location: p, delta: Vector(dx: 0, dy: -10), timestamp: 0)))
        run(s, seconds: 3)
        _ = s.handle(.scroll(ScrollEvent(location: p, delta: Vector(dx: 0, dy: notches), timestamp: 1)))
        let r0 = try #require(s.status.settling)
        #expect(r0.predicted > 0 && r0.measured == nil)
        run(s, seconds: 10)
        let r = try #require(s.status.settling)
        let measured = try #require(r.measured)
        #expect(abs(r.predicted - measured) <= 0.3 * measured, "predicted \(r.predicted) s, took \(measured) s")
        #expect(r.samples.count > 5)
    }

    /// A fling: momentum dominates; the prediction includes it.
    @Test func aFlingIsPredictedWithin30Percent() throws {
        let s = SpringyScene(items: 2000)
        s.resize(to: Size(width: 1280, height: 800))
        run(s, seconds: 0.5)
        var p = Point(x: 400, y: 600)
        _ = s.handle(.pointer(.down(p, at: 1)))
        for i in 1...6 {
            p.y -= 40
            _ = s.handle(.pointer(.moved(p, at: 1 + Double(i) / 60)))
            s.update(time: 1 + Double(i) / 60, dt: 1.0 / 60)
        }
        _ = s.handle(.pointer(.up(p, at: 1.11)))
        let r0 = try #require(s.status.settling)
        #expect(r0.predicted > 0.5, "a fling's momentum lasts: \(r0.predicted) s")
        run(s, seconds: 20)
        let r = try #require(s.status.settling)
        let measured = try #require(r.measured)
        #expect(abs(r.predicted - measured) <= 0.3 * measured, "predicted \(r.predicted) s, took \(measured) s")
    }
}

extension SpringySettlingTests {
    /// A burst of five wheel notches 30 ms apart: the rows already lag when the last comes, and
    /// the lag dies away with the scroll: the prediction is the later of the two, not their sum.
    @Test func aBurstOfNotchesIsPredictedWithin30Percent() throws {
        let s = SpringyScene(items: 1000)
        s.resize(to: Size(width: 1280, height: 800))
        run(s, seconds: 0.5)
        let p = Point(x: 400, y: 670)
        _ = s.handle(.pointer(.moved(p, at: 0)))
        for k in 0..<5 {
            _ = s.handle(.scroll(ScrollEvent(location: p, delta: Vector(dx: 0, dy: -1), timestamp: Double(k) * 0.03)))
            run(s, seconds: 2.0 / 60)
        }
        run(s, seconds: 3)
        let r = try #require(s.status.settling)
        let measured = try #require(r.measured)
        #expect(abs(r.predicted - measured) <= 0.3 * measured, "predicted \(r.predicted) s, took \(measured) s")
    }
}
