import Geometry

extension DrawCommand {
    /// A rectangle, in window points, that holds every pixel the command can touch (generous by
    /// a point for anti-aliased edges and by twice the blur for a shadow's soft edge): what an
    /// occlusion test must see covered before it may skip the command.
    public var bounds: Rect {
        func placed(_ r: Rect, _ t: AffineTransform) -> Rect {
            var linear = t
            linear.tx = 0; linear.ty = 0
            return Rect(center: .zero, size: r.size).applying(linear)
                .offset(by: Vector(dx: r.midX + t.tx, dy: r.midY + t.ty))
        }
        switch self {
        case let .fill(r, _, _, _, t): return placed(r, t).insetBy(dx: -1, dy: -1)
        case let .stroke(points, _, width, _):
            guard let first = points.first else { return .zero }
            var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
            for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
            let m = width + 1
            return Rect(x: x0 - m, y: y0 - m, width: x1 - x0 + 2 * m, height: y1 - y0 + 2 * m)
        case let .text(_, frame, size, _, _, t):
            // Glyphs may reach past a line's frame (descenders, italics): by the font size.
            return placed(frame, t).insetBy(dx: -size, dy: -size)
        case let .layer(content, frame, _, t):
            return placed(Rect(center: frame.center, size: content.size), t).insetBy(dx: -1, dy: -1)
        case let .shadow(r, _, blur, _, t):
            let m = 2 * max(blur, 0) + 1
            return placed(r, t).insetBy(dx: -m, dy: -m)
        case let .image(_, frame, _, _, t): return placed(frame, t).insetBy(dx: -1, dy: -1)
        }
    }
}
