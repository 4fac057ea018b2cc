// CONTRACT STUB — the Animation issue completes this module; keep the public API.

/// The clock that property animators run on. The frame loop advances it; tests make their own.
public final class AnimationTimeline {
    /// Creates a timeline at time 0.
    public init() {}
    /// Seconds since the timeline was created.
    public private(set) var currentTime: Double = 0
    /// Advances the time by `dt` seconds and updates every running animator.
    public func advance(by dt: Double) { currentTime += dt }
}
