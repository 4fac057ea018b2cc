/// A location in a two-dimensional coordinate system, in points (UIKit's `CGPoint`).
///
/// Points and vectors are distinct types: subtracting two points gives the ``Vector`` between
/// them, and adding a vector to a point moves it.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate, in points. Grows to the right.
    public var x: Double
    /// Vertical coordinate, in points. Grows downwards, as in UIKit.
    public var y: Double

    /// Creates a point at (`x`, `y`) points.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The vector from the origin to this point.
    @inlinable public var vector: Vector { Vector(dx: x, dy: y) }

    /// Euclidean distance to `other`, in points.
    @inlinable public func distance(to other: Point) -> Double { (other - self).length }

    /// Whether both coordinates are finite (no NaN, no infinity).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    @inlinable public static func + (p: Point, v: Vector) -> Point { Point(x: p.x + v.dx, y: p.y + v.dy) }
    @inlinable public static func - (p: Point, v: Vector) -> Point { Point(x: p.x - v.dx, y: p.y - v.dy) }
    @inlinable public static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }
    @inlinable public static func += (p: inout Point, v: Vector) { p = p + v }
    @inlinable public static func -= (p: inout Point, v: Vector) { p = p - v }

    public var description: String { "(\(x), \(y))" }
}
