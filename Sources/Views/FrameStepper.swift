import Dynamics

/// Something the ``Window`` advances once per frame (the role `CADisplayLink` targets play in
/// UIKit): scroll physics, a layout's dynamic animator, a controller's timers. Register it with
/// ``Window/addStepper(_:phase:)``: by default it runs after the window's ``Window/timeline`` and
/// gesture timers and before the views' ``View/update(_:)``; with
/// ``FrameStepperPhase/beforeTimeline``, first in the frame. Steppers of a phase run in the order
/// they were added.
public protocol FrameStepper: AnyObject {
    /// Advances by `dt` simulated seconds (≥ 0; 0 on the first frame and while paused).
    func step(_ dt: Double)
    /// Whether a ``step(_:)`` with any `dt` would change nothing now (no motion, no timer
    /// running), so the frame loop may stop drawing (``Window/needsFrame``). It must turn false
    /// as soon as something sets the stepper in motion again. Default `false` (always draw):
    /// a stepper that never says it rests keeps the app drawing, which is safe but costs CPU.
    var isAtRest: Bool { get }
}

extension FrameStepper {
    /// Never at rest: the safe default for a stepper that does not know (see ``FrameStepper/isAtRest``).
    public var isAtRest: Bool { false }
}

/// A dynamic animator steps its physics by `dt` seconds (``DynamicAnimator/step(_:)``), so a
/// window can drive it as a frame stepper; it rests while ``DynamicAnimator/isAtRest`` (every
/// body asleep, nothing to recompile). This is why `Views` depends on `Dynamics` directly.
extension DynamicAnimator: FrameStepper {}
