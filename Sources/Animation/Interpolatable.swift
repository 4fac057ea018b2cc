import Geometry

/// A value that property animators can animate: interpolated between two values, and combined
/// additively so that several animators can move one property at once
/// (`presented = model + Σ (old − new)·(1 − progress)`).
///
/// Conforming a type needs only ``interpolated(to:at:)`` when its interpolation is affine
/// (component-wise `a + (b − a)·t`, as for colours); ``addingDifference(_:_:scaledBy:)`` then has a
/// default built from interpolation alone. Types interpolated in another space (such as
/// `AffineTransform`, interpolated by decomposition) implement both.
public protocol Interpolatable: Equatable {
    /// The value at `t` between `self` (t = 0) and `to` (t = 1). `t` may leave 0…1 when a
    /// timing curve overshoots; the result then extrapolates.
    func interpolated(to: Self, at t: Double) -> Self

    /// `self + (from − to)·weight`: this value offset by a scaled difference of two others, in the
    /// same space as ``interpolated(to:at:)``. Animations add up through this: a property shows
    /// its model value plus `(old − new)·(1 − progress)` for every animation attached to it.
    func addingDifference(_ from: Self, _ to: Self, scaledBy weight: Double) -> Self
}

extension Interpolatable {
    /// The default additive composition for types whose interpolation is affine. It uses only
    /// ``interpolated(to:at:)``: `to + 2·(½(self + lerp(to, from, w)) − to)` equals
    /// `self + (from − to)·w` for any affine interpolation.
    public func addingDifference(_ from: Self, _ to: Self, scaledBy weight: Double) -> Self {
        let shifted = to.interpolated(to: from, at: weight)      // to + (from − to)·w
        let midpoint = interpolated(to: shifted, at: 0.5)         // ½(self + shifted)
        return to.interpolated(to: midpoint, at: 2)               // self + (from − to)·w
    }
}

extension Double: Interpolatable {
    /// `self + (to − self)·t`.
    @inlinable public func interpolated(to: Double, at t: Double) -> Double { self + (to - self) * t }
    /// `self + (from − to)·weight`.
    @inlinable public func addingDifference(_ from: Double, _ to: Double, scaledBy weight: Double) -> Double {
        self + (from - to) * weight
    }
}

extension Point: Interpolatable {
    /// Component-wise interpolation, in points.
    @inlinable public func interpolated(to: Point, at t: Double) -> Point {
        Point(x: x + (to.x - x) * t, y: y + (to.y - y) * t)
    }
    /// Component-wise `self + (from − to)·weight`.
    @inlinable public func addingDifference(_ from: Point, _ to: Point, scaledBy weight: Double) -> Point {
        Point(x: x + (from.x - to.x) * weight, y: y + (from.y - to.y) * weight)
    }
}

extension Vector: Interpolatable {
    /// Component-wise interpolation.
    @inlinable public func interpolated(to: Vector, at t: Double) -> Vector {
        Vector(dx: dx + (to.dx - dx) * t, dy: dy + (to.dy - dy) * t)
    }
    /// Component-wise `self + (from − to)·weight`.
    @inlinable public func addingDifference(_ from: Vector, _ to: Vector, scaledBy weight: Double) -> Vector {
        Vector(dx: dx + (from.dx - to.dx) * weight, dy: dy + (from.dy - to.dy) * weight)
    }
}

extension Size: Interpolatable {
    /// Component-wise interpolation, in points.
    @inlinable public func interpolated(to: Size, at t: Double) -> Size {
        Size(width: width + (to.width - width) * t, height: height + (to.height - height) * t)
    }
    /// Component-wise `self + (from − to)·weight`.
    @inlinable public func addingDifference(_ from: Size, _ to: Size, scaledBy weight: Double) -> Size {
        Size(width: width + (from.width - to.width) * weight, height: height + (from.height - to.height) * weight)
    }
}

extension Rect: Interpolatable {
    /// Origin and size interpolated component-wise, in points (as Core Animation animates frames).
    @inlinable public func interpolated(to: Rect, at t: Double) -> Rect {
        Rect(origin: origin.interpolated(to: to.origin, at: t), size: size.interpolated(to: to.size, at: t))
    }
    /// Origin and size offset component-wise by `(from − to)·weight`.
    @inlinable public func addingDifference(_ from: Rect, _ to: Rect, scaledBy weight: Double) -> Rect {
        Rect(origin: origin.addingDifference(from.origin, to.origin, scaledBy: weight),
             size: size.addingDifference(from.size, to.size, scaledBy: weight))
    }
}

extension AffineTransform: Interpolatable {
    /// Interpolation by decomposition, as Core Animation does for transforms: both transforms are
    /// split into scale, shear, rotation and translation, those are interpolated (the rotation
    /// the short way round, so a half turn never flips through a mirror image), and the result
    /// is recomposed. Interpolating between two rotations therefore rotates rather than
    /// shrinking through a degenerate matrix.
    public func interpolated(to: AffineTransform, at t: Double) -> AffineTransform {
        let a = TransformComponents(self), b = TransformComponents(to)
        return a.adding(b.subtracting(a).scaled(by: t)).transform
    }

    /// `self + (from − to)·weight` in the decomposed space (scale, shear, rotation, translation).
    public func addingDifference(_ from: AffineTransform, _ to: AffineTransform, scaledBy weight: Double) -> AffineTransform {
        let base = TransformComponents(self)
        let difference = TransformComponents(from).subtracting(TransformComponents(to))
        return base.adding(difference.scaled(by: weight)).transform
    }
}

/// An affine transform split into the parts that animate naturally: with row vectors
/// `r1 = (a, b)` and `r2 = (c, d)`, `r1 = scaleX·u` and `r2 = shear·u + scaleY·u⊥`, where
/// `u = (cos θ, sin θ)` and `u⊥ = (−sin θ, cos θ)`. The decomposition is exact (recomposing gives
/// the same matrix); a negative determinant shows up as a negative `scaleY`.
struct TransformComponents {
    var scaleX: Double, scaleY: Double, shear: Double, rotation: Double, tx: Double, ty: Double

    init(scaleX: Double, scaleY: Double, shear: Double, rotation: Double, tx: Double, ty: Double) {
        self.scaleX = scaleX; self.scaleY = scaleY; self.shear = shear; self.rotation = rotation
        self.tx = tx; self.ty = ty
    }

    init(_ m: AffineTransform) {
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        // A zero first row has no direction: take θ = 0 so the second row still decomposes.
        let theta = sx > 0 ? atan2(m.b, m.a) : 0
        let ux = cos(theta), uy = sin(theta)
        self.init(scaleX: sx, scaleY: -m.c * uy + m.d * ux, shear: m.c * ux + m.d * uy,
                  rotation: theta, tx: m.tx, ty: m.ty)
    }

    var transform: AffineTransform {
        let ux = cos(rotation), uy = sin(rotation)
        return AffineTransform(a: scaleX * ux, b: scaleX * uy,
                               c: shear * ux - scaleY * uy, d: shear * uy + scaleY * ux,
                               tx: tx, ty: ty)
    }

    /// `self − other`, with the rotation difference wrapped into (−π, π] (the short way round).
    func subtracting(_ o: TransformComponents) -> TransformComponents {
        var dr = (rotation - o.rotation).truncatingRemainder(dividingBy: 2 * Double.pi)
        if dr > Double.pi { dr -= 2 * Double.pi } else if dr <= -Double.pi { dr += 2 * Double.pi }
        return TransformComponents(scaleX: scaleX - o.scaleX, scaleY: scaleY - o.scaleY, shear: shear - o.shear,
                                   rotation: dr, tx: tx - o.tx, ty: ty - o.ty)
    }

    func adding(_ o: TransformComponents) -> TransformComponents {
        TransformComponents(scaleX: scaleX + o.scaleX, scaleY: scaleY + o.scaleY, shear: shear + o.shear,
                            rotation: rotation + o.rotation, tx: tx + o.tx, ty: ty + o.ty)
    }

    func scaled(by k: Double) -> TransformComponents {
        TransformComponents(scaleX: scaleX * k, scaleY: scaleY * k, shear: shear * k,
                            rotation: rotation * k, tx: tx * k, ty: ty * k)
    }
}
