/// The public controls: start, pause, stop, finish and continue (UIKit's `UIViewAnimating`
/// and `UIViewImplicitlyAnimating`). Each consults the state machine first
/// (`PropertyAnimator+StateMachine.swift`), then performs its transition
/// (`PropertyAnimator+Transitions.swift`).
extension PropertyAnimator {
    /// Starts (or resumes) the animations. Inactive → active and running; a paused animator
    /// resumes as `continueAnimation(withTimingParameters: nil, durationFactor: 0)` does.
    /// Ignored while running or stopped.
    public func startAnimation() {
        start(afterDelay: 0)
    }

    /// Starts the animations after `delay` seconds (UIKit's `startAnimation(afterDelay:)`);
    /// the animator is active and running during the delay.
    ///
    /// - Precondition: `delay` is finite and not negative (traps with "PropertyAnimator: delay
    ///   must be non-negative").
    public func startAnimation(afterDelay delay: Double) {
        guard delay.isFinite, delay >= 0 else { preconditionFailure("PropertyAnimator: delay must be non-negative") }
        start(afterDelay: delay)
    }

    private func start(afterDelay delay: Double) {
        guard case .to = resolve(.start) else { return }
        if phase == .inactive { activate() }
        self.delay = delay
        run(afterDelay: delay, durationFactor: 0)
    }

    /// Pauses the animations where they are. An inactive animator becomes active and paused
    /// at the start (its animations run, so their presentation shows the start values). Ignored
    /// when already paused or stopped.
    ///
    /// - Precondition: ``isInterruptible`` (traps with "PropertyAnimator: pauseAnimation() needs
    ///   an interruptible animator").
    public func pauseAnimation() {
        guard case .to = resolve(.pause) else { return }
        if phase == .inactive { activate() }
        pause()
    }

    /// Stops the animations where they are.
    ///
    /// - `true`: the animator becomes inactive at once, every property keeps the value now on
    ///   screen as its model value, and completions never run.
    /// - `false`: the animator becomes `.stopped` with the animations frozen; call
    ///   ``finishAnimation(at:)`` to end them.
    ///
    /// Ignored on an inactive animator.
    ///
    /// - Precondition: ``isInterruptible`` (traps with "PropertyAnimator: stopAnimation(_:) needs
    ///   an interruptible animator").
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard case .to(let next) = resolve(.stop(withoutFinishing: withoutFinishing)) else { return }
        refresh()
        freeze()
        if next == .inactive {
            for group in groups { group.detachAll(atProgress: group.progress) }
            completions = []
            reset()
        } else {
            phase = .stopped
        }
    }

    /// Ends the animations of a stopped animator at `position`: `.end` leaves the new values,
    /// `.start` puts back the old ones, `.current` keeps what is on screen; then the completions
    /// run with `position` and the animator is inactive.
    ///
    /// - Precondition: the animator is stopped (traps with "PropertyAnimator: finishAnimation(at:)
    ///   needs a stopped animator; call stopAnimation(false) first").
    public func finishAnimation(at position: AnimatingPosition) {
        guard case .to = resolve(.finish) else { return }
        finish(at: position)
    }

    /// Resumes a paused (or re-times a running) animator, optionally with new timing.
    ///
    /// - Parameters:
    ///   - parameters: new timing for the rest of the animations, starting from the progress on
    ///     screen (no jump); nil keeps the current timing.
    ///   - durationFactor: 0 keeps the remaining time of the original duration (the remaining
    ///     fraction × ``duration``); a factor k > 0 makes the remaining time k × ``duration``.
    ///     Negative factors count as 0.
    ///
    /// An inactive animator starts; a stopped one ignores this.
    public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) {
        guard case .to = resolve(.continueAnimation) else { return }
        switch phase {
        case .inactive: activate()
        case .running: freeze()
        default: break
        }
        resolveLinearScrub()
        if let parameters { retime(with: parameters) }
        run(afterDelay: 0, durationFactor: durationFactor.isFinite ? max(0, durationFactor) : 0)
    }
}
