/// The clock that property animators run on (what `CADisplayLink` time is to UIKit): the frame
/// loop advances it, tests make their own and advance it by hand. Nothing in the library reads a
/// real clock.
///
/// The timeline keeps running animators alive (as UIKit keeps running animators alive) until
/// they pause, stop or finish.
public final class AnimationTimeline {
    /// Creates a timeline at time 0 with no running animators.
    public init() {}

    /// Seconds since the timeline was created.
    public private(set) var currentTime: Double = 0

    private var running: [PropertyAnimator] = []

    /// Whether any animator is running (including one waiting out its start delay); a frame loop
    /// may sleep when none is.
    public var hasRunningAnimators: Bool { !running.isEmpty }

    /// How many animators are running (including those waiting out a start delay).
    public var runningAnimatorCount: Int { running.count }

    /// Advances the time by `dt` seconds and updates every running animator: their presentation
    /// progress, and completions of those that reach their end (which run here, in start order).
    /// An animator started during the advance (by a completion) counts time from the next one.
    ///
    /// - Precondition: `dt` is finite and not negative; traps with
    ///   "AnimationTimeline: dt must be finite and non-negative".
    public func advance(by dt: Double) {
        guard dt.isFinite, dt >= 0 else { preconditionFailure("AnimationTimeline: dt must be finite and non-negative") }
        currentTime += dt
        guard !running.isEmpty else { return }
        // Completions may start or stop animators; iterate over the animators running now.
        let snapshot = running
        for animator in snapshot where animator.isRegistered {
            animator.tick(dt)
        }
    }

    func register(_ animator: PropertyAnimator) {
        guard !animator.isRegistered else { return }
        animator.isRegistered = true
        running.append(animator)
    }

    func unregister(_ animator: PropertyAnimator) {
        guard animator.isRegistered else { return }
        animator.isRegistered = false
        running.removeAll { $0 === animator }
    }
}
