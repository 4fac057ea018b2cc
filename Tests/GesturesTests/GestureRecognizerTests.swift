import Testing
import Geometry
@testable import Gestures

@Suite struct GestureRecognizerTests {
    /// A pan that has begun (pressed at the origin, moved 20 pt right) and the log of its states.
    static func beganPan() -> (PanGestureRecognizer, StateLog) {
        let pan = PanGestureRecognizer()
        let log = StateLog(pan)
        pan.handle(.down(pt(0, 0), at: 0))
        pan.handle(.moved(pt(20, 0), at: 0.1))
        return (pan, log)
    }

    /// A tap that requires a double tap to fail, both clicked once (so the tap waits), and the
    /// log of the tap's states.
    static func tapWaitingForDoubleTap() -> (TapGestureRecognizer, TapGestureRecognizer, StateLog) {
        let tap = TapGestureRecognizer()
        let double = TapGestureRecognizer(numberOfTapsRequired: 2)
        tap.require(toFail: double)
        let log = StateLog(tap)
        for r in [tap, double] { r.handle(.down(pt(0, 0), at: 0)) }
        for r in [tap, double] { r.handle(.up(pt(0, 0), at: 0.1)) }
        return (tap, double, log)
    }

    @Test func stateTransitionTable() {
        let all: [GestureRecognizerState] = [.possible, .began, .changed, .ended, .cancelled, .failed]
        let allowed: Set<[GestureRecognizerState]> = [
            [.possible, .began], [.possible, .ended], [.possible, .failed],
            [.began, .changed], [.began, .ended], [.began, .cancelled],
            [.changed, .changed], [.changed, .ended], [.changed, .cancelled],
        ]
        for from in all {
            for to in all {
                #expect(from.canTransition(to: to) == allowed.contains([from, to]), "\(from) → \(to)")
            }
        }
        #expect(GestureRecognizerState.recognized == .ended)
    }

    @Test func invalidStateRequestsAreIgnored() {
        let pan = PanGestureRecognizer()
        pan.state = .changed
        #expect(pan.state == .possible)
        pan.state = .cancelled
        #expect(pan.state == .possible)
        pan.state = .began
        pan.state = .failed
        #expect(pan.state == .began)
    }

    @Test func disablingAnActiveGestureCancelsAndResets() {
        let (pan, log) = Self.beganPan()
        pan.isEnabled = false
        #expect(log.states == [.began, .cancelled])
        #expect(pan.state == .possible)
        pan.handle(.moved(pt(40, 0), at: 0.2))
        pan.handle(.down(pt(0, 0), at: 0.3))
        #expect(pan.state == .possible && !pan.isTracking)
        pan.isEnabled = true
        pan.handle(.down(pt(0, 0), at: 1))
        pan.handle(.moved(pt(0, 20), at: 1.1))
        #expect(pan.state == .began)
    }

    @Test func cancelMovesAnActiveGestureToCancelledOnce() {
        let (pan, log) = Self.beganPan()
        pan.handle(.moved(pt(30, 0), at: 0.2))
        #expect(pan.state == .changed)
        pan.cancel()
        #expect(pan.state == .cancelled)
        pan.cancel()                                   // terminal: nothing more
        #expect(log.states == [.began, .changed, .cancelled])
        pan.handle(.moved(pt(60, 0), at: 0.3))         // the rest of the sequence is ignored
        pan.handle(.up(pt(60, 0), at: 0.4))
        #expect(pan.state == .cancelled && pan.isEnabled)
        #expect(log.states == [.began, .changed, .cancelled])
        pan.handle(.down(pt(0, 0), at: 1))             // the next sequence resets it and begins again
        pan.handle(.moved(pt(20, 0), at: 1.1))
        #expect(pan.state == .began)
        #expect(log.states == [.began, .changed, .cancelled, .began])
    }

    @Test func cancelFailsAPossibleGestureWithoutHandlersAndLeavesAnIdleOneAlone() {
        let press = LongPressGestureRecognizer()
        let log = StateLog(press)
        press.cancel()                                  // idle
        #expect(press.state == .possible && !press.isTracking)
        press.handle(.down(pt(0, 0), at: 0))
        press.cancel()                                  // tracking, not yet recognized
        #expect(press.state == .failed)
        press.tick(at: 1)                               // the timer no longer fires
        #expect(press.state == .failed && log.states.isEmpty)
        // A tap waiting for its failure requirement fails too, and never fires.
        let (tap, double, tapLog) = Self.tapWaitingForDoubleTap()
        #expect(tap.isWaitingForFailureRequirements)
        tap.cancel()
        #expect(tap.state == .failed && !tap.isWaitingForFailureRequirements)
        for r in [tap, double] { r.tick(at: 0.5) }
        #expect(tap.state == .failed && tapLog.states.isEmpty)
    }

    @Test func cancelInAnArenaResetsAtTheEndOfTheSequence() {
        let arena = GestureArena()
        let press = LongPressGestureRecognizer(minimumPressDuration: 0.1)
        let log = StateLog(press)
        arena.begin(.down(pt(0, 0), at: 0), recognizers: [press])
        arena.tick(at: 0.2)
        #expect(press.state == .began)
        press.cancel()
        #expect(press.state == .cancelled && log.states == [.began, .cancelled])
        arena.handle(.up(pt(0, 0), at: 0.3))
        #expect(press.state == .possible && !press.isTracking)
        #expect(log.states == [.began, .cancelled])
    }

    @Test func delegateShouldBeginAndShouldReceive() {
        let d = ClosureDelegate()
        let lp = LongPressGestureRecognizer()
        lp.delegate = d
        d.shouldBegin = { _ in false }
        lp.handle(.down(pt(0, 0), at: 0))
        lp.tick(at: 0.5)
        #expect(lp.state == .failed)
        d.shouldBegin = { _ in true }
        d.shouldReceive = { _, e in e.modifiers.contains(.shift) }
        lp.handle(.down(pt(0, 0), at: 1))
        lp.tick(at: 2)
        #expect(lp.state == .possible && !lp.isTracking)
        lp.handle(.down(pt(0, 0), at: 3, modifiers: [.shift]))
        lp.tick(at: 3.5)
        #expect(lp.state == .began)
    }

    @Test func verticalPanBeginsOnlyWhenVerticalVelocityDominates() {
        let d = ClosureDelegate()
        d.shouldBegin = { g in
            let v = (g as! PanGestureRecognizer).velocity(in: nil)
            return abs(v.dy) > abs(v.dx)
        }
        let vertical = PanGestureRecognizer()
        vertical.delegate = d
        // Mostly vertical: begins.
        vertical.handle(.down(pt(0, 0), at: 0))
        vertical.handle(.moved(pt(2, 6), at: 0.01))
        vertical.handle(.moved(pt(4, 12), at: 0.02))
        #expect(vertical.state == .began)
        vertical.handle(.up(pt(4, 12), at: 0.03))
        // Mostly horizontal: fails.
        vertical.handle(.down(pt(0, 0), at: 1))
        vertical.handle(.moved(pt(6, 2), at: 1.01))
        vertical.handle(.moved(pt(12, 4), at: 1.02))
        #expect(vertical.state == .failed)
    }

    @Test func requireToFailWaitsThenRecognizes() {
        let (tap, double, log) = Self.tapWaitingForDoubleTap()
        #expect(tap.state == .possible && tap.isWaitingForFailureRequirements)
        for r in [tap, double] { r.tick(at: 0.3) }
        #expect(tap.state == .possible)
        for r in [tap, double] { r.tick(at: 0.5) }    // the double tap times out → the tap fires
        #expect(double.state == .failed)
        #expect(tap.state == .recognized)
        #expect(log.states == [.recognized])
    }

    @Test func requireToFailFailsWhenTheRequirementRecognizes() {
        let tap = TapGestureRecognizer()
        let double = TapGestureRecognizer(numberOfTapsRequired: 2)
        tap.require(toFail: double)
        for r in [tap, double] { r.handle(.down(pt(0, 0), at: 0)) }
        for r in [tap, double] { r.handle(.up(pt(0, 0), at: 0.1)) }
        for r in [tap, double] { r.handle(.down(pt(0, 0), at: 0.2)) }
        for r in [tap, double] { r.handle(.up(pt(0, 0), at: 0.3)) }
        #expect(double.state == .recognized)
        #expect(tap.state == .failed)
    }

    @Test func locationInACoordinateSpace() {
        let tap = TapGestureRecognizer()
        let space = OffsetSpace(origin: pt(100, 40), scale: 0.5)
        tap.view = space
        tap.handle(.down(pt(110, 50), at: 0))
        #expect(tap.location(in: nil) == pt(110, 50))
        #expect(tap.location(in: tap.view) == pt(20, 20))
    }
}
