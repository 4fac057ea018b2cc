import Dynamics

/// Something the ``Window`` advances once per frame, after its ``Window/timeline`` and before the
/// views' ``View/update(_:)`` (the role `CADisplayLink` targets play in UIKit): scroll physics,
/// a layout's dynamic animator, a controller's timers. Register it with
/// ``Window/addStepper(_:)``; steppers run in the order they were added.
public protocol FrameStepper: AnyObject {
    /// Advances by `dt` simulated seconds (≥ 0; 0 on the first frame and while paused).
    func step(_ dt: Double)
}

/// A dynamic animator steps its physics by `dt` seconds (``DynamicAnimator/step(_:)``), so a
/// window can drive it as a frame stepper. This is why `Views` depends on `Dynamics` directly.
extension DynamicAnimator: FrameStepper {}
