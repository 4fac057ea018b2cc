import Testing
import Geometry
@testable import Gestures

@Suite struct TapGestureRecognizerTests {
    typealias Tap = TapGestureRecognizer

    @Test func pureTransitionTableForDoubleTap() {
        var c = Tap.Configuration()
        c.numberOfTapsRequired = 2
        let a = pt(10, 10)
        let pressed0 = Tap.Phase.pressed(completed: 0, origin: a, first: a)
        let waiting1 = Tap.Phase.waiting(completed: 1, upTime: 0.1, first: a)
        expectTransitions(of: Tap.self, configuration: c, [
            (.idle, .pointer(.down(a, at: 0)), pressed0, nil),
            (pressed0, .pointer(.moved(pt(20, 10), at: 0.05)), pressed0, nil),   // 10 pt: allowed
            (pressed0, .pointer(.moved(pt(20.5, 10), at: 0.05)), .done, .failed),
            (pressed0, .tick(30), pressed0, nil),                               // no maximum hold
            (pressed0, .pointer(.up(a, at: 0.1)), waiting1, nil),
            (pressed0, .pointer(.cancelled(a, at: 0.1)), .done, .failed),
            (waiting1, .tick(0.45), waiting1, nil),
            (waiting1, .tick(0.46), .done, .failed),
            (waiting1, .pointer(.down(pt(12, 12), at: 0.3)),
             .pressed(completed: 1, origin: pt(12, 12), first: a), nil),
            (waiting1, .pointer(.down(pt(60, 10), at: 0.3)), .done, .failed),   // too far from the first
            (waiting1, .pointer(.down(a, at: 0.5)), .done, .failed),            // too late
            (.pressed(completed: 1, origin: a, first: a), .pointer(.up(a, at: 0.4)), .done, .recognized),
        ])
    }

    @Test func singleClickRecognizesOnRelease() {
        var tapped: [Point] = []
        let tap = Tap { tapped.append($0.location(in: nil)) }
        tap.handle(.down(pt(5, 5), at: 0))
        #expect(tap.state == .possible)
        tap.handle(.moved(pt(8, 9), at: 0.05))
        tap.handle(.up(pt(8, 9), at: 0.1))
        #expect(tap.state == .recognized)
        #expect(tapped == [pt(8, 9)])
        // Auto-reset on the next press.
        tap.handle(.down(pt(5, 5), at: 1))
        #expect(tap.state == .possible)
    }

    @Test func longHoldStillTapsButADragDoesNot() {
        let tap = Tap()
        tap.handle(.down(pt(0, 0), at: 0))
        tap.tick(at: 3)
        tap.handle(.up(pt(0, 0), at: 3))
        #expect(tap.state == .recognized)
        tap.handle(.down(pt(0, 0), at: 4))
        tap.handle(.moved(pt(0, 11), at: 4.1))
        #expect(tap.state == .failed)
        tap.handle(.moved(pt(0, 0), at: 4.2))
        tap.handle(.up(pt(0, 0), at: 4.3))
        #expect(tap.state == .failed)
    }

    @Test func doubleTapAndItsTimeout() {
        let tap = Tap(numberOfTapsRequired: 2)
        let log = StateLog(tap)
        tap.handle(.down(pt(0, 0), at: 0))
        tap.handle(.up(pt(0, 0), at: 0.08))
        #expect(tap.state == .possible)
        tap.tick(at: 0.3)
        tap.handle(.down(pt(3, 0), at: 0.35))
        tap.handle(.up(pt(3, 0), at: 0.42))
        #expect(tap.state == .recognized)
        #expect(log.states == [.recognized])

        // Second click too late: the tick fails it; the late click starts a fresh attempt.
        tap.handle(.down(pt(0, 0), at: 2))
        tap.handle(.up(pt(0, 0), at: 2.1))
        tap.tick(at: 2.46)
        #expect(tap.state == .failed)
        tap.handle(.down(pt(0, 0), at: 2.6))
        #expect(tap.state == .possible)
        #expect(tap.phase == .pressed(completed: 0, origin: pt(0, 0), first: pt(0, 0)))
    }

    @Test func rightButtonIsIgnoredByDefault() {
        let tap = Tap()
        tap.handle(.down(pt(0, 0), at: 0, button: .right))
        tap.handle(.up(pt(0, 0), at: 0.1, button: .right))
        #expect(tap.state == .possible)
        tap.allowedButtons = [.right]
        tap.handle(.down(pt(0, 0), at: 1, button: .right))
        tap.handle(.up(pt(0, 0), at: 1.1, button: .right))
        #expect(tap.state == .recognized)
    }
}
