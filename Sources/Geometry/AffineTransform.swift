/// A 2-D affine transform (UIKit's `CGAffineTransform`): the matrix
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// applied to row vectors, so a point maps to (a·x + c·y + tx, b·x + d·y + ty). Angles are in
/// radians; a positive angle turns clockwise on screen (y grows downwards), as in UIKit.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six matrix entries.
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity transform.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (`tx`, `ty`) points.
    @inlinable public init(translationX tx: Double, y ty: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    /// A scale by `sx` horizontally and `sy` vertically.
    @inlinable public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation by `angle` radians.
    @inlinable public init(rotationAngle angle: Double) {
        let s = sin(angle), co = cos(angle)
        self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    /// Whether this is the identity.
    @inlinable public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t` (UIKit's `concatenating`): apply this transform first, then `t`.
    @inlinable public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                        c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                        tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    /// A translation applied before this transform.
    @inlinable public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }
    /// A scale applied before this transform.
    @inlinable public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }
    /// A rotation applied before this transform.
    @inlinable public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant a·d − b·c.
    @inlinable public var determinant: Double { a * d - b * c }

    /// The inverse transform, or `self` unchanged when it is not invertible (as Core Graphics does).
    @inlinable public func inverted() -> AffineTransform {
        let det = determinant
        guard det != 0, det.isFinite else { return self }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// The rotation angle in radians, read from the first row (exact for rotation × uniform scale).
    @inlinable public var rotationAngle: Double { atan2(b, a) }
    /// The horizontal scale factor (length of the first row).
    @inlinable public var scaleX: Double { (a * a + b * b).squareRoot() }
    /// The vertical scale factor (length of the second row, signed by the determinant).
    @inlinable public var scaleY: Double {
        let s = (c * c + d * d).squareRoot()
        return determinant < 0 ? -s : s
    }

    /// `p` mapped through this transform.
    @inlinable public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
    /// `v` mapped through the linear part (no translation).
    @inlinable public func apply(to v: Vector) -> Vector {
        Vector(dx: a * v.dx + c * v.dy, dy: b * v.dx + d * v.dy)
    }
    /// `s` mapped through the linear part, as Core Graphics maps sizes (may be negative).
    @inlinable public func apply(to s: Size) -> Size {
        Size(width: a * s.width + c * s.height, height: b * s.width + d * s.height)
    }
    /// The axis-aligned bounding box of `r` mapped through this transform.
    @inlinable public func apply(to r: Rect) -> Rect {
        if r.isNull { return r }
        let p0 = apply(to: Point(x: r.minX, y: r.minY)), p1 = apply(to: Point(x: r.maxX, y: r.minY))
        let p2 = apply(to: Point(x: r.minX, y: r.maxY)), p3 = apply(to: Point(x: r.maxX, y: r.maxY))
        let x0 = Swift.min(p0.x, p1.x, p2.x, p3.x), x1 = Swift.max(p0.x, p1.x, p2.x, p3.x)
        let y0 = Swift.min(p0.y, p1.y, p2.y, p3.y), y1 = Swift.max(p0.y, p1.y, p2.y, p3.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

extension Point {
    /// This point mapped through `t` (UIKit's `applying(_:)`).
    @inlinable public func applying(_ t: AffineTransform) -> Point { t.apply(to: self) }
}
extension Rect {
    /// The bounding box of this rectangle mapped through `t` (UIKit's `applying(_:)`).
    @inlinable public func applying(_ t: AffineTransform) -> Rect { t.apply(to: self) }
}
extension Vector {
    /// This vector mapped through the linear part of `t`.
    @inlinable public func applying(_ t: AffineTransform) -> Vector { t.apply(to: self) }
}
