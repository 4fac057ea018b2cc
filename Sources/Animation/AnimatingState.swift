/// The state of a property animator (UIKit's `UIViewAnimatingState`).
public enum AnimatingState: Int, Sendable, Hashable, CustomStringConvertible {
    /// No animations are in flight: the initial state, and the state after finishing or after
    /// `stopAnimation(true)`. Animations can be added and the animator started.
    case inactive
    /// Started or paused: animations are in flight (`isRunning` tells which).
    case active
    /// Stopped by `stopAnimation(false)`: animations are frozen and `finishAnimation(at:)` must
    /// be called to end them.
    case stopped

    /// The case name, for logs and dumps.
    public var description: String {
        switch self {
        case .inactive: "inactive"
        case .active: "active"
        case .stopped: "stopped"
        }
    }
}
