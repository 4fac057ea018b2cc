/// When in a frame the ``Window`` runs a ``FrameStepper`` (``Window/addStepper(_:phase:)``).
public enum FrameStepperPhase: Sendable {
    /// First in the frame, before the ``Window/timeline`` and the gesture timers: for a
    /// controller that acts as input would (a timer that reloads data, auto-scrolling that
    /// moves content under a held pointer). What it starts (a batch update, a property
    /// animator) sees this frame's dt, as if an event had started it just before the frame.
    case beforeTimeline
    /// After the timeline and the gesture timers, before the views' updates: scrolling physics,
    /// a layout's dynamic animator, which must see this frame's gestures. The default.
    case afterGestureTimers
}
