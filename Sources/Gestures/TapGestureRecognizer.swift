import Geometry

/// Recognizes one or more clicks (UIKit's `UITapGestureRecognizer`). Discrete: it goes
/// `possible → recognized` on the last required release, or `possible → failed`.
///
/// Choices (documented because UIKit leaves them implicit):
/// - No maximum hold time: a click held for seconds still taps, unless something else (a long
///   press) recognizes first or this tap ``GestureRecognizer/require(toFail:)``s it.
/// - The pointer may wander at most ``allowableMovement`` (10 pt) from where each press went down.
/// - Multi-tap: each further press must come within ``maximumTapInterval`` (0.35 s) of the previous
///   release and within ``maximumTapDistance`` (40 pt) of the first press; a timeout fails the tap.
public final class TapGestureRecognizer: GestureRecognizer, PhaseMachineRecognizer {
    /// The recognizer's parameters, as one value type for the pure transition function.
    public struct Configuration: Hashable, Sendable {
        /// Clicks needed. Default 1.
        public var numberOfTapsRequired = 1
        /// Farthest the pointer may move from each press's origin, in points. Default 10.
        public var allowableMovement = 10.0
        /// Longest gap between a release and the next press, in seconds. Default 0.35.
        public var maximumTapInterval = 0.35
        /// Farthest a later press may land from the first, in points. Default 40.
        public var maximumTapDistance = 40.0
        /// The defaults.
        public init() {}
    }

    /// Where the tap machine is.
    public enum Phase: Hashable, Sendable, RecognizerPhase {
        /// No press seen.
        case idle
        /// A press is down at `origin`; `completed` taps were finished before it; `first` is the first press.
        case pressed(completed: Int, origin: Point, first: Point)
        /// `completed` taps done; waiting for the next press before `upTime + maximumTapInterval`.
        case waiting(completed: Int, upTime: Double, first: Point)
        /// Recognized or failed; only `reset()` leaves.
        case done
    }

    /// The pure transition function: from `phase`, on `input`, gives the next phase and the state to
    /// request (`nil` for none).
    public static func transition(from phase: Phase, on input: GestureInput,
                                  configuration c: Configuration) -> (phase: Phase, request: GestureRecognizerState?) {
        switch (phase, input) {
        case (.idle, .pointer(let e)) where e.phase == .down:
            return (.pressed(completed: 0, origin: e.location, first: e.location), nil)
        case (.pressed(_, let origin, _), .pointer(let e)) where e.phase == .moved:
            return e.location.distance(to: origin) > c.allowableMovement ? (.done, .failed) : (phase, nil)
        case (.pressed(let n, let origin, let first), .pointer(let e)) where e.phase == .up:
            if e.location.distance(to: origin) > c.allowableMovement { return (.done, .failed) }
            let taps = n + 1
            return taps >= c.numberOfTapsRequired
                ? (.done, .recognized)
                : (.waiting(completed: taps, upTime: e.timestamp, first: first), nil)
        case (.waiting(let n, let upTime, let first), .pointer(let e)) where e.phase == .down:
            if e.timestamp - upTime > c.maximumTapInterval || e.location.distance(to: first) > c.maximumTapDistance {
                return (.done, .failed)
            }
            return (.pressed(completed: n, origin: e.location, first: first), nil)
        case (.waiting(_, let upTime, _), .tick(let t)):
            return t - upTime > c.maximumTapInterval ? (.done, .failed) : (phase, nil)
        case (.pressed, .pointer(let e)) where e.phase == .cancelled,
             (.waiting, .pointer(let e)) where e.phase == .cancelled:
            return (.done, .failed)
        default:
            return (phase, nil)
        }
    }

    /// The parameters. Change them while `possible`.
    public var configuration = Configuration()
    /// The machine's current phase.
    public internal(set) var phase: Phase = .idle

    /// Clicks needed (UIKit's `numberOfTapsRequired`). Default 1.
    public var numberOfTapsRequired: Int {
        get { configuration.numberOfTapsRequired }
        set { configuration.numberOfTapsRequired = max(1, newValue) }
    }
    /// Farthest the pointer may move during a press, in points. Default 10.
    public var allowableMovement: Double {
        get { configuration.allowableMovement }
        set { configuration.allowableMovement = newValue }
    }
    /// Longest gap between taps of a multi-tap, in seconds. Default 0.35.
    public var maximumTapInterval: Double {
        get { configuration.maximumTapInterval }
        set { configuration.maximumTapInterval = newValue }
    }

    /// Creates a tap recognizer needing `taps` clicks (default 1) with an optional handler.
    public convenience init(numberOfTapsRequired taps: Int = 1, action: ((TapGestureRecognizer) -> Void)? = nil) {
        self.init()
        numberOfTapsRequired = taps
        if let action { addTarget { action($0 as! TapGestureRecognizer) } }
    }

    /// Runs the tap machine (see ``transition(from:on:configuration:)``) on every pointer event
    /// and tick; a state refused by the delegate, a requirement or the arena ends the machine.
    public override func handleInput(_ input: GestureInput) { runMachine(on: input) }

    /// While a multi-tap waits for its next press: the time the wait times out (the last release +
    /// ``maximumTapInterval``, seconds; the tap fails on the first tick after it). Nil otherwise.
    public override var timerDeadline: Double? {
        guard state == .possible, case .waiting(_, let upTime, _) = phase else { return nil }
        return upTime + configuration.maximumTapInterval
    }

    /// Returns the machine to `.idle` and the state to `possible`.
    public override func reset() {
        phase = .idle
        super.reset()
    }
}
