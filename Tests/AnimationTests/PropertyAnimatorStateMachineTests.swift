import Testing
@testable import Animation

/// The animator's state machine, operation by operation from every state: first the pure
/// transition table (including the rows that trap, which the public API would crash on), then
/// the same operations through the public API (non-trapping rows only).
@Suite struct PropertyAnimatorStateMachineTests {
    typealias Phase = PropertyAnimator.Phase
    typealias Event = PropertyAnimator.Event

    static let rows: [(Phase, Event, PropertyAnimator.Transition)] = [
        (.inactive, .start, .to(.running)),
        (.running, .start, .ignored),
        (.paused, .start, .to(.running)),
        (.stopped, .start, .ignored),

        (.inactive, .pause, .to(.paused)),
        (.running, .pause, .to(.paused)),
        (.paused, .pause, .ignored),
        (.stopped, .pause, .ignored),

        (.inactive, .stop(withoutFinishing: true), .ignored),
        (.running, .stop(withoutFinishing: true), .to(.inactive)),
        (.paused, .stop(withoutFinishing: true), .to(.inactive)),
        (.stopped, .stop(withoutFinishing: true), .to(.inactive)),
        (.inactive, .stop(withoutFinishing: false), .ignored),
        (.running, .stop(withoutFinishing: false), .to(.stopped)),
        (.paused, .stop(withoutFinishing: false), .to(.stopped)),
        (.stopped, .stop(withoutFinishing: false), .ignored),

        (.inactive, .finish, .trap("finishAnimation(at:) needs a stopped animator; call stopAnimation(false) first")),
        (.running, .finish, .trap("finishAnimation(at:) needs a stopped animator; call stopAnimation(false) first")),
        (.paused, .finish, .trap("finishAnimation(at:) needs a stopped animator; call stopAnimation(false) first")),
        (.stopped, .finish, .to(.inactive)),

        (.inactive, .continueAnimation, .to(.running)),
        (.running, .continueAnimation, .to(.running)),
        (.paused, .continueAnimation, .to(.running)),
        (.stopped, .continueAnimation, .ignored),

        (.inactive, .setFractionComplete, .to(.paused)),
        (.running, .setFractionComplete, .ignored),
        (.paused, .setFractionComplete, .to(.paused)),
        (.stopped, .setFractionComplete, .ignored),

        (.inactive, .setReversed, .to(.inactive)),
        (.running, .setReversed, .to(.running)),
        (.paused, .setReversed, .to(.paused)),
        (.stopped, .setReversed, .to(.stopped)),

        (.inactive, .setInterruptible, .to(.inactive)),
        (.running, .setInterruptible, .trap("isInterruptible can change only while the animator is not active")),
        (.paused, .setInterruptible, .trap("isInterruptible can change only while the animator is not active")),
        (.stopped, .setInterruptible, .to(.stopped)),

        (.inactive, .addAnimations, .to(.inactive)),
        (.running, .addAnimations, .to(.running)),
        (.paused, .addAnimations, .to(.paused)),
        (.stopped, .addAnimations, .trap("addAnimations needs an inactive or active animator, not a stopped one")),

        (.inactive, .reachEnd(pausesOnCompletion: false), .ignored),
        (.running, .reachEnd(pausesOnCompletion: false), .to(.inactive)),
        (.running, .reachEnd(pausesOnCompletion: true), .to(.paused)),
        (.paused, .reachEnd(pausesOnCompletion: false), .ignored),
    ]

    @Test func transitionTableForAnInterruptibleAnimatorWithAnimations() {
        for (phase, event, expected) in Self.rows {
            let actual = PropertyAnimator.transition(from: phase, on: event, isInterruptible: true, hasAnimations: true)
            #expect(actual == expected, "\(phase) on \(event)")
        }
    }

    @Test func nonInterruptibleAnimatorsCannotBePausedOrStopped() {
        let pauseRule = PropertyAnimator.Transition.trap("pauseAnimation() needs an interruptible animator")
        let stopRule = PropertyAnimator.Transition.trap("stopAnimation(_:) needs an interruptible animator")
        let rows: [(Phase, Event, PropertyAnimator.Transition)] = [
            (.inactive, .pause, pauseRule), (.running, .pause, pauseRule), (.paused, .pause, .ignored),
            (.running, .stop(withoutFinishing: true), stopRule), (.paused, .stop(withoutFinishing: false), stopRule),
            (.inactive, .stop(withoutFinishing: true), .ignored),
            (.inactive, .setFractionComplete, .ignored),
            (.inactive, .start, .to(.running)), (.running, .continueAnimation, .to(.running)),
            (.running, .setReversed, .to(.running)),
        ]
        for (phase, event, expected) in rows {
            let actual = PropertyAnimator.transition(from: phase, on: event, isInterruptible: false, hasAnimations: true)
            #expect(actual == expected, "\(phase) on \(event)")
        }
    }

    @Test func settingFractionOnAnInactiveAnimatorWithoutAnimationsIsIgnored() {
        #expect(PropertyAnimator.transition(from: .inactive, on: .setFractionComplete,
                                            isInterruptible: true, hasAnimations: false) == .ignored)
    }

    // MARK: Through the public API

    enum Start: CaseIterable { case inactive, running, paused, stopped }
    enum Operation: CaseIterable {
        case start, startAfterDelay, pause, stopWithoutFinishing, stop, finishAtEnd, continueAnimation,
             setFraction, toggleReversed, addAnimations, advancePastEnd
    }

    /// An animator of duration 1 s (linear, 0 → 100) brought into `start`.
    static func make(_ start: Start) -> (PropertyAnimator, AnimationTimeline, AnimatableProperty<Double>, Counter) {
        let timeline = AnimationTimeline()
        let x = AnimatableProperty(0.0)
        let animator = PropertyAnimator(duration: 1, curve: .linear, timeline: timeline) { x.value = 100 }
        let counter = Counter()
        animator.addCompletion { counter.positions.append($0) }
        switch start {
        case .inactive: break
        case .running: animator.startAnimation(); timeline.advance(by: 0.25)
        case .paused: animator.startAnimation(); timeline.advance(by: 0.25); animator.pauseAnimation()
        case .stopped: animator.startAnimation(); timeline.advance(by: 0.25); animator.stopAnimation(false)
        }
        return (animator, timeline, x, counter)
    }

    final class Counter { var positions: [AnimatingPosition] = [] }

    /// (state, isRunning, completions run) after the operation; nil where the operation traps.
    static func expected(_ start: Start, _ op: Operation) -> (AnimatingState, Bool, Int)? {
        switch (start, op) {
        case (_, .finishAtEnd) where start != .stopped: return nil
        case (.stopped, .addAnimations): return nil

        case (.inactive, .start), (.inactive, .startAfterDelay), (.inactive, .continueAnimation): return (.active, true, 0)
        case (.inactive, .pause), (.inactive, .setFraction): return (.active, false, 0)
        case (.inactive, _): return (.inactive, false, 0)

        case (.running, .pause): return (.active, false, 0)
        case (.running, .stopWithoutFinishing): return (.inactive, false, 0)
        case (.running, .stop): return (.stopped, false, 0)
        case (.running, .advancePastEnd): return (.inactive, false, 1)
        case (.running, _): return (.active, true, 0)

        case (.paused, .start), (.paused, .startAfterDelay), (.paused, .continueAnimation): return (.active, true, 0)
        case (.paused, .stopWithoutFinishing): return (.inactive, false, 0)
        case (.paused, .stop): return (.stopped, false, 0)
        case (.paused, _): return (.active, false, 0)

        case (.stopped, .stopWithoutFinishing): return (.inactive, false, 0)
        case (.stopped, .finishAtEnd): return (.inactive, false, 1)
        case (.stopped, _): return (.stopped, false, 0)
        }
    }

    @Test(arguments: Start.allCases, Operation.allCases)
    func operation(from start: Start, op: Operation) {
        guard let (state, running, completions) = Self.expected(start, op) else { return }  // traps: see the table above
        let (animator, timeline, x, counter) = Self.make(start)
        switch op {
        case .start: animator.startAnimation()
        case .startAfterDelay: animator.startAnimation(afterDelay: 0.1)
        case .pause: animator.pauseAnimation()
        case .stopWithoutFinishing: animator.stopAnimation(true)
        case .stop: animator.stopAnimation(false)
        case .finishAtEnd: animator.finishAnimation(at: .end)
        case .continueAnimation: animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        case .setFraction: animator.fractionComplete = 0.5
        case .toggleReversed: animator.isReversed.toggle()
        case .addAnimations: animator.addAnimations { x.value += 1 }
        case .advancePastEnd: timeline.advance(by: 2)
        }
        #expect(animator.state == state, "\(start) then \(op): \(animator.state)")
        #expect(animator.isRunning == running, "\(start) then \(op)")
        #expect(counter.positions.count == completions, "\(start) then \(op)")
        // Inactive animators hold no animations; finishing at the end leaves the end value.
        if animator.state == .inactive && start != .inactive {
            #expect(!x.isAnimating)
            #expect(x.presentationValue == x.value)
        }
        if start == .stopped && op == .finishAtEnd { #expect(x.value == 100 && counter.positions == [.end]) }
        if start == .running && op == .advancePastEnd { #expect(x.value == 100 && counter.positions == [.end]) }
        // stopAnimation(true) keeps what is on screen (a quarter of the way) and runs no completion.
        if start != .inactive && op == .stopWithoutFinishing { #expect(abs(x.value - 25) < 1e-9) }
        if start == .paused && op == .setFraction { #expect(abs(x.presentationValue - 50) < 1e-9) }
        if start == .inactive && op == .setFraction {
            #expect(abs(animator.fractionComplete - 0.5) < 1e-12 && abs(x.presentationValue - 50) < 1e-9)
        }
        if start == .running && op == .setFraction { #expect(abs(animator.fractionComplete - 0.25) < 1e-12) }
    }

    @Test func afterFinishingTheAnimatorCanBeReused() {
        let (animator, timeline, x, counter) = Self.make(.running)
        timeline.advance(by: 1)
        #expect(animator.state == .inactive && counter.positions == [.end])
        animator.addAnimations { x.value = 0 }
        animator.startAnimation()
        timeline.advance(by: 0.5)
        #expect(abs(x.presentationValue - 50) < 1e-9)
        timeline.advance(by: 0.5)
        #expect(animator.state == .inactive && x.presentationValue == 0)
        #expect(counter.positions == [.end])  // completions run once
    }
}
