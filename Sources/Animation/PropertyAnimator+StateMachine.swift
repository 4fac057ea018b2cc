extension PropertyAnimator {
    /// The animator's phase: its `state`, with `.active` split into running and paused.
    enum Phase: Hashable, Sendable {
        case inactive, running, paused, stopped

        var state: AnimatingState {
            switch self {
            case .inactive: .inactive
            case .running, .paused: .active
            case .stopped: .stopped
            }
        }
    }

    /// Everything that can happen to an animator.
    enum Event: Hashable, Sendable {
        case start                      // startAnimation(), startAnimation(afterDelay:)
        case pause                      // pauseAnimation()
        case stop(withoutFinishing: Bool)
        case finish                     // finishAnimation(at:)
        case continueAnimation          // continueAnimation(withTimingParameters:durationFactor:)
        case setFractionComplete
        case setReversed
        case setInterruptible
        case addAnimations
        case reachEnd(pausesOnCompletion: Bool)
    }

    /// What an event does: move to a phase (possibly the same one), nothing, or trap because
    /// UIKit treats it as a programmer error (the string names the rule).
    enum Transition: Hashable, Sendable {
        case to(Phase)
        case ignored
        case trap(String)
    }

    /// The animator's state machine as a pure function, as UIKit documents it. The public
    /// methods consult it first, so the table below is the single source of the rules.
    static func transition(from phase: Phase, on event: Event,
                           isInterruptible: Bool, hasAnimations: Bool) -> Transition {
        switch (event, phase) {
        case (.start, .inactive), (.start, .paused): return .to(.running)
        case (.start, .running), (.start, .stopped): return .ignored

        case (.pause, .inactive), (.pause, .running):
            return isInterruptible ? .to(.paused) : .trap("pauseAnimation() needs an interruptible animator")
        case (.pause, .paused), (.pause, .stopped): return .ignored

        case (.stop, .inactive): return .ignored
        case (.stop(let withoutFinishing), .running), (.stop(let withoutFinishing), .paused):
            guard isInterruptible else { return .trap("stopAnimation(_:) needs an interruptible animator") }
            return .to(withoutFinishing ? .inactive : .stopped)
        case (.stop(let withoutFinishing), .stopped): return withoutFinishing ? .to(.inactive) : .ignored

        case (.finish, .stopped): return .to(.inactive)
        case (.finish, _): return .trap("finishAnimation(at:) needs a stopped animator; call stopAnimation(false) first")

        case (.continueAnimation, .inactive), (.continueAnimation, .running), (.continueAnimation, .paused):
            return .to(.running)
        case (.continueAnimation, .stopped): return .ignored

        case (.setFractionComplete, .inactive):
            return hasAnimations && isInterruptible ? .to(.paused) : .ignored
        case (.setFractionComplete, .paused): return .to(.paused)
        case (.setFractionComplete, .running), (.setFractionComplete, .stopped): return .ignored

        case (.setReversed, _): return .to(phase)

        case (.setInterruptible, .running), (.setInterruptible, .paused):
            return .trap("isInterruptible can change only while the animator is not active")
        case (.setInterruptible, _): return .to(phase)

        case (.addAnimations, .stopped): return .trap("addAnimations needs an inactive or active animator, not a stopped one")
        case (.addAnimations, _): return .to(phase)

        case (.reachEnd(let pauses), .running): return .to(pauses ? .paused : .inactive)
        case (.reachEnd, _): return .ignored
        }
    }

    /// The transition for `event` from the current phase; traps on programmer errors.
    func resolve(_ event: Event) -> Transition {
        let t = Self.transition(from: phase, on: event, isInterruptible: isInterruptible,
                                hasAnimations: !pendingAnimations.isEmpty)
        if case .trap(let rule) = t { preconditionFailure("PropertyAnimator: \(rule)") }
        return t
    }
}
