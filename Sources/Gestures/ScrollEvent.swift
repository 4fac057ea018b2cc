import Geometry

/// A mouse-wheel or trackpad scroll event.
///
/// `delta` follows SDL's wheel convention: positive `dy` means the wheel turned away from the user
/// (content should move down, i.e. the content offset decreases), positive `dx` means scrolling to
/// the right. The receiving scroll view decides how many points a line is.
public struct ScrollEvent: Hashable, Sendable, CustomStringConvertible {
    /// The unit of ``ScrollEvent/delta``.
    public enum Unit: Hashable, Sendable {
        /// Wheel notches (lines); SDL's integer wheel steps.
        case lines
        /// Points, from a precise (trackpad) device.
        case points
    }

    /// Pointer location in window coordinates, in points.
    public var location: Point
    /// Scroll amount, in ``unit``s, SDL's sign convention (see the type's documentation).
    public var delta: Vector
    /// Unit of `delta`. Default `.lines`.
    public var unit: Unit
    /// When the event happened, in seconds.
    public var timestamp: Double
    /// Modifier keys held (Shift commonly turns vertical wheel motion horizontal). Default none.
    public var modifiers: KeyModifiers

    /// Creates a scroll event at `location` (window points) with `delta` in `unit`s at `timestamp` seconds.
    public init(location: Point, delta: Vector, unit: Unit = .lines, timestamp: Double, modifiers: KeyModifiers = []) {
        self.location = location
        self.delta = delta
        self.unit = unit
        self.timestamp = timestamp
        self.modifiers = modifiers
    }

    /// `delta` in points, converting lines at `pointsPerLine` (points are returned unchanged).
    @inlinable public func delta(pointsPerLine: Double) -> Vector {
        unit == .lines ? delta * pointsPerLine : delta
    }

    /// A short human-readable form, for logs.
    public var description: String { "scroll \(delta) \(unit) at \(location) @\(timestamp)s" }
}
