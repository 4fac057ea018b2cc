import Geometry

/// Where a run is: τ (the fraction of the duration, 0 = start values, 1 = end values) at a
/// timeline time, the groups' progress from it, and the timeline's per-frame tick.
extension PropertyAnimator {
    /// Called by the timeline after it advances by `dt` seconds: updates progress and finishes at
    /// the end.
    func tick(_ dt: Double) {
        guard phase == .running else { return }
        if runAccumulates {
            frameElapsed += dt
            if frameElapsed >= runDuration { reachEnd() } else { refresh() }
            return
        }
        if timeline.currentTime >= endTime - 1e-9 { reachEnd() } else { refresh() }
    }

    /// The timeline time at which the current run reaches its end.
    private var endTime: Double {
        let remaining = reversed ? anchorFraction : 1 - anchorFraction
        return remaining > 0 && speed > 0 ? anchorTime + remaining / speed : anchorTime
    }

    /// Seconds of timeline time until a running animator reaches its end (0 when it is not
    /// running): what a HUD can promise about when the animation rests.
    public var remainingDuration: Double {
        guard phase == .running else { return 0 }
        if runAccumulates { return max(0, runDuration - frameElapsed) }
        return max(0, endTime - timeline.currentTime)
    }

    /// τ at timeline time `now` (0 = start values, 1 = end values).
    func timeFraction(at now: Double) -> Double {
        guard phase == .running else { return pausedFraction }
        if runAccumulates {
            // `remaining × (elapsed / run time)` rather than `speed × elapsed`: a run from 0 gives
            // exactly elapsed / duration.
            let remaining = reversed ? anchorFraction : 1 - anchorFraction
            let part = runDuration > 0 ? min(1, max(0, frameElapsed) / runDuration) : 1
            return clamp(reversed ? anchorFraction - remaining * part : anchorFraction + remaining * part, 0, 1)
        }
        let elapsed = max(0, now - anchorTime)
        return clamp(reversed ? anchorFraction - speed * elapsed : anchorFraction + speed * elapsed, 0, 1)
    }

    /// Recomputes every group's progress for the current time or scrub position.
    func refresh() {
        if let f = linearFraction {
            for group in groups { group.progress = group.linearProgress(at: f) }
        } else {
            let tau = timeFraction(at: timeline.currentTime)
            for group in groups { group.progress = group.map.progress(at: tau) }
        }
    }
}
