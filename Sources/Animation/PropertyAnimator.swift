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
///
/// The class is split by feature: this file holds the configuration, the state and the
/// initialisers; `+Animations` adds animations and completions; `+Control` holds the public
/// controls; `+StateMachine` decides every transition; `+Transitions` carries them out;
/// `+Progress` turns timeline time into the groups' progress.
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
    public internal(set) var timingParameters: TimingParameters

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
    public internal(set) var delay: Double = 0

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
    // Internal rather than private only because the extensions live in other files.

    var reversed = false
    var interruptible = true
    var pendingAnimations: [(animations: () -> Void, delayFactor: Double)] = []
    var completions: [(AnimatingPosition) -> Void] = []
    /// The captured animation groups; the first holds the initial animations.
    var groups: [AnimationGroup] = []
    // While running: τ(t) = anchorFraction ± speed·(t − anchorTime), clamped to 0…1.
    var anchorTime = 0.0
    var anchorFraction = 0.0
    var speed = 0.0
    /// τ while paused or stopped.
    var pausedFraction = 0.0
    /// While paused and scrubbing linearly: the forward linear progress.
    var linearFraction: Double?
    /// Whether the current run sums frame time (``accumulatesFrameTime`` when it started running).
    var runAccumulates = false
    /// While running and summing frame time: seconds summed since `anchorTime`'s run began, minus
    /// the delay still to wait (negative during the delay).
    var frameElapsed = 0.0
    /// While running and summing frame time: seconds the run from `anchorFraction` to its end takes.
    var runDuration = 0.0

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
}
