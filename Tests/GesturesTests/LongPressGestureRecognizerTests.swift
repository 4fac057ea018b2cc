import Testing
import Geometry
@testable import Gestures

@Suite struct LongPressGestureRecognizerTests {
    typealias LP = LongPressGestureRecognizer

    @Test func pureTransitionTable() {
        let c = LP.Configuration()
        let o = pt(100, 100)
        let waiting = LP.Phase.waiting(origin: o, deadline: 1.5)
        expectTransitions(of: LP.self, configuration: c, [
            (.idle, .pointer(.down(o, at: 1)), waiting, nil),
            (.idle, .tick(9), .idle, nil),
            (.idle, .pointer(.moved(o, at: 1)), .idle, nil),
            (waiting, .tick(1.4999), waiting, nil),
            (waiting, .tick(1.5), .pressing, .began),
            (waiting, .tick(2), .pressing, .began),
            (waiting, .pointer(.moved(pt(110, 100), at: 1.1)), waiting, nil),      // exactly 10 pt: allowed
            (waiting, .pointer(.moved(pt(107, 107.2), at: 1.1)), .done, .failed),  // 10.1 pt: too far
            (waiting, .pointer(.up(o, at: 1.2)), .done, .failed),
            (waiting, .pointer(.cancelled(o, at: 1.2)), .done, .failed),
            (.pressing, .pointer(.moved(pt(300, 0), at: 2)), .pressing, .changed),
            (.pressing, .tick(3), .pressing, nil),
            (.pressing, .pointer(.up(o, at: 2)), .done, .ended),
            (.pressing, .pointer(.cancelled(o, at: 2)), .done, .cancelled),
            (.done, .tick(5), .done, nil),
            (.done, .pointer(.moved(o, at: 5)), .done, nil),
        ])
    }

    @Test func beginsExactlyAtMinimumPressDurationThroughTick() {
        let lp = LP()
        let log = StateLog(lp)
        lp.handle(.down(pt(50, 50), at: 0.1))
        #expect(lp.state == .possible)
        lp.tick(at: 0.3)
        lp.tick(at: (0.1 + 0.5).nextDown - 1e-6)
        #expect(lp.state == .possible)
        lp.tick(at: 0.1 + 0.5)
        #expect(lp.state == .began)
        #expect(lp.location(in: nil) == pt(50, 50))
        lp.handle(.moved(pt(80, 50), at: 0.7))   // far, but after beginning anything goes
        #expect(lp.state == .changed)
        lp.handle(.up(pt(80, 50), at: 0.8))
        #expect(lp.state == .ended)
        #expect(log.states == [.began, .changed, .ended])
    }

    @Test func frameClockSummingSixtiethsFiresOnTheDeadlineFrame() {
        let lp = LP()
        lp.handle(.down(pt(0, 0), at: 0))
        var t = 0.0
        var frames = 0
        while lp.state == .possible { t += 1.0 / 60; frames += 1; lp.tick(at: t) }
        #expect(frames == 30)
    }

    @Test func eventAfterTheDeadlineBeginsFirst() {
        let lp = LP()
        let log = StateLog(lp)
        lp.handle(.down(pt(0, 0), at: 0))
        lp.handle(.moved(pt(40, 0), at: 0.6))   // no tick came: the timer still fires before the move
        #expect(log.states == [.began, .changed])
    }

    @Test func failsWhenMovedBeyondAllowableMovement() {
        let lp = LP()
        let log = StateLog(lp)
        lp.handle(.down(pt(0, 0), at: 0))
        lp.handle(.moved(pt(6, 8), at: 0.1))     // 10 pt: still possible
        #expect(lp.state == .possible)
        lp.handle(.moved(pt(6, 8.1), at: 0.2))   // beyond 10 pt
        #expect(lp.state == .failed)
        lp.tick(at: 1)
        #expect(lp.state == .failed)
        #expect(log.states.isEmpty)
        // The next press starts over.
        lp.handle(.down(pt(0, 0), at: 2))
        #expect(lp.state == .possible)
        lp.tick(at: 2.5)
        #expect(lp.state == .began)
    }

    @Test func releaseBeforeDurationFailsAndCancelAfterBeginCancels() {
        let lp = LP(minimumPressDuration: 0.15)
        lp.handle(.down(pt(0, 0), at: 0))
        lp.handle(.up(pt(0, 0), at: 0.1))
        #expect(lp.state == .failed)
        let log = StateLog(lp)
        lp.handle(.down(pt(0, 0), at: 1))
        lp.tick(at: 1.15)
        lp.handle(.cancelled(pt(0, 0), at: 1.2))
        #expect(log.states == [.began, .cancelled])
    }

    @Test func aZeroDurationPressBeginsOnTheDownAndEndsWithTheRelease() {
        let press = LP(minimumPressDuration: 0)
        press.allowableMovement = .infinity
        let log = StateLog(press)
        press.handle(.down(pt(0, 0), at: 1))
        #expect(press.state == .began && log.states == [.began])
        press.handle(.moved(pt(300, 0), at: 1.1))
        press.handle(.up(pt(300, 0), at: 1.2))
        #expect(log.states == [.began, .changed, .ended])
        var c = LP.Configuration()
        c.minimumPressDuration = 0
        let step = LP.transition(from: .idle, on: .pointer(.down(pt(0, 0), at: 0)), configuration: c)
        #expect(step.phase == .pressing && step.request == .began)
    }
}
