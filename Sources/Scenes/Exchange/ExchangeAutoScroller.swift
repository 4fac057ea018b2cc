import Views

/// The exchange scene's edge auto-scroll (refined) as one of its window's frame steppers (phase
/// ``Views/FrameStepperPhase/beforeTimeline``): while a name is held with the pointer near the top
/// or bottom edge, the list scrolls by itself and the name coming under the pointer is hovered,
/// before this frame's animations, so an exchange it causes starts as one an event causes would.
final class ExchangeAutoScroller: FrameStepper {
    /// The scene (weak: its window, which holds this stepper, belongs to the scene).
    private weak var scene: ExchangeScene?
    init(scene: ExchangeScene) { self.scene = scene }
    /// Scrolls by `dt` seconds of edge speed and hovers what comes under the pointer.
    func step(_ dt: Double) { scene?.autoScroll(dt) }
    /// At rest unless a name is held by the pointer in the refined variant (the pointer may rest
    /// in an edge band, so the frames go on while it is held); the seed never auto-scrolls.
    var isAtRest: Bool { !(scene?.isAutoScrolling ?? false) }
}
