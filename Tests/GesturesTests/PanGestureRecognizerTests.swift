import Testing
import Geometry
@testable import Gestures

@Suite struct PanGestureRecognizerTests {
    typealias Pan = PanGestureRecognizer

    @Test func pureTransitionTable() {
        let c = Pan.Configuration()
        let o = pt(0, 0)
        let tracking = Pan.Phase.tracking(origin: o)
        expectTransitions(of: Pan.self, configuration: c, [
            (.idle, .pointer(.down(o, at: 0)), tracking, nil),
            (tracking, .pointer(.moved(pt(6, 8), at: 0.1)), tracking, nil),     // 10 pt: not yet
            (tracking, .pointer(.moved(pt(6, 8.1), at: 0.1)), .panning, .began),
            (tracking, .tick(5), tracking, nil),
            (tracking, .pointer(.up(o, at: 0.1)), .done, .failed),
            (tracking, .pointer(.cancelled(o, at: 0.1)), .done, .failed),
            (.panning, .pointer(.moved(o, at: 0.2)), .panning, .changed),
            (.panning, .pointer(.up(o, at: 0.2)), .done, .ended),
            (.panning, .pointer(.cancelled(o, at: 0.2)), .done, .cancelled),
            (.done, .pointer(.moved(o, at: 0.3)), .done, nil),
        ])
    }

    @Test func translationAndHysteresis() {
        let pan = Pan()
        let log = StateLog(pan)
        pan.handle(.down(pt(100, 100), at: 0))
        pan.handle(.moved(pt(105, 100), at: 0.01))
        #expect(pan.state == .possible)
        pan.handle(.moved(pt(112, 100), at: 0.02))
        #expect(pan.state == .began)
        #expect(pan.translation(in: nil) == Vector(dx: 12, dy: 0))
        pan.setTranslation(.zero, in: nil)
        pan.handle(.moved(pt(115, 96), at: 0.03))
        #expect(pan.translation(in: nil) == Vector(dx: 3, dy: -4))
        // In a view scaled 2× (view points are half as long).
        let space = OffsetSpace(origin: pt(50, 50), scale: 2)
        #expect(pan.translation(in: space) == Vector(dx: 1.5, dy: -2))
        #expect(pan.location(in: space) == pt(32.5, 23))
        pan.setTranslation(Vector(dx: 10, dy: 0), in: space)
        #expect(pan.translation(in: nil) == Vector(dx: 20, dy: 0))
        pan.handle(.up(pt(115, 96), at: 0.04))
        #expect(log.states == [.began, .changed, .ended])
    }

    @Test func steadyDragAt500PointsPerSecond() {
        let pan = Pan()
        var velocities: [Vector] = []
        pan.addTarget { velocities.append(($0 as! Pan).velocity(in: nil)) }
        // A mouse at 125 Hz moving diagonally at 500 pt/s (300 right, 400 down), with 0.3 pt jitter
        // from integer-ish pixel rounding.
        var t = 0.0
        pan.handle(.down(pt(0, 0), at: t))
        for i in 1...40 {
            t = Double(i) * 0.008
            let jitter = (i % 3 == 0 ? 0.3 : -0.15)
            pan.handle(.moved(pt(300 * t + jitter, 400 * t - jitter), at: t))
        }
        let v = pan.velocity(in: nil)
        #expect(abs(v.length - 500) / 500 < 0.02)
        #expect(abs(v.dx - 300) / 300 < 0.02 && abs(v.dy - 400) / 400 < 0.02)
        // The release arrives 4 ms later at the last motion's position, as SDL reports it.
        pan.handle(.up(pan.location(in: nil), at: t + 0.004))
        #expect(pan.state == .ended)
        #expect(abs(velocities.last!.length - 500) / 500 < 0.02)
        // In a view scaled 2×, velocity is halved.
        #expect(abs(pan.velocity(in: OffsetSpace(origin: pt(9, 9), scale: 2)).length - 250) / 250 < 0.02)
    }

    @Test func pausingBeforeReleaseFlingsNothing() {
        let pan = Pan()
        pan.handle(.down(pt(0, 0), at: 0))
        for i in 1...10 { pan.handle(.moved(pt(Double(i) * 5, 0), at: Double(i) * 0.01)) }
        pan.tick(at: 0.3)
        pan.handle(.up(pt(50, 0), at: 0.3))
        #expect(pan.state == .ended)
        #expect(pan.velocity(in: nil) == .zero)
    }
}
