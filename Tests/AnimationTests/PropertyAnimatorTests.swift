import Testing
import Geometry
@testable import Animation

/// Property animator behaviour: capture, scrubbing, reversal, additive retargeting, springs.
@Suite struct PropertyAnimatorTests {
    final class Log { var positions: [AnimatingPosition] = [] }

    /// The common fixture: a timeline, a property whose animations take it from 0 to 100, an
    /// inactive animator doing that over `duration` seconds on `curve`, and the log its completions write.
    static func animatingToHundred(duration: Double, curve: AnimationCurve)
        -> (AnimationTimeline, AnimatableProperty<Double>, Log, PropertyAnimator) {
        let timeline = AnimationTimeline()
        let x = AnimatableProperty(0.0)
        let log = Log()
        let animator = PropertyAnimator(duration: duration, curve: curve, timeline: timeline) { x.value = 100 }
        animator.addCompletion { log.positions.append($0) }
        return (timeline, x, log, animator)
    }

    /// The spring fixture: a timeline, a property and an inactive animator taking it from 0 to
    /// 100 on the spring m 1, k 100, c 10 (which runs for its settling duration, not `duration`).
    static func springingToHundred(duration: Double)
        -> (AnimationTimeline, AnimatableProperty<Double>, SpringTimingParameters, PropertyAnimator) {
        let timeline = AnimationTimeline()
        let x = AnimatableProperty(0.0)
        let spring = SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)
        let animator = PropertyAnimator(duration: duration, timingParameters: spring, timeline: timeline)
        animator.addAnimations { x.value = 100 }
        return (timeline, x, spring, animator)
    }

    static func easeInOut(_ x: Double) -> Double { CubicTimingParameters(animationCurve: .easeInOut).progress(at: x) }

    /// `accumulatesFrameTime`: the fraction is exactly the summed dt over the duration, and the
    /// animator ends on the first advance whose sum reaches the duration, whatever the timeline's
    /// time was when it started (a counter adding each frame's dt sees the same numbers).
    @Test func accumulatingFrameTimeFollowsTheSumOfTheAdvances() {
        let timeline = AnimationTimeline()
        timeline.advance(by: 0.1234)
        let animator = PropertyAnimator(duration: 0.2, curve: .easeInOut, timeline: timeline)
        animator.accumulatesFrameTime = true
        var ended = false
        animator.addCompletion { _ in ended = true }
        animator.startAnimation()
        #expect(animator.progress == 0)
        var sum = 0.0, frames = 0
        while !ended && frames < 100 {
            timeline.advance(by: 1.0 / 60)
            sum += 1.0 / 60
            frames += 1
            #expect(ended == (sum >= 0.2))
            if !ended { #expect(animator.progress == Self.easeInOut(min(1, sum / 0.2))) }
        }
        #expect(ended && sum - 1.0 / 60 < 0.2)
    }

    // MARK: Capture and presentation

    @Test func changesInsideAnimationsAreCapturedAndInterpolated() {
        let (timeline, x, _, animator) = Self.animatingToHundred(duration: 1, curve: .linear)
        #expect(x.value == 0 && !x.isAnimating)          // the closure runs when the animator starts
        animator.startAnimation()
        #expect(x.value == 100 && x.presentationValue == 0 && x.isAnimating)
        #expect(timeline.hasRunningAnimators)
        timeline.advance(by: 0.25)
        #expect(abs(x.presentationValue - 25) < 1e-9)
        x.value = 80                                       // outside a closure: the model changes at once
        #expect(abs(x.presentationValue - 5) < 1e-9)       // 80 + (0 − 100)·0.75
        timeline.advance(by: 0.75)
        #expect(animator.state == .inactive && !x.isAnimating && x.presentationValue == 80)
        #expect(!timeline.hasRunningAnimators)
    }

    @Test func settingTwiceInOneClosureAnimatesFromFirstToLast() {
        let timeline = AnimationTimeline()
        let p = AnimatableProperty(Point(x: 0, y: 0))
        let animator = PropertyAnimator(duration: 1, curve: .linear, timeline: timeline) {
            p.value = Point(x: 10, y: 10)
            p.value = Point(x: 40, y: 20)
        }
        animator.startAnimation()
        timeline.advance(by: 0.5)
        #expect(p.presentationValue == Point(x: 20, y: 10))
    }

    @Test func durationZeroMeansTwoTenths() {
        let animator = PropertyAnimator(duration: 0, curve: .easeIn, timeline: AnimationTimeline())
        #expect(animator.duration == 0.2)
    }

    @Test func runningAnimatorsAreKeptAliveByTheTimeline() {
        let timeline = AnimationTimeline()
        let x = AnimatableProperty(0.0)
        let log = Log()
        do {
            let animator = PropertyAnimator(duration: 0.5, curve: .easeOut, timeline: timeline) { x.value = 1 }
            animator.addCompletion { log.positions.append($0) }
            animator.startAnimation()
        }
        timeline.advance(by: 0.5)
        #expect(log.positions == [.end] && x.presentationValue == 1)
    }

    @Test func presentationFollowsTheCurveFrameByFrame() {
        let timeline = AnimationTimeline()
        let frame = AnimatableProperty(Rect(x: 0, y: 0, width: 250, height: 350))
        let target = Rect(x: -20, y: -40, width: 800, height: 600)
        let animator = PropertyAnimator(duration: 0.3, curve: .easeInOut, timeline: timeline) { frame.value = target }
        animator.startAnimation()
        for i in 1...18 {
            timeline.advance(by: 1.0 / 60)
            let p = Self.easeInOut(min(1, Double(i) / 60 / 0.3))
            let expected = Rect(x: 0, y: 0, width: 250, height: 350).interpolated(to: target, at: p)
            #expect(abs(frame.presentationValue.size.width - expected.size.width) < 1e-6, "frame \(i)")
        }
        #expect(animator.state == .inactive && frame.presentationValue == target)
    }

    // MARK: Scrubbing

    @Test func scrubbingLinearlyResumesWithoutAJumpAndEndsOnTime() {
        let (timeline, x, log, animator) = Self.animatingToHundred(duration: 0.3, curve: .easeInOut)
        #expect(animator.scrubsLinearly)
        animator.startAnimation()
        timeline.advance(by: 0.075)
        let shown = x.presentationValue
        animator.pauseAnimation()
        #expect(abs(animator.fractionComplete - 0.129162) <= 1e-5)
        #expect(abs(x.presentationValue - shown) < 1e-12)
        #expect(abs(animator.timeFraction - 0.25) < 1e-6 && abs(animator.progress - 0.129162) <= 1e-5)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        #expect(abs(x.presentationValue - shown) < 1e-6)
        // Then it follows the curve from a quarter of the way and ends at 0.3 s.
        timeline.advance(by: 0.075)
        #expect(abs(x.presentationValue - 100 * Self.easeInOut(0.5)) < 1e-4)
        timeline.advance(by: 0.15 - 1e-4)
        #expect(animator.state == .active && log.positions.isEmpty)
        timeline.advance(by: 1e-4)
        #expect(animator.state == .inactive && log.positions == [.end] && x.presentationValue == 100)
    }

    @Test func scrubbingToAnotherFractionResumesFromTheMatchingPointOfTheCurve() {
        let (timeline, x, _, animator) = Self.animatingToHundred(duration: 0.3, curve: .easeInOut)
        animator.startAnimation()
        timeline.advance(by: 0.075)
        animator.pauseAnimation()
        animator.fractionComplete = 0.25
        #expect(abs(x.presentationValue - 25) < 1e-9)     // linear scrub
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        #expect(abs(x.presentationValue - 25) < 1e-6)
        // easeInOut reaches 0.25 at x = 0.346203, so 0.653797 × 0.3 s remain.
        timeline.advance(by: 0.653797 * 0.3 - 1e-4)
        #expect(animator.state == .active)
        timeline.advance(by: 2e-4)
        #expect(animator.state == .inactive && x.value == 100)
    }

    @Test func scrubbingInTimeWhenNotLinear() {
        let (timeline, x, _, animator) = Self.animatingToHundred(duration: 0.3, curve: .easeInOut)
        animator.scrubsLinearly = false
        animator.startAnimation()
        timeline.advance(by: 0.075)
        animator.pauseAnimation()
        #expect(abs(animator.fractionComplete - 0.25) < 1e-12)
        animator.fractionComplete = 0.75
        #expect(abs(x.presentationValue - 87.0838) < 1e-3)
        animator.fractionComplete = 2      // clamped
        #expect(animator.fractionComplete == 1 && x.presentationValue == 100)
    }

    @Test func durationFactorSetsTheRemainingTime() {
        let (timeline, x, _, animator) = Self.animatingToHundred(duration: 0.3, curve: .linear)
        animator.startAnimation()
        timeline.advance(by: 0.075)
        animator.pauseAnimation()
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)   // 0.6 s remain
        timeline.advance(by: 0.3)
        #expect(abs(x.presentationValue - 62.5) < 1e-9)   // 25 + 75 · 0.5
        timeline.advance(by: 0.3 - 1e-6)
        #expect(animator.state == .active)
        timeline.advance(by: 2e-6)
        #expect(animator.state == .inactive)
    }

    @Test func continuingWithNewTimingStartsFromWhatIsShown() {
        let (timeline, x, _, animator) = Self.animatingToHundred(duration: 1, curve: .linear)
        animator.startAnimation()
        timeline.advance(by: 0.5)
        animator.pauseAnimation()
        animator.continueAnimation(withTimingParameters: .curve(.easeIn), durationFactor: 0)
        #expect(abs(x.presentationValue - 50) < 1e-9)
        #expect(animator.timingParameters == .curve(.easeIn))
        timeline.advance(by: 0.25)
        let easeIn = CubicTimingParameters(animationCurve: .easeIn).progress(at: 0.5)
        #expect(abs(x.presentationValue - (50 + 50 * easeIn)) < 1e-9)
        timeline.advance(by: 0.25)
        #expect(animator.state == .inactive && x.presentationValue == 100)
    }

    // MARK: Reversal

    @Test func reversalMidFlightReturnsToTheStart() {
        let (timeline, x, log, animator) = Self.animatingToHundred(duration: 0.3, curve: .easeInOut)
        animator.startAnimation()
        timeline.advance(by: 0.1)
        let shown = x.presentationValue
        let before = animator.fractionComplete
        animator.isReversed = true
        #expect(abs(animator.fractionComplete - (1 - before)) < 1e-12)
        #expect(x.presentationValue == shown && animator.isRunning)
        timeline.advance(by: 0.05)
        #expect(abs(x.presentationValue - 100 * Self.easeInOut(0.5 / 3)) < 1e-9)   // back along the curve
        timeline.advance(by: 0.05 - 1e-6)
        #expect(animator.state == .active)
        timeline.advance(by: 2e-6)
        #expect(animator.state == .inactive && log.positions == [.start])
        #expect(x.value == 0 && x.presentationValue == 0 && !x.isAnimating)
    }

    @Test func reversingAPausedAnimatorMapsTheFraction() {
        let (timeline, x, log, animator) = Self.animatingToHundred(duration: 0.3, curve: .easeInOut)
        animator.startAnimation()
        timeline.advance(by: 0.075)
        animator.pauseAnimation()
        let shown = x.presentationValue
        animator.isReversed = true
        #expect(abs(animator.fractionComplete - 0.870838) <= 1e-5)
        #expect(x.presentationValue == shown)
        animator.fractionComplete = 0.9          // scrub toward the start (reversed: 10 % left)
        #expect(abs(x.presentationValue - 10) < 1e-9)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        #expect(abs(x.presentationValue - 10) < 1e-6)
        timeline.advance(by: 0.3)
        #expect(log.positions == [.start] && x.value == 0)
    }

    // MARK: Stopping and finishing

    @Test(arguments: [AnimatingPosition.start, .end, .current])
    func stopThenFinish(at position: AnimatingPosition) {
        let (timeline, x, log, animator) = Self.animatingToHundred(duration: 1, curve: .linear)
        animator.startAnimation()
        timeline.advance(by: 0.3)
        animator.stopAnimation(false)
        timeline.advance(by: 0.3)                 // frozen while stopped
        #expect(abs(x.presentationValue - 30) < 1e-9 && animator.state == .stopped)
        animator.finishAnimation(at: position)
        let expected: Double = switch position { case .start: 0; case .end: 100; case .current: 30 }
        #expect(abs(x.value - expected) < 1e-9 && x.presentationValue == x.value && !x.isAnimating)
        #expect(log.positions == [position] && animator.state == .inactive)
    }

    @Test func stopWithoutFinishingKeepsWhatIsShownAndSkipsCompletions() {
        let (timeline, x, log, animator) = Self.animatingToHundred(duration: 1, curve: .easeOut)
        animator.startAnimation()
        timeline.advance(by: 0.4)
        let shown = x.presentationValue
        animator.stopAnimation(true)
        timeline.advance(by: 1)
        #expect(x.value == shown && !x.isAnimating && log.positions.isEmpty && animator.state == .inactive)
    }

    @Test func pausesOnCompletionStaysActiveAtTheEnd() {
        let timeline = AnimationTimeline()
        let x = AnimatableProperty(0.0)
        let log = Log()
        let animator = PropertyAnimator(duration: 0.5, curve: .easeIn, timeline: timeline) { x.value = 100 }
        animator.pausesOnCompletion = true
        animator.addCompletion { log.positions.append($0) }
        animator.startAnimation()
        timeline.advance(by: 0.6)
        #expect(animator.state == .active && !animator.isRunning && log.positions.isEmpty)
        #expect(animator.fractionComplete == 1 && x.presentationValue == 100)
        animator.isReversed = true
        animator.startAnimation()
        timeline.advance(by: 0.25)
        #expect(abs(x.presentationValue - 100 * CubicTimingParameters(animationCurve: .easeIn).progress(at: 0.5)) < 1e-6)
        timeline.advance(by: 0.3)
        #expect(animator.state == .active && x.presentationValue == 0 && log.positions.isEmpty)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(log.positions == [.start] && x.value == 0)
    }

    // MARK: Delays and added animations

    @Test func startAfterDelay() {
        let (timeline, x, _, animator) = Self.animatingToHundred(duration: 1, curve: .linear)
        animator.startAnimation(afterDelay: 0.5)
        #expect(animator.isRunning && animator.delay == 0.5)
        timeline.advance(by: 0.5)
        #expect(x.presentationValue == 0)
        timeline.advance(by: 0.25)
        #expect(abs(x.presentationValue - 25) < 1e-9)
        timeline.advance(by: 0.75)
        #expect(animator.state == .inactive && x.presentationValue == 100)
    }

    @Test func delayFactorDelaysAndEndsTogether() {
        let timeline = AnimationTimeline()
        let x = AnimatableProperty(0.0), y = AnimatableProperty(0.0)
        let animator = PropertyAnimator(duration: 1, curve: .linear, timeline: timeline) { x.value = 100 }
        animator.addAnimations({ y.value = 10 }, delayFactor: 0.5)
        animator.startAnimation()
        timeline.advance(by: 0.5)
        #expect(y.presentationValue == 0 && abs(x.presentationValue - 50) < 1e-9)
        timeline.advance(by: 0.25)
        #expect(abs(y.presentationValue - 5) < 1e-9)
        timeline.advance(by: 0.25)
        #expect(y.presentationValue == 10 && animator.state == .inactive)
    }

    @Test func animationsAddedWhileRunningUseTheRemainingTime() {
        let timeline = AnimationTimeline()
        let x = AnimatableProperty(0.0), y = AnimatableProperty(0.0)
        let animator = PropertyAnimator(duration: 1, curve: .linear, timeline: timeline) { x.value = 100 }
        animator.startAnimation()
        timeline.advance(by: 0.5)
        animator.addAnimations { y.value = 10 }
        #expect(y.value == 10 && y.presentationValue == 0)
        timeline.advance(by: 0.25)
        #expect(abs(y.presentationValue - 5) < 1e-9)
        timeline.advance(by: 0.25)
        #expect(y.presentationValue == 10 && x.presentationValue == 100 && animator.state == .inactive)
    }

    // MARK: Additive animations

    @Test func retargetingAMovingPropertyIsContinuousAndLandsOnTheNewTarget() {
        let timeline = AnimationTimeline()
        let x = AnimatableProperty(0.0)
        let first = PropertyAnimator(duration: 1, curve: .linear, timeline: timeline) { x.value = 100 }
        first.startAnimation()
        timeline.advance(by: 0.5)
        let before = x.presentationValue
        let second = PropertyAnimator(duration: 1, curve: .easeInOut, timeline: timeline) { x.value = 200 }
        second.startAnimation()
        #expect(abs(x.presentationValue - before) < 1e-9)
        var previous = x.presentationValue, largestStep = 0.0
        for _ in 0..<(240 + 10) {
            timeline.advance(by: 1.0 / 240)
            largestStep = max(largestStep, abs(x.presentationValue - previous))
            previous = x.presentationValue
        }
        // Both together move at most ~100 + 1.6·100 pt/s, i.e. well under 2 pt per 1/240 s step.
        #expect(largestStep < 2)
        #expect(first.state == .inactive && second.state == .inactive)
        #expect(x.value == 200 && x.presentationValue == 200)
    }

    @Test func additiveTransformsAndPoints() {
        let timeline = AnimationTimeline()
        let t = AnimatableProperty(AffineTransform.identity)
        let a = PropertyAnimator(duration: 1, curve: .linear, timeline: timeline) { t.value = AffineTransform(scaleX: 2, y: 2) }
        a.startAnimation()
        timeline.advance(by: 0.5)
        #expect(abs(t.presentationValue.scaleX - 1.5) < 1e-12)
        let b = PropertyAnimator(duration: 1, curve: .linear, timeline: timeline) {
            t.value = AffineTransform(scaleX: 2, y: 2).rotated(by: .pi / 2)
        }
        b.startAnimation()
        #expect(abs(t.presentationValue.scaleX - 1.5) < 1e-12 && abs(t.presentationValue.rotationAngle) < 1e-12)
        timeline.advance(by: 0.5)
        #expect(abs(t.presentationValue.scaleX - 2) < 1e-12 && abs(t.presentationValue.rotationAngle - .pi / 4) < 1e-12)
    }

    // MARK: Springs

    @Test func physicalSpringRunsForItsSettlingDuration() {
        let (timeline, x, spring, animator) = Self.springingToHundred(duration: 0.3)
        #expect(animator.duration == spring.settlingDuration)
        animator.startAnimation()
        timeline.advance(by: 0.3)
        #expect(abs(x.presentationValue - 112.4355) < 1e-3)   // overshoots (reference table)
        timeline.advance(by: spring.settlingDuration)
        #expect(animator.state == .inactive && x.presentationValue == 100)
    }

    @Test func dampingRatioSpringUsesTheAnimatorDuration() {
        let timeline = AnimationTimeline()
        let x = AnimatableProperty(0.0)
        let animator = PropertyAnimator(duration: 0.5, dampingRatio: 0.6, timeline: timeline) { x.value = 1 }
        #expect(animator.duration == 0.5)
        guard case .spring(let spring) = animator.timingParameters else { Issue.record("not a spring"); return }
        #expect(abs(spring.dampingRatio - 0.6) < 1e-9 && spring.settlingDuration == 0.5)
        animator.startAnimation()
        timeline.advance(by: 0.2)
        #expect(abs(x.presentationValue - spring.progress(atTime: 0.2)) < 1e-12)
        timeline.advance(by: 0.3)
        #expect(animator.state == .inactive)
    }

    @Test func softCardSpringSettlesWithoutNaN() {
        let timeline = AnimationTimeline()
        let x = AnimatableProperty(Point(x: 0, y: 0))
        let log = Log()
        let spring = SpringTimingParameters(mass: 1, stiffness: 2, damping: 0.2)
        let animator = PropertyAnimator(duration: 0.3, timingParameters: spring, timeline: timeline)
        animator.addAnimations { x.value = Point(x: 300, y: -50) }
        animator.addCompletion { log.positions.append($0) }
        animator.startAnimation()
        var frames = 0
        while animator.state != .inactive && frames < 100_000 {
            timeline.advance(by: 1.0 / 60)
            #expect(x.presentationValue.isFinite)
            frames += 1
        }
        #expect(log.positions == [.end] && x.presentationValue == Point(x: 300, y: -50))
        #expect(abs(Double(frames) / 60 - spring.settlingDuration) <= 1.0 / 60 + 1e-9)
    }

    @Test func hudCanSampleTheTimingCurve() {
        let timeline = AnimationTimeline()
        let animator = PropertyAnimator(duration: 1, controlPoint1: Point(x: 0.17, y: 0.67),
                                        controlPoint2: Point(x: 0.76, y: 1), timeline: timeline) {}
        let curve = animator.timingParameters
        animator.startAnimation()
        timeline.advance(by: 0.4)
        #expect(abs(animator.timeFraction - 0.4) < 1e-12)
        #expect(abs(animator.progress - curve.progress(at: 0.4)) < 1e-12)
    }

    // MARK: The cards scene's gestures

    @Test func grabScrubAndReleaseReversed() {
        let timeline = AnimationTimeline()
        let expansion = AnimatableProperty(0.0)
        let log = Log()
        let animator = PropertyAnimator(duration: 0.3, curve: .easeInOut, timeline: timeline) { expansion.value = 1 }
        animator.addCompletion { log.positions.append($0) }
        animator.startAnimation()
        timeline.advance(by: 0.1)
        let shown = expansion.presentationValue
        animator.pauseAnimation()                                  // grab mid-flight
        let grabbed = animator.fractionComplete
        #expect(abs(grabbed - shown) < 1e-12)                      // linear scrubbing: fraction = progress
        animator.fractionComplete = grabbed + 0.2                  // drag
        #expect(abs(expansion.presentationValue - (shown + 0.2)) < 1e-12)
        animator.isReversed = true                                 // release flicking back
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        #expect(abs(expansion.presentationValue - (shown + 0.2)) < 1e-9)
        let tau = CubicTimingParameters(animationCurve: .easeInOut).fraction(forProgress: shown + 0.2)!
        timeline.advance(by: tau * 0.3 - 1e-6)
        #expect(animator.state == .active && expansion.presentationValue > 0)
        timeline.advance(by: 2e-6)
        #expect(log.positions == [.start] && expansion.value == 0 && expansion.presentationValue == 0)
    }

    @Test func pausingASpringBeyondItsTargetScrubsInTime() {
        let (timeline, x, spring, animator) = Self.springingToHundred(duration: 1)
        animator.startAnimation()
        timeline.advance(by: 0.3)
        let shown = x.presentationValue
        #expect(shown > 100)
        animator.pauseAnimation()
        #expect(abs(animator.fractionComplete - 0.3 / spring.settlingDuration) < 1e-12)
        #expect(x.presentationValue == shown)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        #expect(x.presentationValue == shown)
        timeline.advance(by: spring.settlingDuration - 0.3 + 1e-9)
        #expect(animator.state == .inactive && x.presentationValue == 100)
    }

    // MARK: Parallel capture

    @Test func captureIsTaskLocal() async {
        // Animators run their closures on different tasks at once; each captures only its own.
        await withTaskGroup(of: Bool.self) { group in
            for i in 0..<8 {
                group.addTask {
                    let timeline = AnimationTimeline()
                    let x = AnimatableProperty(0.0), untouched = AnimatableProperty(0.0)
                    let animator = PropertyAnimator(duration: 1, curve: .linear, timeline: timeline) {
                        x.value = Double(i)
                    }
                    for _ in 0..<200 {
                        animator.startAnimation()
                        untouched.value += 1                 // outside any closure: never captured
                        timeline.advance(by: 1)
                        animator.addAnimations { x.value += 1 }
                    }
                    return !untouched.isAnimating
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
