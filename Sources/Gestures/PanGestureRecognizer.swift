import Geometry

/// Recognizes a drag (UIKit's `UIPanGestureRecognizer`). Continuous: it begins once the pointer has
/// moved more than ``hysteresis`` (10 pt) from where it went down, reports `changed` on every move,
/// `ended` on release and `cancelled` on a cancel; releasing before it began fails it.
///
/// ``translation(in:)`` is measured from the press point (so it already includes the 10 pt of
/// hysteresis when the gesture begins: the content catches up with the pointer at once).
/// ``velocity(in:)`` is a least-squares fit over the last 100 ms of samples (``VelocityTracker``),
/// evaluated at the latest event or tick, so it is available to the delegate's
/// `gestureRecognizerShouldBegin` (e.g. "begin only when |v.y| > |v.x|").
public final class PanGestureRecognizer: GestureRecognizer, PhaseMachineRecognizer {
    /// The recognizer's parameters.
    public struct Configuration: Hashable, Sendable {
        /// Distance the pointer must move before the pan begins, in points. Default 10.
        public var hysteresis = 10.0
        /// The defaults.
        public init() {}
    }

    /// Where the pan machine is.
    public enum Phase: Hashable, Sendable, RecognizerPhase {
        /// No press seen.
        case idle
        /// Pressed at `origin` (window points), not yet past the hysteresis.
        case tracking(origin: Point)
        /// Began; reports moves until release.
        case panning
        /// Ended, cancelled or failed; only `reset()` leaves.
        case done
    }

    /// The pure transition function: from `phase`, on `input`, gives the next phase and the state to
    /// request (`nil` for none).
    public static func transition(from phase: Phase, on input: GestureInput,
                                  configuration c: Configuration) -> (phase: Phase, request: GestureRecognizerState?) {
        guard case .pointer(let e) = input else { return (phase, nil) }
        switch (phase, e.phase) {
        case (.idle, .down):
            return (.tracking(origin: e.location), nil)
        case (.tracking(let origin), .moved):
            return e.location.distance(to: origin) > c.hysteresis ? (.panning, .began) : (phase, nil)
        case (.tracking, .up), (.tracking, .cancelled):
            return (.done, .failed)
        case (.panning, .moved):
            return (.panning, .changed)
        case (.panning, .up):
            return (.done, .ended)
        case (.panning, .cancelled):
            return (.done, .cancelled)
        default:
            return (phase, nil)
        }
    }

    /// The parameters.
    public var configuration = Configuration()
    /// The machine's current phase.
    public internal(set) var phase: Phase = .idle
    /// Samples of this sequence's pointer positions (window coordinates).
    public private(set) var velocityTracker = VelocityTracker()
    /// The window point translations are measured from (the press point, moved by `setTranslation`).
    private var translationOrigin: Point = .zero

    /// Distance before the pan begins, in points. Default 10.
    public var hysteresis: Double {
        get { configuration.hysteresis }
        set { configuration.hysteresis = newValue }
    }

    /// Creates a pan recognizer with an optional handler.
    public convenience init(action: ((PanGestureRecognizer) -> Void)? = nil) {
        self.init()
        if let action { addTarget { action($0 as! PanGestureRecognizer) } }
    }

    /// The pointer's displacement since the press (or since the last ``setTranslation(_:in:)``), in
    /// `space`'s coordinates (points); `nil` means window coordinates.
    public func translation(in space: (any GestureCoordinateSpace)?) -> Vector {
        let t = locationInWindow - translationOrigin
        return space?.convertVectorFromWindow(t) ?? t
    }

    /// Makes the current translation read `translation` in `space` (nil = window). Does not affect
    /// the velocity (unlike UIKit's documentation, which says it resets it; in practice it does not).
    public func setTranslation(_ translation: Vector, in space: (any GestureCoordinateSpace)?) {
        let t = space?.convertVectorToWindow(translation) ?? translation
        translationOrigin = locationInWindow - t
    }

    /// The pointer's velocity in `space`'s coordinates (nil = window), in points per second: the
    /// least-squares slope over samples of the last 100 ms before the latest event or tick.
    public func velocity(in space: (any GestureCoordinateSpace)?) -> Vector {
        let v = velocityTracker.velocity(at: currentTime)
        return space?.convertVectorFromWindow(v) ?? v
    }

    /// Feeds the pan machine (see ``transition(from:on:configuration:)``).
    public override func pointerDown(_ event: PointerEvent) {
        guard phase == .idle else { return }
        velocityTracker.reset()
        velocityTracker.addSample(event.location, at: event.timestamp)
        translationOrigin = event.location
        runMachine(on: .pointer(event))
    }

    /// Feeds the pan machine (see ``transition(from:on:configuration:)``).
    public override func pointerMoved(_ event: PointerEvent) {
        velocityTracker.addSample(event.location, at: event.timestamp)
        runMachine(on: .pointer(event))
    }

    /// Feeds the pan machine (see ``transition(from:on:configuration:)``).
    public override func pointerUp(_ event: PointerEvent) {
        // SDL reports a release at the last motion's position a little later; sampling that repeated
        // position would bias the fling low, so only a release that moved is sampled.
        if event.location != velocityTracker.latestPosition {
            velocityTracker.addSample(event.location, at: event.timestamp)
        }
        runMachine(on: .pointer(event))
    }

    /// Feeds the pan machine (see ``transition(from:on:configuration:)``).
    public override func pointerCancelled(_ event: PointerEvent) { runMachine(on: .pointer(event)) }

    /// Returns the machine to `.idle` and the state to `possible`.
    public override func reset() {
        phase = .idle
        super.reset()
    }
}
