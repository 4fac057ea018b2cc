import Geometry
import Dynamics

/// A plain dynamic item for tests: a square (or any size) at a centre, no rotation, rectangular
/// collision bounds unless ``shape`` says otherwise.
public final class Box: DynamicItem {
    /// Centre, points.
    public var center: Point
    /// Size at the origin, points.
    public var bounds: Rect
    /// Rotation (default none).
    public var transform = AffineTransform.identity
    /// The collision shape (default rectangle).
    public var shape: DynamicItemCollisionBoundsType = .rectangle
    /// ``shape``.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { shape }
    /// The polygon for a `.path` shape (item frame, counter-clockwise on screen).
    public var path: [Point] = []
    /// ``path``.
    public var collisionBoundingPath: [Point] { path }

    /// A `size`-point square (default 100) centred on (`x`, `y`).
    public init(_ x: Double, _ y: Double, size: Double = 100) {
        center = Point(x: x, y: y)
        bounds = Rect(x: 0, y: 0, width: size, height: size)
    }
}
