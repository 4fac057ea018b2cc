/// What each state change does to the animation groups and the clock: activating, running,
/// pausing (and linear scrubbing), re-timing, reaching the end, finishing and resetting.
extension PropertyAnimator {
    /// Inactive → active: runs the pending animations, capturing their changes.
    func activate() {
        let main = AnimationGroup(map: ProgressMap(timing: timingParameters, lower: 0, upper: 1,
                                                   fromProgress: 0, toProgress: 1, isDescending: false),
                                  progressAtStart: 0, progressAtEnd: 1)
        groups = [main]
        phase = .paused
        pausedFraction = reversed ? 1 : 0
        linearFraction = nil
        let pending = pendingAnimations
        pendingAnimations = []
        for (animations, delayFactor) in pending {
            var group = main
            if delayFactor > 0 {
                group = AnimationGroup(map: ProgressMap(timing: timingParameters, lower: delayFactor, upper: 1,
                                                        fromProgress: 0, toProgress: 1, isDescending: false),
                                       progressAtStart: 0, progressAtEnd: 1)
                groups.append(group)
            }
            AnimationCapture.capture(into: group, animations)
        }
        refresh()
    }

    /// Starts running from `pausedFraction`: the remaining fraction takes `durationFactor` ×
    /// ``duration`` seconds, or (factor 0) its share of ``duration``.
    func run(afterDelay delay: Double, durationFactor: Double) {
        resolveLinearScrub()
        let now = timeline.currentTime
        anchorFraction = pausedFraction
        anchorTime = now + delay
        let remaining = reversed ? anchorFraction : 1 - anchorFraction
        speed = durationFactor > 0 && remaining > 0 ? remaining / (durationFactor * duration) : 1 / duration
        runAccumulates = accumulatesFrameTime
        frameElapsed = delay > 0 ? -delay : 0
        runDuration = durationFactor > 0 && remaining > 0 ? durationFactor * duration : remaining * duration
        phase = .running
        timeline.register(self)
        refresh()   // an animator already at its end finishes at the next tick
    }

    /// Running → paused (or stays paused), entering linear scrubbing when asked for.
    func pause() {
        freeze()
        phase = .paused
        enterLinearScrubIfNeeded()
        refresh()
    }

    /// Fixes τ at its current value and leaves the timeline's running list.
    func freeze() {
        if phase == .running { pausedFraction = timeFraction(at: timeline.currentTime) }
        timeline.unregister(self)
    }

    private func enterLinearScrubIfNeeded() {
        guard scrubsLinearly, linearFraction == nil, let main = groups.first else { return }
        let f = main.map.progress(at: pausedFraction)
        // An overshooting curve paused outside 0…1 has no linear scrub position; scrub in time.
        guard (0...1).contains(f) else { return }
        linearFraction = f
        for group in groups { group.linearKnee = (f, group.map.progress(at: pausedFraction)) }
    }

    /// Leaves linear scrubbing: τ becomes the point of the main timing curve with the scrubbed
    /// progress (nearest where the pause began), and any group that would jump there is
    /// re-timed to continue from the progress it shows.
    func resolveLinearScrub() {
        guard let f = linearFraction else { return }
        linearFraction = nil
        guard let main = groups.first else { return }
        // Not scrubbed since the pause: resume exactly where it paused.
        let tau = main.linearKnee?.fraction == f ? pausedFraction : main.map.fraction(forProgress: f, near: pausedFraction)
        for group in groups {
            let shown = group.linearProgress(at: f)
            group.linearKnee = nil
            if abs(group.map.progress(at: tau) - shown) > 1e-9 {
                rebase(group, at: tau, from: shown, timing: group.map.timing)
            }
        }
        pausedFraction = tau
    }

    /// Replaces the timing of every group for the rest of the run, starting from what is shown.
    func retime(with parameters: TimingParameters) {
        let (timing, _) = parameters.resolved(forDuration: duration)
        timingParameters = timing
        let tau = pausedFraction
        for group in groups {
            let notYetStarted = group.map.localFraction(at: tau) == 0 && group.map.isDescending == reversed
            if notYetStarted {
                group.map.timing = timing
            } else {
                rebase(group, at: tau, from: group.map.progress(at: tau), timing: timing)
            }
        }
    }

    /// Gives `group` a new map from `tau` to the end of travel, starting at progress `from`.
    private func rebase(_ group: AnimationGroup, at tau: Double, from: Double, timing: TimingParameters) {
        group.map = reversed
            ? ProgressMap(timing: timing, lower: 0, upper: tau, fromProgress: from,
                          toProgress: group.progressAtStart, isDescending: true)
            : ProgressMap(timing: timing, lower: tau, upper: 1, fromProgress: from,
                          toProgress: group.progressAtEnd, isDescending: false)
    }

    /// The run reached its end in the direction of travel.
    func reachEnd() {
        guard case .to(let next) = resolve(.reachEnd(pausesOnCompletion: pausesOnCompletion)) else { return }
        timeline.unregister(self)
        pausedFraction = reversed ? 0 : 1
        if next == .paused {
            phase = .paused
            enterLinearScrubIfNeeded()
            refresh()
        } else {
            finish(at: reversed ? .start : .end)
        }
    }

    /// Detaches every group at `position`, becomes inactive and runs the completions.
    func finish(at position: AnimatingPosition) {
        for group in groups {
            let q: Double
            switch position {
            case .start: q = group.progressAtStart
            case .end: q = group.progressAtEnd
            case .current: q = group.progress
            }
            group.detachAll(atProgress: q)
        }
        let handlers = completions
        completions = []
        reset()
        for handler in handlers { handler(position) }
    }

    /// Back to inactive with no animations in flight.
    func reset() {
        timeline.unregister(self)
        phase = .inactive
        groups = []
        linearFraction = nil
        pausedFraction = 0
        anchorFraction = 0
        anchorTime = 0
        speed = 0
        delay = 0
        frameElapsed = 0
    }
}
