import Geometry

/// An interruptible, scrubbable, reversible animator of ``AnimatableProperty`` values (UIKit's
/// `UIViewPropertyAnimator`).
///
/// Changes made to animatable properties inside the animations closures are captured: each
/// property's model value changes at once and its presentation value travels from the old value
/// to the new one along the timing curve. Time comes from the ``AnimationTimeline`` given at
/// creation (there is no global clock); the frame loop advances it.
///
/// ```swift
/// let animator = PropertyAnimator(duration: 0.3, curve: .easeInOut, timeline: timeline) {
///     card.frame.value = expandedFrame
/// }
/// animator.addCompletion { position in … }
/// animator.startAnimation()
/// ```
///
/// States (``state``): `.inactive` → `.active` (running or paused) → `.inactive` when the
/// animations finish, or → `.stopped` by `stopAnimation(false)` and then `.inactive` by
/// `finishAnimation(at:)`. What UIKit treats as a programmer error traps with a message
/// "PropertyAnimator: <rule>": finishing an animator that is not stopped, adding animations
/// while stopped, pausing or stopping a non-interruptible animator, setting
/// ``isInterruptible`` while active, a negative delay, a delay factor outside 0…1.
///
/// ``fractionComplete`` is measured in the direction of travel (toggling ``isReversed`` maps
/// f → 1 − f). While paused with ``scrubsLinearly`` (the default) it is the linear progress of
/// the animations; resuming finds the point of the timing curve with that progress, so nothing
/// jumps.
public final class PropertyAnimator {
    // MARK: Configuration

    /// The timeline this animator runs on.
    public let timeline: AnimationTimeline

    /// The duration in seconds. 0 (or less) at creation means 0.2 s, UIKit's default; a spring
    /// with its own mass, stiffness and damping replaces it with the spring's settling duration.
    public let duration: Double

    /// The timing the animations follow, as resolved for ``duration`` (a damping-ratio spring has
    /// its stiffness chosen). A HUD can plot `timingParameters.progress(at:)` and mark
    /// (``timeFraction``, ``progress``) on it. `continueAnimation(withTimingParameters:…)`
    /// replaces it.
    public private(set) var timingParameters: TimingParameters

    // MARK: State

    var phase: Phase = .inactive
    /// Whether the timeline holds this animator in its running list.
    var isRegistered = false

    /// `.inactive`, `.active` (running or paused) or `.stopped`.
    public var state: AnimatingState { phase.state }

    /// Whether the animations are running (including while waiting out a start delay); false
    /// when paused, stopped or inactive.
    public var isRunning: Bool { phase == .running }

    /// Whether the animations run backwards, toward the start values. Toggling it maps
    /// ``fractionComplete`` f → 1 − f (the fraction is measured in the direction of travel); a
    /// running animator turns back at once at the same speed. Default false.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed, case .to = resolve(.setReversed) else { return }
            if phase == .running {
                let now = timeline.currentTime
                anchorFraction = timeFraction(at: now)
                anchorTime = max(now, anchorTime)
                if runAccumulates {
                    // The new run starts here (or after what is left of the delay), at the same speed.
                    frameElapsed = min(0, frameElapsed)
                    let remaining = newValue ? anchorFraction : 1 - anchorFraction
                    runDuration = speed > 0 ? remaining / speed : 0
                }
            }
            reversed = newValue
            refresh()
        }
    }

    /// Whether the animator can be paused or stopped (default true). Set it only while not
    /// active.
    ///
    /// - Precondition: the animator is not active; traps with "PropertyAnimator: isInterruptible
    ///   can change only while the animator is not active".
    public var isInterruptible: Bool {
        get { interruptible }
        set {
            guard case .to = resolve(.setInterruptible) else { return }
            interruptible = newValue
        }
    }

    /// Whether the animated views take touches while animating (default true). The library does
    /// not hit-test; views read this flag.
    public var isUserInteractionEnabled = true

    /// Whether a paused animator scrubs linearly: ``fractionComplete`` then is the linear
    /// progress of the animations rather than a point in time, and resuming continues from the
    /// matching point of the timing curve. Default true. Takes effect at the next pause.
    public var scrubsLinearly = true

    /// Whether reaching the end leaves the animator active and paused at the end (completions do
    /// not run) instead of finishing, so it can be reversed or scrubbed again. Default false.
    public var pausesOnCompletion = false

    /// Whether a running animator measures the time it has run as the sum of the `dt` of every
    /// ``AnimationTimeline/advance(by:)`` since it started (true), rather than as the difference
    /// between the timeline's ``AnimationTimeline/currentTime`` and its start time (false, the
    /// default, like Core Animation's media time). The two differ only by floating-point rounding,
    /// but with true the fraction is exactly `elapsed / time of the run`, and the animator ends on
    /// the first advance whose sum reaches the end (no tolerance; the default ends within 1 ns of
    /// its end time), so it keeps step, to the last bit and frame, with a frame counter that adds
    /// each frame's dt (the collection view's batch updates keep their numbers this way). Read when
    /// the animator starts or continues running. Default false.
    public var accumulatesFrameTime = false

    /// The delay in seconds given to the last `startAnimation(afterDelay:)` (0 otherwise).
    public private(set) var delay: Double = 0

    /// How far the animations have got, 0…1, in the direction of travel (reversed animators
    /// count from the end). While paused with ``scrubsLinearly`` this is the linear progress of
    /// the animations; otherwise the fraction of the duration elapsed.
    ///
    /// Settable while paused. Setting it on an inactive animator that has animations activates
    /// it, paused (as `pauseAnimation()` does). Ignored while running or stopped. Values are
    /// clamped to 0…1.
    public var fractionComplete: Double {
        get {
            guard phase != .inactive else { return 0 }
            let base = linearFraction ?? timeFraction(at: timeline.currentTime)
            return reversed ? 1 - base : base
        }
        set {
            guard case .to = resolve(.setFractionComplete) else { return }
            if phase == .inactive { pauseAnimation() }
            let v = newValue.isFinite ? clamp(newValue, 0, 1) : 0
            let forward = reversed ? 1 - v : v
            if linearFraction != nil { linearFraction = forward } else { pausedFraction = forward }
            refresh()
        }
    }

    /// The timing progress of the animations given at creation or before starting, in the
    /// forward sense (0 = start values, 1 = end values; may overshoot): the y of a HUD's dot.
    public var progress: Double { groups.first?.progress ?? 0 }

    /// The fraction of the duration elapsed in the forward sense (0 = start, 1 = end), whatever
    /// the direction: the x of a HUD's dot. While scrubbing linearly, the point of the timing
    /// curve whose progress matches.
    public var timeFraction: Double {
        if let f = linearFraction, let main = groups.first {
            return main.map.fraction(forProgress: f, near: pausedFraction)
        }
        return timeFraction(at: timeline.currentTime)
    }

    // MARK: Private state

    private var reversed = false
    private var interruptible = true
    var pendingAnimations: [(animations: () -> Void, delayFactor: Double)] = []
    private var completions: [(AnimatingPosition) -> Void] = []
    /// The captured animation groups; the first holds the initial animations.
    private var groups: [AnimationGroup] = []
    // While running: τ(t) = anchorFraction ± speed·(t − anchorTime), clamped to 0…1.
    private var anchorTime = 0.0
    private var anchorFraction = 0.0
    private var speed = 0.0
    /// τ while paused or stopped.
    private var pausedFraction = 0.0
    /// While paused and scrubbing linearly: the forward linear progress.
    private var linearFraction: Double?
    /// Whether the current run sums frame time (``accumulatesFrameTime`` when it started running).
    private var runAccumulates = false
    /// While running and summing frame time: seconds summed since `anchorTime`'s run began, minus
    /// the delay still to wait (negative during the delay).
    private var frameElapsed = 0.0
    /// While running and summing frame time: seconds the run from `anchorFraction` to its end takes.
    private var runDuration = 0.0

    // MARK: Initialisers

    /// An animator with the given timing parameters (UIKit's `init(duration:timingParameters:)`).
    /// Add animations with ``addAnimations(_:)``.
    ///
    /// - Parameters:
    ///   - duration: seconds; 0 or less means 0.2 s. Ignored by springs with their own mass,
    ///     stiffness and damping, which run for their settling duration.
    ///   - timingParameters: a cubic curve or a spring.
    ///   - timeline: the time source (there is no global clock).
    public init(duration: Double, timingParameters: TimingParameters, timeline: AnimationTimeline) {
        let requested = duration.isFinite && duration > 0 ? duration : 0.2
        let (timing, effective) = timingParameters.resolved(forDuration: requested)
        self.duration = effective
        self.timingParameters = timing
        self.timeline = timeline
    }

    /// An animator following a cubic curve (UIKit's `init(duration:timingParameters:)`).
    public convenience init(duration: Double, timingParameters: CubicTimingParameters, timeline: AnimationTimeline) {
        self.init(duration: duration, timingParameters: .cubic(timingParameters), timeline: timeline)
    }

    /// An animator following a spring (UIKit's `init(duration:timingParameters:)`); see
    /// ``SpringTimingParameters`` for which duration applies.
    public convenience init(duration: Double, timingParameters: SpringTimingParameters, timeline: AnimationTimeline) {
        self.init(duration: duration, timingParameters: .spring(timingParameters), timeline: timeline)
    }

    /// An animator following a named curve (UIKit's `init(duration:curve:animations:)`).
    public convenience init(duration: Double, curve: AnimationCurve, timeline: AnimationTimeline,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: .curve(curve), timeline: timeline)
        if let animations { addAnimations(animations) }
    }

    /// An animator following the cubic curve through two control points (UIKit's
    /// `init(duration:controlPoint1:controlPoint2:animations:)`). Traps as
    /// `CubicTimingParameters(controlPoint1:controlPoint2:)` does for x outside 0…1.
    public convenience init(duration: Double, controlPoint1: Point, controlPoint2: Point,
                            timeline: AnimationTimeline, animations: (() -> Void)? = nil) {
        self.init(duration: duration,
                  timingParameters: .cubic(CubicTimingParameters(controlPoint1: controlPoint1, controlPoint2: controlPoint2)),
                  timeline: timeline)
        if let animations { addAnimations(animations) }
    }

    /// An animator following a spring with damping ratio `dampingRatio` that settles in
    /// `duration` (UIKit's `init(duration:dampingRatio:animations:)`).
    public convenience init(duration: Double, dampingRatio: Double, timeline: AnimationTimeline,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: .spring(SpringTimingParameters(dampingRatio: dampingRatio)),
                  timeline: timeline)
        if let animations { addAnimations(animations) }
    }

    // MARK: Animations and completions

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

    // MARK: Controlling the animation

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

    // MARK: Frame updates

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

    /// τ at timeline time `now` (0 = start values, 1 = end values).
    private func timeFraction(at now: Double) -> Double {
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
    private func refresh() {
        if let f = linearFraction {
            for group in groups { group.progress = group.linearProgress(at: f) }
        } else {
            let tau = timeFraction(at: timeline.currentTime)
            for group in groups { group.progress = group.map.progress(at: tau) }
        }
    }

    // MARK: Transitions

    /// Inactive → active: runs the pending animations, capturing their changes.
    private func activate() {
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
    private func run(afterDelay delay: Double, durationFactor: Double) {
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
    private func pause() {
        freeze()
        phase = .paused
        enterLinearScrubIfNeeded()
        refresh()
    }

    /// Fixes τ at its current value and leaves the timeline's running list.
    private func freeze() {
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
    private func resolveLinearScrub() {
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
    private func retime(with parameters: TimingParameters) {
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
    private func reachEnd() {
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
    private func finish(at position: AnimatingPosition) {
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
    private func reset() {
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
