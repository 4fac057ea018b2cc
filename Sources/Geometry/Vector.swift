/// A displacement, velocity or force in two dimensions (UIKit's `CGVector`).
///
/// Units depend on use: points for offsets, points per second for velocities.
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal component.
    public var dx: Double
    /// Vertical component (positive is downwards).
    public var dy: Double

    /// Creates a vector with components (`dx`, `dy`).
    @inlinable public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }

    /// The zero vector.
    public static let zero = Vector(dx: 0, dy: 0)

    /// Creates a unit vector at `angle` radians from the positive x axis (clockwise on screen, as in UIKit).
    @inlinable public init(angle: Double, magnitude: Double = 1) {
        self.init(dx: magnitude * cos(angle), dy: magnitude * sin(angle))
    }

    /// Euclidean length.
    @inlinable public var length: Double { (dx * dx + dy * dy).squareRoot() }
    /// Squared length (cheaper than ``length`` when only comparing).
    @inlinable public var lengthSquared: Double { dx * dx + dy * dy }
    /// Angle from the positive x axis, in radians, in (−π, π].
    @inlinable public var angle: Double { atan2(dy, dx) }
    /// This vector scaled to length 1, or zero when it has no length.
    @inlinable public var normalized: Vector {
        let l = length
        return l > 0 ? Vector(dx: dx / l, dy: dy / l) : .zero
    }
    /// This vector turned 90° (the left-hand perpendicular in screen coordinates).
    @inlinable public var perpendicular: Vector { Vector(dx: -dy, dy: dx) }
    /// Whether both components are finite.
    @inlinable public var isFinite: Bool { dx.isFinite && dy.isFinite }

    /// Dot product.
    @inlinable public func dot(_ o: Vector) -> Double { dx * o.dx + dy * o.dy }
    /// Two-dimensional cross product (the z component of the 3-D cross product).
    @inlinable public func cross(_ o: Vector) -> Double { dx * o.dy - dy * o.dx }

    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    @inlinable public static prefix func - (a: Vector) -> Vector { Vector(dx: -a.dx, dy: -a.dy) }
    @inlinable public static func * (a: Vector, s: Double) -> Vector { Vector(dx: a.dx * s, dy: a.dy * s) }
    @inlinable public static func * (s: Double, a: Vector) -> Vector { Vector(dx: a.dx * s, dy: a.dy * s) }
    @inlinable public static func / (a: Vector, s: Double) -> Vector { Vector(dx: a.dx / s, dy: a.dy / s) }
    @inlinable public static func += (a: inout Vector, b: Vector) { a = a + b }
    @inlinable public static func -= (a: inout Vector, b: Vector) { a = a - b }
    @inlinable public static func *= (a: inout Vector, s: Double) { a = a * s }

    public var description: String { "(\(dx), \(dy))" }
}
