import Geometry

/// One piece of debug geometry a behavior describes (the app's overlay turns it into draw
/// commands; Dynamics itself never draws). Coordinates are reference coordinates, in points.
public enum DebugShape: Hashable, Sendable {
    /// A fixed anchor point.
    case anchor(Point)
    /// A spring or rod between two attach points; `stretch` is the current length minus the rest
    /// length (points; positive when stretched, negative when compressed), `isRigid` for frequency 0.
    case spring(from: Point, to: Point, stretch: Double, isRigid: Bool)
    /// A straight collision boundary.
    case boundarySegment(from: Point, to: Point)
    /// A closed collision boundary polygon.
    case boundaryPolygon([Point])
    /// An ellipse inscribed in a rectangle (items with ellipse collision bounds, circular field regions).
    case ellipse(Rect)
    /// A rectangle outline (the reference boundary, rectangular field regions).
    case rectangle(Rect)
    /// A vector drawn from a point: velocities (points per second), push forces, gravity.
    case vector(from: Point, Vector)
}

/// Something that can describe its geometry for a debug overlay (Box2D's `b2DebugDraw` idea,
/// inverted: the library returns shapes, the app draws them).
public protocol DebugDrawable {
    /// The shapes that show this object's current state.
    var debugShapes: [DebugShape] { get }
}
