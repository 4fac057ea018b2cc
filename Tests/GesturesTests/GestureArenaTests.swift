import Testing
import Geometry
@testable import Gestures

@Suite struct GestureArenaTests {
    /// A tap that requires a long press to fail, both on one view: a quick click taps, a hold long-presses.
    @Test func tapAndLongPressOnOneView() {
        let arena = GestureArena()
        let tap = TapGestureRecognizer()
        let press = LongPressGestureRecognizer()
        tap.require(toFail: press)
        let taps = StateLog(tap), presses = StateLog(press)

        arena.begin(.down(pt(10, 10), at: 0), recognizers: [tap, press])
        arena.tick(at: 0.05)
        arena.handle(.up(pt(10, 10), at: 0.12))
        #expect(taps.states == [.recognized])
        #expect(presses.states.isEmpty)
        #expect(tap.state == .possible && press.state == .possible)   // reset after the sequence

        arena.begin(.down(pt(10, 10), at: 1), recognizers: [tap, press])
        arena.tick(at: 1.25)
        arena.tick(at: 1.5)
        #expect(press.state == .began)
        #expect(tap.state == .failed)
        #expect(arena.winner === press)
        arena.handle(.moved(pt(40, 10), at: 1.6))
        arena.handle(.up(pt(40, 10), at: 1.7))
        #expect(taps.states == [.recognized])
        #expect(presses.states == [.began, .changed, .ended])
    }

    /// The arena's timer deadline: a pending long press's, a double tap's timeout; none otherwise.
    @Test func nextTimerDeadlineIsTheEarliestPendingTimer() {
        let arena = GestureArena()
        let press = LongPressGestureRecognizer(minimumPressDuration: 0.5)
        let double = TapGestureRecognizer(numberOfTapsRequired: 2)
        #expect(arena.nextTimerDeadline == nil && press.timerDeadline == nil && double.timerDeadline == nil)
        arena.begin(.down(pt(10, 10), at: 1), recognizers: [double, press])
        #expect(press.timerDeadline == 1.5 && double.timerDeadline == nil)
        #expect(arena.nextTimerDeadline == 1.5)
        arena.handle(.up(pt(10, 10), at: 1.1))          // the press fails; the double tap waits 0.35 s
        #expect(press.timerDeadline == nil)
        #expect(arena.nextTimerDeadline == 1.1 + 0.35)
        arena.tick(at: 1.46)                             // timed out: failed, reset
        #expect(arena.nextTimerDeadline == nil && double.state == .possible)
        // Once a long press has begun no timer is left.
        arena.begin(.down(pt(10, 10), at: 2), recognizers: [press])
        arena.tick(at: 2.5)
        #expect(press.state == .began && arena.nextTimerDeadline == nil)
        arena.handle(.up(pt(10, 10), at: 2.6))
        #expect(arena.nextTimerDeadline == nil)
    }

    /// Without the requirement the tap still loses a long hold: the long press beginning fails it.
    @Test func beginningFailsCompetitors() {
        let arena = GestureArena()
        let tap = TapGestureRecognizer()
        let press = LongPressGestureRecognizer(minimumPressDuration: 0.15)
        let taps = StateLog(tap)
        arena.begin(.down(pt(0, 0), at: 0), recognizers: [tap, press])
        arena.tick(at: 0.15)
        #expect(press.state == .began && tap.state == .failed)
        arena.handle(.up(pt(0, 0), at: 0.3))
        #expect(taps.states.isEmpty)
    }

    /// A card's vertical pan and its carousel's horizontal scroll pan: each takes its own direction.
    @Test func verticalCardPanAndHorizontalScroll() {
        let cardDelegate = ClosureDelegate()
        cardDelegate.shouldBegin = { g in
            let v = (g as! PanGestureRecognizer).velocity(in: nil); return abs(v.dy) > abs(v.dx)
        }
        let scrollDelegate = ClosureDelegate()
        scrollDelegate.shouldBegin = { g in
            let v = (g as! PanGestureRecognizer).velocity(in: nil); return abs(v.dx) >= abs(v.dy)
        }
        let card = PanGestureRecognizer(), scroll = PanGestureRecognizer()
        card.delegate = cardDelegate
        scroll.delegate = scrollDelegate
        let arena = GestureArena()

        func drag(_ dx: Double, _ dy: Double, from t0: Double) {
            arena.begin(.down(pt(200, 200), at: t0), recognizers: [card, scroll])
            for i in 1...6 {
                arena.handle(.moved(pt(200 + dx * Double(i), 200 + dy * Double(i)), at: t0 + Double(i) * 0.01))
            }
        }

        drag(1, 5, from: 0)
        #expect(card.state == .changed && scroll.state == .failed)
        arena.handle(.up(pt(206, 230), at: 0.07))

        drag(-5, 2, from: 1)
        #expect(card.state == .failed && scroll.state == .changed)
        #expect(arena.winner === scroll)
        arena.handle(.up(pt(170, 212), at: 1.07))
        #expect(card.state == .possible && scroll.state == .possible)
    }

    @Test func simultaneousRecognitionWhenADelegateAllows() {
        let d = ClosureDelegate()
        d.simultaneous = { _, _ in true }
        let pan = PanGestureRecognizer(), press = LongPressGestureRecognizer()
        press.delegate = d
        let arena = GestureArena()
        arena.begin(.down(pt(0, 0), at: 0), recognizers: [press, pan])
        arena.tick(at: 0.5)
        arena.handle(.moved(pt(30, 0), at: 0.6))
        #expect(press.state == .changed && pan.state == .began)
    }

    @Test func activeRecognizerBlocksALaterOne() {
        let pan = PanGestureRecognizer(), press = LongPressGestureRecognizer()
        press.allowableMovement = 1000
        let arena = GestureArena()
        arena.begin(.down(pt(0, 0), at: 0), recognizers: [pan, press])
        arena.handle(.moved(pt(30, 0), at: 0.1))
        #expect(pan.state == .began && press.state == .failed)
        arena.tick(at: 0.6)
        #expect(press.state == .failed)
    }

    @Test func doubleTapLingersAcrossSequencesAndAClickElsewhereEndsIt() {
        let arena = GestureArena()
        let double = TapGestureRecognizer(numberOfTapsRequired: 2)
        let other = TapGestureRecognizer()
        let log = StateLog(double)
        arena.begin(.down(pt(0, 0), at: 0), recognizers: [double])
        arena.handle(.up(pt(0, 0), at: 0.1))
        #expect(arena.lingering.count == 1)
        arena.begin(.down(pt(0, 0), at: 0.2), recognizers: [double])
        arena.handle(.up(pt(0, 0), at: 0.3))
        #expect(log.states == [.recognized])
        #expect(arena.lingering.isEmpty && double.state == .possible)

        arena.begin(.down(pt(0, 0), at: 1), recognizers: [double])
        arena.handle(.up(pt(0, 0), at: 1.1))
        arena.begin(.down(pt(300, 0), at: 1.2), recognizers: [other])
        #expect(double.state == .possible && !double.isTracking)
        arena.handle(.up(pt(300, 0), at: 1.3))
        #expect(log.states == [.recognized])
        #expect(other.state == .possible)
    }

    @Test func cancelEndsTheSequence() {
        let pan = PanGestureRecognizer()
        let log = StateLog(pan)
        let arena = GestureArena()
        arena.begin(.down(pt(0, 0), at: 0), recognizers: [pan])
        arena.handle(.moved(pt(0, 50), at: 0.1))
        arena.cancel(at: 0.2)
        #expect(log.states == [.began, .cancelled])
        #expect(!arena.isTracking && pan.state == .possible)
        arena.handle(.moved(pt(0, 80), at: 0.3))   // hover: ignored
        #expect(log.states == [.began, .cancelled])
    }
}
