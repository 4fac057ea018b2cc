// TEMPORARY — remove when Animation lands. The Animation module will declare these
// conformances itself (with its own additive requirements); they exist here only so that View can
// store its geometry in `AnimatableProperty` against the contract stub.
import Geometry
import Animation

extension Point: Interpolatable {
    public func interpolated(to: Point, at t: Double) -> Point { Point(x: lerp(x, to.x, t), y: lerp(y, to.y, t)) }
}

extension Size: Interpolatable {
    public func interpolated(to: Size, at t: Double) -> Size {
        Size(width: lerp(width, to.width, t), height: lerp(height, to.height, t))
    }
}

extension Rect: Interpolatable {
    public func interpolated(to: Rect, at t: Double) -> Rect {
        Rect(origin: origin.interpolated(to: to.origin, at: t), size: size.interpolated(to: to.size, at: t))
    }
}

extension AffineTransform: Interpolatable {
    public func interpolated(to: AffineTransform, at t: Double) -> AffineTransform {
        AffineTransform(a: lerp(a, to.a, t), b: lerp(b, to.b, t), c: lerp(c, to.c, t),
                        d: lerp(d, to.d, t), tx: lerp(tx, to.tx, t), ty: lerp(ty, to.ty, t))
    }
}
