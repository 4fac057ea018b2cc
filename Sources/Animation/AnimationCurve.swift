import Geometry

/// Core Animation's named timing curves (UIKit's `UIView.AnimationCurve`), each a cubic Bézier
/// from (0, 0) to (1, 1) through two control points.
public enum AnimationCurve: Int, Sendable, Hashable, CaseIterable {
    /// Slow at the start and the end: control points (0.42, 0) and (0.58, 1).
    case easeInOut
    /// Slow at the start: control points (0.42, 0) and (1, 1).
    case easeIn
    /// Slow at the end: control points (0, 0) and (0.58, 1).
    case easeOut
    /// Constant speed: control points (0, 0) and (1, 1).
    case linear

    /// The two control points of the curve, as Core Animation defines them.
    public var controlPoints: (Point, Point) {
        switch self {
        case .easeInOut: (Point(x: 0.42, y: 0), Point(x: 0.58, y: 1))
        case .easeIn: (Point(x: 0.42, y: 0), Point(x: 1, y: 1))
        case .easeOut: (Point(x: 0, y: 0), Point(x: 0.58, y: 1))
        case .linear: (Point(x: 0, y: 0), Point(x: 1, y: 1))
        }
    }
}
