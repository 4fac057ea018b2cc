/// Where animations end (UIKit's `UIViewAnimatingPosition`), given to `finishAnimation(at:)`
/// and reported to completion handlers.
public enum AnimatingPosition: Int, Sendable, Hashable, CustomStringConvertible {
    /// The end values (the values set in the animations closures).
    case end
    /// The start values (the values before the animations closures ran).
    case start
    /// Wherever the animations are on screen now.
    case current

    /// The case name, for logs and dumps.
    public var description: String {
        switch self {
        case .end: "end"
        case .start: "start"
        case .current: "current"
        }
    }
}
