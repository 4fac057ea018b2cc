import Geometry

/// Recognizes a press held still for a while (UIKit's `UILongPressGestureRecognizer`). Continuous:
/// it begins on the first ``GestureRecognizer/tick(at:)`` (or event) at or after
/// `down + minimumPressDuration`, even if the pointer never moved; then every move is `changed`
/// (any distance), release is `ended`, a cancel is `cancelled`. Before it begins, moving more than
/// ``allowableMovement`` from the press point, or releasing, fails it. With a `minimumPressDuration`
/// of 0 it begins on the `.down` itself (a press recognizer).
public final class LongPressGestureRecognizer: GestureRecognizer, PhaseMachineRecognizer {
    /// The recognizer's parameters.
    public struct Configuration: Hashable, Sendable {
        /// How long the press must last, in seconds. Default 0.5.
        public var minimumPressDuration = 0.5
        /// Farthest the pointer may move before the gesture begins, in points. Default 10.
        public var allowableMovement = 10.0
        /// The defaults.
        public init() {}
    }

    /// Where the long-press machine is.
    public enum Phase: Hashable, Sendable, RecognizerPhase {
        /// No press seen.
        case idle
        /// Pressed at `origin`; begins at `deadline` seconds.
        case waiting(origin: Point, deadline: Double)
        /// Began; reports moves until release.
        case pressing
        /// Ended, cancelled or failed; only `reset()` leaves.
        case done
    }

    /// Slack when comparing a tick with the deadline, in seconds (1 ns), so a frame clock that sums
    /// 1/60 s steps still fires on the frame that lands on the deadline.
    public static let timeTolerance = 1e-9

    /// The pure transition function: from `phase`, on `input`, gives the next phase and the state to
    /// request (`nil` for none).
    public static func transition(from phase: Phase, on input: GestureInput,
                                  configuration c: Configuration) -> (phase: Phase, request: GestureRecognizerState?) {
        switch (phase, input) {
        case (.idle, .pointer(let e)) where e.phase == .down && c.minimumPressDuration <= 0:
            return (.pressing, .began)
        case (.idle, .pointer(let e)) where e.phase == .down:
            return (.waiting(origin: e.location, deadline: e.timestamp + c.minimumPressDuration), nil)
        case (.waiting(_, let deadline), .tick(let t)):
            return t >= deadline - timeTolerance ? (.pressing, .began) : (phase, nil)
        case (.waiting(let origin, _), .pointer(let e)):
            switch e.phase {
            case .moved: return e.location.distance(to: origin) > c.allowableMovement ? (.done, .failed) : (phase, nil)
            case .up, .cancelled: return (.done, .failed)
            case .down: return (phase, nil)
            }
        case (.pressing, .pointer(let e)):
            switch e.phase {
            case .moved: return (.pressing, .changed)
            case .up: return (.done, .ended)
            case .cancelled: return (.done, .cancelled)
            case .down: return (phase, nil)
            }
        default:
            return (phase, nil)
        }
    }

    /// The parameters.
    public var configuration = Configuration()
    /// The machine's current phase.
    public internal(set) var phase: Phase = .idle

    /// How long the press must last, in seconds (UIKit's `minimumPressDuration`). Default 0.5.
    public var minimumPressDuration: Double {
        get { configuration.minimumPressDuration }
        set { configuration.minimumPressDuration = newValue }
    }
    /// Farthest the pointer may move before beginning, in points (UIKit's `allowableMovement`). Default 10.
    public var allowableMovement: Double {
        get { configuration.allowableMovement }
        set { configuration.allowableMovement = newValue }
    }

    /// Creates a long-press recognizer with `minimumPressDuration` seconds (default 0.5) and an optional handler.
    public convenience init(minimumPressDuration: Double = 0.5, action: ((LongPressGestureRecognizer) -> Void)? = nil) {
        self.init()
        self.minimumPressDuration = minimumPressDuration
        if let action { addTarget { action($0 as! LongPressGestureRecognizer) } }
    }

    /// Runs the long-press machine (see ``transition(from:on:configuration:)``) on every pointer event
    /// and tick; a state refused by the delegate, a requirement or the arena ends the machine.
    public override func handleInput(_ input: GestureInput) { runMachine(on: input) }

    /// The time the press begins (down + ``minimumPressDuration``, seconds) while it waits in
    /// `possible`; nil otherwise.
    public override var timerDeadline: Double? {
        guard state == .possible, case .waiting(_, let deadline) = phase else { return nil }
        return deadline
    }

    /// Returns the machine to `.idle` and the state to `possible`.
    public override func reset() {
        phase = .idle
        super.reset()
    }
}
