/// Adding animations (captured now on an active animator, when it starts on an inactive one)
/// and completion handlers.
extension PropertyAnimator {
    /// Adds animations that start with the others. On an inactive animator they run when it
    /// starts; on an active one they run now, over the remaining time.
    ///
    /// - Precondition: the animator is not stopped (traps with "PropertyAnimator: addAnimations
    ///   needs an inactive or active animator, not a stopped one").
    public func addAnimations(_ animations: @escaping () -> Void) {
        addAnimations(animations, delayFactor: 0)
    }

    /// Adds animations that start after `delayFactor` × the remaining duration and end with the
    /// others (UIKit's `addAnimations(_:delayFactor:)`).
    ///
    /// - Precondition: `delayFactor` lies in 0…1 (traps with "PropertyAnimator: delayFactor must
    ///   lie in 0…1") and the animator is not stopped.
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double) {
        guard (0...1).contains(delayFactor) else { preconditionFailure("PropertyAnimator: delayFactor must lie in 0…1") }
        guard case .to = resolve(.addAnimations) else { return }
        if phase == .inactive {
            pendingAnimations.append((animations, delayFactor))
            return
        }
        // Active: run now over what remains, in the direction of travel.
        let tau: Double
        if let f = linearFraction, let main = groups.first {
            tau = main.map.fraction(forProgress: f, near: pausedFraction)
        } else {
            tau = timeFraction(at: timeline.currentTime)
        }
        let map = reversed
            ? ProgressMap(timing: timingParameters, lower: 0, upper: tau * (1 - delayFactor),
                          fromProgress: 0, toProgress: 1, isDescending: true)
            : ProgressMap(timing: timingParameters, lower: tau + delayFactor * (1 - tau), upper: 1,
                          fromProgress: 0, toProgress: 1, isDescending: false)
        let group = AnimationGroup(map: map, progressAtStart: reversed ? 1 : 0, progressAtEnd: reversed ? 0 : 1)
        group.progress = 0
        if let f = linearFraction { group.linearKnee = (f, 0) }
        groups.append(group)
        AnimationCapture.capture(into: group, animations)
        refresh()
    }

    /// Adds a completion handler, called with the position where the animations ended when the
    /// animator finishes (naturally, or by `finishAnimation(at:)`); never after
    /// `stopAnimation(true)`. Handlers run once, in the order added.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        completions.append(completion)
    }
}
