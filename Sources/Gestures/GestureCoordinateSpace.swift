import Geometry

/// Something that has its own coordinate system relative to the window: a view, in practice.
///
/// Gestures does not know views (it sits below them); `View` conforms to this protocol so that
/// ``GestureRecognizer/location(in:)`` and friends can answer in a view's coordinates.
/// Both conversions must be affine and inverse to each other.
public protocol GestureCoordinateSpace: AnyObject {
    /// Converts a point from window coordinates to this space's coordinates (points).
    func convertFromWindow(_ point: Point) -> Point
    /// Converts a point from this space's coordinates to window coordinates (points).
    func convertToWindow(_ point: Point) -> Point
}

extension GestureCoordinateSpace {
    /// Converts a displacement or velocity from window coordinates into this space
    /// (only the linear part of the transform applies; translation drops out).
    @inlinable public func convertVectorFromWindow(_ v: Vector) -> Vector {
        convertFromWindow(Point(x: v.dx, y: v.dy)) - convertFromWindow(.zero)
    }

    /// Converts a displacement or velocity from this space into window coordinates.
    @inlinable public func convertVectorToWindow(_ v: Vector) -> Vector {
        convertToWindow(Point(x: v.dx, y: v.dy)) - convertToWindow(.zero)
    }
}
