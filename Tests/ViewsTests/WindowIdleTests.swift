import Testing
import Geometry
import Gestures
import Animation
import Layout
@testable import Views

/// A stepper that does not say whether it rests (the protocol's default).
private final class Silent: FrameStepper {
    func step(_ dt: Double) {}
}

/// A 320×480 window filled by a collection view of 40×40 items (6 per row, row pitch 50), ticked once.
private func grid(_ count: Int) -> (Window, CollectionView, Source) {
    let window = Window(size: Size(width: 320, height: 480))
    let layout = FlowLayout()
    layout.itemSize = Size(width: 40, height: 40)
    let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    cv.register(CountingCell.self, forCellWithReuseIdentifier: "c")
    let source = Source([count])
    cv.dataSource = source
    window.rootView.addSubview(cv)
    window.tick(at: 0, dt: 0)
    return (window, cv, source)
}

/// Ticks `window` at 60 Hz from `time` until `needsFrame` turns false (at most `limit` seconds);
/// returns how many frames needed drawing, or nil when it never rested.
private func framesUntilIdle(_ window: Window, from time: inout Double, limit: Double = 10) -> Int? {
    var frames = 0
    while window.needsFrame {
        if Double(frames) / 60 > limit { return nil }
        time += 1.0 / 60
        window.tick(at: time, dt: 1.0 / 60)
        frames += 1
    }
    return frames
}

@Suite("Window idle decision (needsFrame)")
struct WindowIdleTests {
    @Test func aNewWindowNeedsItsFirstFrameThenRests() {
        let window = Window(size: Size(width: 100, height: 100))
        window.rootView.addSubview(View(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(window.needsFrame)
        window.tick(at: 0, dt: 0)
        #expect(!window.needsFrame)
        window.tick(at: 5, dt: 1.0 / 60)
        #expect(!window.needsFrame)
    }

    @Test func aPendingLayoutNeedsAFrame() {
        let window = Window(size: Size(width: 100, height: 100))
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.rootView.addSubview(v)
        window.tick(at: 0, dt: 0)
        v.setNeedsLayout()
        #expect(window.needsFrame)
        window.tick(at: 0.1, dt: 0.1)
        #expect(!window.needsFrame)
    }

    @Test func aPropertyAnimationInFlightNeedsFramesUntilItEnds() {
        let window = Window(size: Size(width: 100, height: 100))
        window.tick(at: 0, dt: 0)
        let x = AnimatableProperty(0.0)
        var done = false
        let animator = PropertyAnimator(duration: 0.5, curve: .easeInOut, timeline: window.timeline) { x.value = 1 }
        animator.addCompletion { _ in done = true }
        animator.startAnimation()
        #expect(window.needsFrame)
        var t = 0.0
        let frames = framesUntilIdle(window, from: &t)
        #expect(frames == 30)
        #expect(done && x.presentationValue == 1)
        // A paused animator changes nothing by itself.
        let paused = PropertyAnimator(duration: 0.5, curve: .linear, timeline: window.timeline) { x.value = 2 }
        paused.startAnimation()
        #expect(window.needsFrame)
        paused.pauseAnimation()
        #expect(!window.needsFrame)
        paused.startAnimation(afterDelay: 0.2)
        #expect(window.needsFrame)
    }

    @Test func aPendingLongPressNeedsFramesUntilItBegins() {
        let f = PressFixture()
        let window = f.window
        window.tick(at: 0.5, dt: 0)
        #expect(!window.needsFrame)
        window.send(PointerEvent.down(Point(x: 10, y: 10), at: 1.0))
        #expect(window.arena.nextTimerDeadline == 1.5)
        #expect(window.needsFrame)
        window.tick(at: 1.4, dt: 0.1)
        #expect(window.needsFrame)
        window.tick(at: 1.5, dt: 0.1)
        #expect(f.states == [.began])
        // Held still with nothing moving: nothing to draw until the next event.
        #expect(!window.needsFrame)
        window.send(PointerEvent.moved(Point(x: 20, y: 10), at: 1.6))
        window.tick(at: 1.6, dt: 0.1)
        #expect(!window.needsFrame)
        window.send(PointerEvent.up(Point(x: 20, y: 10), at: 1.7))
        #expect(!window.needsFrame && f.states == [.began, .changed, .ended])
        // A press released before the deadline: the long press fails and no timer is left.
        window.send(PointerEvent.down(Point(x: 10, y: 10), at: 2.0))
        #expect(window.needsFrame)
        window.send(PointerEvent.up(Point(x: 10, y: 10), at: 2.1))
        window.tick(at: 2.1, dt: 0)
        #expect(!window.needsFrame)
    }

    @Test func aDoubleTapWaitingForItsSecondClickNeedsFramesUntilItTimesOut() {
        let window = Window(size: Size(width: 100, height: 100))
        let v = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.rootView.addSubview(v)
        let tap = TapGestureRecognizer(numberOfTapsRequired: 2)
        v.addGestureRecognizer(tap)
        window.tick(at: 0, dt: 0)
        window.send(PointerEvent.down(Point(x: 10, y: 10), at: 1.0))
        window.send(PointerEvent.up(Point(x: 10, y: 10), at: 1.05))
        #expect(tap.timerDeadline == 1.4)
        #expect(window.needsFrame)
        window.tick(at: 1.4, dt: 0.35)
        #expect(window.needsFrame)              // fails only after the interval
        window.tick(at: 1.41, dt: 0.01)
        #expect(!window.needsFrame)
    }

    @Test func scrollMomentumNeedsFramesUntilItStops() {
        let (window, cv, source) = grid(1000)
        withExtendedLifetime(source) {
            #expect(!window.needsFrame)
            cv.fling(velocity: Vector(dx: 0, dy: -2000))
            #expect(!cv.isAtRest && window.needsFrame)
            var t = 0.0
            let frames = framesUntilIdle(window, from: &t)
            #expect(frames != nil && frames! > 60)
            #expect(!cv.isDecelerating && cv.contentOffset.y > 500)
            // The wheel glides too.
            window.send(InputEvent.wheel(Point(x: 10, y: 10), delta: Vector(dx: 0, dy: -3), at: t))
            #expect(window.needsFrame)
            #expect(framesUntilIdle(window, from: &t) != nil)
        }
    }

    @Test func aBatchUpdateNeedsFramesUntilItEnds() {
        let (window, cv, source) = grid(100)
        withExtendedLifetime(source) {
            cv.performBatchUpdates { cv.exchangeItem(at: IndexPath(item: 0, section: 0), withItemAt: IndexPath(item: 7, section: 0)) }
            #expect(cv.isAnimating && window.needsFrame)
            var t = 0.0
            let frames = framesUntilIdle(window, from: &t)
            #expect(frames != nil && frames! >= 12)
            #expect(!cv.isAnimatingBatchUpdates)
        }
    }

    @Test func aStepperThatDoesNotSayItRestsKeepsTheWindowDrawing() {
        let window = Window(size: Size(width: 100, height: 100))
        window.tick(at: 0, dt: 0)
        let s = Silent()
        window.addStepper(s)
        #expect(!s.isAtRest && window.needsFrame)
        window.removeStepper(s)
        #expect(!window.needsFrame)
    }
}
