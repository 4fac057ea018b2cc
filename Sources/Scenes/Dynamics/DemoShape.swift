import Geometry
import Drawing
import Dynamics
import Views

/// A demo item drawn in its own collision outline (iOS 9's collision bounds types): a rectangle,
/// the ellipse inscribed in its bounds, or a convex polygon (its `collisionBoundingPath`). A dark
/// rim around a lighter face, like ``DemoSquare``; the animator moves the view directly.
final class DemoShape: View, DynamicItem {
    /// The outline drawn and collided with.
    enum Outline: Equatable {
        /// The bounds rectangle (`.rectangle`).
        case rectangle
        /// The ellipse inscribed in the bounds (`.ellipse`).
        case ellipse
        /// A convex polygon in the item's frame, points from its centre, counter-clockwise on
        /// screen (`.path`).
        case polygon([Point])
    }

    /// The outline.
    let outline: Outline
    /// The rim's colour and the face's.
    let rim: Color, face: Color

    /// A shape of `size` points centred at `center` (stage points), in `tint` (the face; the rim
    /// is a darker shade of it).
    init(center: Point, size: Size, outline: Outline, tint: Color = DemoSquare.face) {
        self.outline = outline
        face = tint
        rim = tint.mixed(with: .black, 0.55)
        super.init(frame: Rect(center: center, size: size))
    }

    /// A regular polygon of `sides` corners on a circle of `radius` points, the first at the top,
    /// counter-clockwise on screen.
    static func regularPolygon(sides: Int, radius: Double) -> [Point] {
        (0..<sides).map { k in
            let a = -Double.pi / 2 - 2 * Double.pi * Double(k) / Double(sides)
            return Point(x: radius * cos(a), y: radius * sin(a))
        }
    }

    var collisionBoundsType: DynamicItemCollisionBoundsType {
        switch outline {
        case .rectangle: return .rectangle
        case .ellipse: return .ellipse
        case .polygon: return .path
        }
    }

    var collisionBoundingPath: [Point] {
        if case let .polygon(points) = outline { return points }
        return []
    }

    /// The outline's corners in window points (a polygon's; a rectangle's four).
    private func corners(_ context: DrawingContext, inset: Double) -> [Point] {
        let b = presentationBounds, c = b.center
        let local: [Point]
        switch outline {
        case .rectangle, .ellipse:
            let w = b.width / 2 - inset, h = b.height / 2 - inset
            local = [Point(x: -w, y: -h), Point(x: -w, y: h), Point(x: w, y: h), Point(x: w, y: -h)]
        case let .polygon(points):
            // Moved toward the centre by `inset` along each corner's direction (close enough for a rim).
            local = points.map { p in
                let d = (p.x * p.x + p.y * p.y).squareRoot()
                return d > inset ? Point(x: p.x * (d - inset) / d, y: p.y * (d - inset) / d) : Point(x: 0, y: 0)
            }
        }
        return local.map { context.transform.apply(to: Point(x: c.x + $0.x, y: c.y + $0.y)) }
    }

    /// The rim, then the face 4 pt inside it. Ellipses are circles under a scale; polygons are
    /// filled by horizontal strokes (the display list has no polygon fill) and outlined.
    override func draw(into list: inout DisplayList, context: DrawingContext) {
        let b = presentationBounds
        guard b.width > 8, b.height > 8 else { return }
        switch outline {
        case .rectangle:
            for (inset, color) in [(0.0, rim), (4.0, face)] {
                let (frame, t) = context.place(b.insetBy(dx: inset, dy: inset))
                list.append(.fill(rect: frame, cornerRadius: 3, color: color, alpha: context.alpha, transform: t), z: context.z)
            }
        case .ellipse:
            for (inset, color) in [(0.0, rim), (4.0, face)] {
                let r = b.insetBy(dx: inset, dy: inset)
                let d = r.width
                guard d > 0, r.height > 0 else { continue }
                let (frame, t) = context.place(Rect(center: r.center, size: Size(width: d, height: d)))
                let squash = AffineTransform(scaleX: 1, y: r.height / d).concatenating(t)
                list.append(.fill(rect: frame, cornerRadius: d / 2, color: color, alpha: context.alpha, transform: squash), z: context.z)
            }
        case .polygon:
            let outer = corners(context, inset: 0), inner = corners(context, inset: 4)
            Self.fillConvex(outer, color: rim.fading(context.alpha), into: &list, z: context.z)
            Self.fillConvex(inner, color: face.fading(context.alpha), into: &list, z: context.z)
        }
    }

    /// Fills the convex polygon `points` (window points) with horizontal strokes 1.5 pt apart.
    static func fillConvex(_ points: [Point], color: Color, into list: inout DisplayList, z: Int) {
        guard points.count >= 3 else { return }
        let ys = points.map(\.y)
        let top = ys.min()!, bottom = ys.max()!
        var y = top + 0.75
        while y < bottom {
            var lo = Double.infinity, hi = -Double.infinity
            for k in points.indices {
                let p = points[k], q = points[(k + 1) % points.count]
                guard (p.y <= y && q.y > y) || (q.y <= y && p.y > y) else { continue }
                let x = p.x + (y - p.y) / (q.y - p.y) * (q.x - p.x)
                lo = min(lo, x); hi = max(hi, x)
            }
            if lo < hi { list.append(.line(from: Point(x: lo, y: y), to: Point(x: hi, y: y), width: 2, color: color), z: z) }
            y += 1.5
        }
        list.append(.stroke(points: points, closed: true, width: 1, color: color), z: z)
    }

    /// Whether `point` (stage points) is inside the outline, turned as the item is.
    func contains(stagePoint point: Point) -> Bool {
        let local = offset(of: point)
        let w = bounds.width / 2, h = bounds.height / 2
        switch outline {
        case .rectangle: return abs(local.dx) <= w && abs(local.dy) <= h
        case .ellipse: return w > 0 && h > 0 && (local.dx / w) * (local.dx / w) + (local.dy / h) * (local.dy / h) <= 1
        case let .polygon(points):
            for k in points.indices {
                let p = points[k], q = points[(k + 1) % points.count]
                // Counter-clockwise on screen: the inside is where this cross product is ≤ 0.
                if (q.x - p.x) * (local.dy - p.y) - (q.y - p.y) * (local.dx - p.x) > 0 { return false }
            }
            return true
        }
    }

    /// `point` (stage points) as an offset from the centre in the item's own (turning) frame.
    func offset(of point: Point) -> Vector {
        (point - center).applying(AffineTransform(rotationAngle: -transform.rotationAngle))
    }
}
