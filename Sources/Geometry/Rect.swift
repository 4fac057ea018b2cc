/// An axis-aligned rectangle: an origin and a size, in points (UIKit's `CGRect`).
///
/// Operations standardise negative sizes first, as Core Graphics does. The null rectangle
/// (``null``) is what ``intersection(_:)`` returns when two rectangles do not meet; it is the
/// identity of ``union(_:)``.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Top-left corner (for a standardised rectangle).
    public var origin: Point
    /// Width and height.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// Creates a rectangle from coordinates, in points.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    /// Creates a rectangle of `size` centred on `center`.
    @inlinable public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The rectangle at the origin with no size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The null rectangle: "no rectangle", the result of intersecting disjoint rectangles.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)
    /// A rectangle that contains every point.
    public static let infinite = Rect(x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2,
                                      width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// Whether this is the null rectangle.
    @inlinable public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    /// Whether the rectangle is null or has zero width or height.
    @inlinable public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// The same rectangle with a non-negative width and height.
    @inlinable public var standardized: Rect {
        if isNull { return self }
        var r = self
        if r.size.width < 0 { r.origin.x += r.size.width; r.size.width = -r.size.width }
        if r.size.height < 0 { r.origin.y += r.size.height; r.size.height = -r.size.height }
        return r
    }

    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// Width (absolute value).
    @inlinable public var width: Double { abs(size.width) }
    /// Height (absolute value).
    @inlinable public var height: Double { abs(size.height) }
    /// The centre point.
    @inlinable public var center: Point { Point(x: midX, y: midY) }

    /// Whether `p` lies inside; the min edges are inside and the max edges outside, as in Core Graphics.
    @inlinable public func contains(_ p: Point) -> Bool {
        !isNull && p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    /// Whether `r` lies entirely inside this rectangle.
    @inlinable public func contains(_ r: Rect) -> Bool {
        !isNull && !r.isNull && r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
    }
    /// Whether the two rectangles overlap in an area of non-zero size.
    @inlinable public func intersects(_ r: Rect) -> Bool {
        !isNull && !r.isNull && minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY
    }
    /// The overlap of the two rectangles, or ``null`` when they do not overlap.
    @inlinable public func intersection(_ r: Rect) -> Rect {
        if isNull || r.isNull { return .null }
        let x0 = Swift.max(minX, r.minX), x1 = Swift.min(maxX, r.maxX)
        let y0 = Swift.max(minY, r.minY), y1 = Swift.min(maxY, r.maxY)
        if x0 > x1 || y0 > y1 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The smallest rectangle containing both; a null operand is ignored.
    @inlinable public func union(_ r: Rect) -> Rect {
        if isNull { return r.standardized }
        if r.isNull { return standardized }
        let x0 = Swift.min(minX, r.minX), x1 = Swift.max(maxX, r.maxX)
        let y0 = Swift.min(minY, r.minY), y1 = Swift.max(maxY, r.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values grow it); ``null`` when it would have a negative size.
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        let s = standardized
        let w = s.size.width - 2 * dx, h = s.size.height - 2 * dy
        if w < 0 || h < 0 { return .null }
        return Rect(x: s.origin.x + dx, y: s.origin.y + dy, width: w, height: h)
    }
    /// The rectangle shrunk by the given edge insets.
    @inlinable public func inset(by insets: EdgeInsets) -> Rect {
        let s = standardized
        return Rect(x: s.minX + insets.left, y: s.minY + insets.top,
                    width: s.width - insets.left - insets.right, height: s.height - insets.top - insets.bottom)
    }
    /// The rectangle moved by (`dx`, `dy`).
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        return Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }
    /// The rectangle moved by `v`.
    @inlinable public func offset(by v: Vector) -> Rect { offsetBy(dx: v.dx, dy: v.dy) }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
