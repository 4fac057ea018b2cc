import Geometry

/// Maps between a view's coordinates, its superview's and the window's: model values for
/// ``convert(_:to:)-(Point,_)`` and its kin (as UIKit), presentation values for hit-testing and drawing.
extension View {
    /// `t` applied about `c` instead of the origin.
    static func aboutCenter(_ t: AffineTransform, _ c: Point) -> AffineTransform {
        AffineTransform(translationX: -c.x, y: -c.y).concatenating(t).concatenating(AffineTransform(translationX: c.x, y: c.y))
    }

    /// The map from this view's coordinates to its superview's: `p ↦ center + T(p − bounds.centre)`.
    func toSuperview(presentation: Bool) -> AffineTransform {
        let c = presentation ? presentationCenter : center
        let b = presentation ? presentationBounds : bounds
        let t = presentation ? presentationTransform : transform
        return AffineTransform(translationX: -b.midX, y: -b.midY).concatenating(t)
            .concatenating(AffineTransform(translationX: c.x, y: c.y))
    }

    /// The map from this view's coordinates to the window's (the root view's superview space).
    func toWindow(presentation: Bool) -> AffineTransform {
        var m = toSuperview(presentation: presentation)
        var v = superview
        while let s = v { m = m.concatenating(s.toSuperview(presentation: presentation)); v = s.superview }
        return m
    }

    /// Converts `point` from this view's coordinates to `view`'s (nil: the window's).
    public func convert(_ point: Point, to view: View?) -> Point {
        let w = toWindow(presentation: false).apply(to: point)
        return view.map { $0.toWindow(presentation: false).inverted().apply(to: w) } ?? w
    }

    /// Converts `point` from `view`'s coordinates (nil: the window's) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let w = view.map { $0.toWindow(presentation: false).apply(to: point) } ?? point
        return toWindow(presentation: false).inverted().apply(to: w)
    }

    /// Converts `rect` from this view's coordinates to `view`'s (nil: the window's): the bounding
    /// box of the mapped corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        var m = toWindow(presentation: false)
        if let view { m = m.concatenating(view.toWindow(presentation: false).inverted()) }
        return rect.applying(m)
    }

    /// Converts `rect` from `view`'s coordinates (nil: the window's) to this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        var m = view?.toWindow(presentation: false) ?? .identity
        m = m.concatenating(toWindow(presentation: false).inverted())
        return rect.applying(m)
    }

    /// ``GestureCoordinateSpace``: window → this view (model values).
    public func convertFromWindow(_ point: Point) -> Point { convert(point, from: nil) }
    /// ``GestureCoordinateSpace``: this view → window (model values).
    public func convertToWindow(_ point: Point) -> Point { convert(point, to: nil) }
}
