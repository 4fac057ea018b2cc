import Synchronization
import Geometry

/// How one group of animations maps the animator's time fraction τ (0 = start values,
/// 1 = end values, whatever the direction of travel) to its progress.
///
/// Inside the window `lower…upper` the local fraction σ runs from 0 to 1 (from `upper` down when
/// `isDescending`), and progress = `fromProgress` + (`toProgress` − `fromProgress`)·timing(σ);
/// outside the window σ is clamped. A fresh animation uses the window 0…1 from 0 to 1; delays,
/// animations added mid-flight and timing changes (`continueAnimation`) narrow the window and
/// start it from the progress already on screen, so nothing jumps.
struct ProgressMap {
    var timing: TimingParameters
    var lower: Double
    var upper: Double
    var fromProgress: Double
    var toProgress: Double
    var isDescending: Bool

    /// The local fraction σ in 0…1 at the animator fraction `tau`.
    func localFraction(at tau: Double) -> Double {
        let span = upper - lower
        guard span > 0 else {
            return isDescending ? (tau <= lower ? 1 : 0) : (tau >= upper ? 1 : 0)
        }
        return clamp(isDescending ? (upper - tau) / span : (tau - lower) / span, 0, 1)
    }

    /// Progress at the animator fraction `tau`.
    func progress(at tau: Double) -> Double {
        let sigma = localFraction(at: tau)
        if sigma == 0 { return fromProgress }
        if sigma == 1 { return toProgress }
        return fromProgress + (toProgress - fromProgress) * timing.progress(at: sigma)
    }

    /// The animator fraction at which this map shows `progress`, nearest `hint`.
    func fraction(forProgress progress: Double, near hint: Double) -> Double {
        let span = upper - lower
        guard toProgress != fromProgress, span > 0 else { return hint }
        let target = (progress - fromProgress) / (toProgress - fromProgress)
        let sigma = timing.closestFraction(forProgress: target, near: localFraction(at: hint))
        return isDescending ? upper - sigma * span : lower + sigma * span
    }
}

/// The animations one `addAnimations` call (or the initial animations) captured: the properties
/// they changed and their shared, cached progress, which those properties read every frame.
@usableFromInline final class AnimationGroup {
    var map: ProgressMap
    /// Progress shown when the animator finishes at `.start` (0, or 1 for animations added while
    /// reversed, which run from where they were added toward the start).
    let progressAtStart: Double
    /// Progress shown when the animator finishes at `.end`.
    let progressAtEnd: Double
    /// While scrubbing linearly: the point (fraction, progress) where the scrub began; progress
    /// is piecewise linear through (0, start), this point and (1, end), so pausing never jumps.
    var linearKnee: (fraction: Double, progress: Double)?
    /// The current progress, updated by the animator whenever time or state changes. Read by every
    /// animating property's inlined `presentationValue`, hence no runtime exclusivity check.
    @exclusivity(unchecked) @usableFromInline var progress: Double
    /// The properties holding a contribution of this group.
    var targets: [any AnimationTarget] = []

    init(map: ProgressMap, progressAtStart: Double, progressAtEnd: Double) {
        self.map = map
        self.progressAtStart = progressAtStart
        self.progressAtEnd = progressAtEnd
        self.progress = progressAtStart
    }

    /// Progress while scrubbing linearly at forward fraction `f`.
    func linearProgress(at f: Double) -> Double {
        guard let knee = linearKnee else { return lerp(progressAtStart, progressAtEnd, f) }
        if f <= knee.fraction {
            return knee.fraction > 0 ? lerp(progressAtStart, knee.progress, f / knee.fraction) : knee.progress
        }
        return knee.fraction < 1 ? lerp(knee.progress, progressAtEnd, (f - knee.fraction) / (1 - knee.fraction)) : knee.progress
    }

    /// Removes this group's contributions from every property, leaving each model value where
    /// progress `q` puts it (1 leaves the new value, 0 restores the old one).
    func detachAll(atProgress q: Double) {
        for target in targets { target.detach(self, atProgress: q) }
        targets = []
    }
}

/// A property that animation groups can attach to and detach from.
protocol AnimationTarget: AnyObject {
    /// Removes `group`'s contribution, moving the model value by `(old − new)·(1 − q)`.
    func detach(_ group: AnimationGroup, atProgress q: Double)
}

/// The animation group currently capturing property changes (set while an animator runs its
/// animation closures). A task-local, so parallel tests and nested animators never see each
/// other's captures.
final class AnimationCapture: @unchecked Sendable {
    // @unchecked: the group is only touched synchronously, inside the `withValue` scope that
    // installed it, on the thread that runs the animation closure.
    let group: AnimationGroup
    init(_ group: AnimationGroup) { self.group = group }

    @TaskLocal static var current: AnimationCapture?

    /// How many animations closures are running now, in any thread. A property set outside one
    /// (most sets: a cell following its layout every frame) then skips the task-local lookup.
    static let running = Atomic<Int>(0)

    /// The capture of the animations closure running on this thread, if any.
    @inline(__always) static var active: AnimationCapture? {
        running.load(ordering: .relaxed) > 0 ? current : nil
    }

    /// Runs `animations` with changes to animatable properties captured into `group`.
    static func capture(into group: AnimationGroup, _ animations: () -> Void) {
        running.add(1, ordering: .relaxed)
        defer { running.subtract(1, ordering: .relaxed) }
        $current.withValue(AnimationCapture(group)) { animations() }
    }
}
