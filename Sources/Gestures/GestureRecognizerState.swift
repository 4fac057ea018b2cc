/// The states of a gesture recognizer, as UIKit defines them (`UIGestureRecognizer.State`).
///
/// Discrete gestures (tap) go `possible → recognized` or `possible → failed`. Continuous gestures
/// (long press, pan) go `possible → began → changed* → ended | cancelled`, or `possible → failed`.
/// Every terminal state (`ended`, `cancelled`, `failed`) returns to `possible` only through `reset()`.
public enum GestureRecognizerState: Hashable, Sendable, CustomStringConvertible {
    /// Not yet recognized; the default.
    case possible
    /// A continuous gesture has started.
    case began
    /// A continuous gesture has changed.
    case changed
    /// A continuous gesture finished, or a discrete gesture was recognized.
    case ended
    /// A continuous gesture was interrupted after it began.
    case cancelled
    /// The input could not be this gesture.
    case failed

    /// A discrete gesture's success; the same state as `ended`, as in UIKit.
    public static let recognized = GestureRecognizerState.ended

    /// `began` or `changed`: the gesture is in progress.
    @inlinable public var isActive: Bool { self == .began || self == .changed }

    /// `ended`, `cancelled` or `failed`: only `reset()` leaves these.
    @inlinable public var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }

    /// Whether UIKit allows moving from this state to `next` (excluding `reset()` back to `possible`).
    ///
    /// | from | allowed to |
    /// |---|---|
    /// | possible | began, ended (recognized), failed |
    /// | began, changed | changed, ended, cancelled |
    /// | ended, cancelled, failed | nothing (only `reset()`) |
    public func canTransition(to next: GestureRecognizerState) -> Bool {
        switch (self, next) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }

    /// A short human-readable form, for logs.
    public var description: String {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}

/// An input step for a recognizer's pure transition function: a pointer event or the passage of time.
public enum GestureInput: Hashable, Sendable {
    /// A pointer event (window coordinates, seconds).
    case pointer(PointerEvent)
    /// The clock reached this time, in seconds (drives long-press and multi-tap timers).
    case tick(Double)
}
