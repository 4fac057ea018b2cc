import Views

/// The exchange scene registers its controller with its window, so the reload timer after a
/// cancel runs in the window's frame (phase ``Views/FrameStepperPhase/beforeTimeline``: the reload
/// lands before this frame's animations and layout, as an event's would). The controller itself
/// stays free of views; this conformance is the only tie.
extension ExchangeController: FrameStepper {
    /// Advances the reload timer by `dt` seconds (``advance(by:)``).
    public func step(_ dt: Double) { advance(by: dt) }
    /// At rest unless a reload is pending (``pendingReloadDelay``).
    public var isAtRest: Bool { pendingReloadDelay == nil }
}
