import Geometry
import Drawing

/// Something a demo draws besides its items, in stage points: the catalog's `APLDecorationView`
/// draws attachment lines and push arrows, and marks anchors (red) and attach points (blue).
/// Boundaries go under the items; attachment lines, dots, rings and arrows over them.
enum DemoDecoration: Equatable {
    /// An attachment or rod between two points.
    case line(from: Point, to: Point, color: Color)
    /// A collision boundary line (a barrier), drawn thick.
    case boundary(from: Point, to: Point)
    /// A marker dot: an anchor (red), an attach point on an item (blue).
    case dot(Point, color: Color)
    /// A target ring (a snap point).
    case ring(Point, color: Color)
    /// A field's region: a circle of `radius` points around `center`, outlined, drawn under the items.
    case region(center: Point, radius: Double, color: Color)
    /// A force from `from` along `vector` (points on screen), with a head, faded to `alpha`.
    case arrow(from: Point, vector: Vector, color: Color, alpha: Double)

    /// The catalog's colours: anchors red, attach points blue, lines and arrows a dark grey-red.
    static let anchorColor = Color.red, attachPointColor = Color.blue, lineColor = Color(white: 0.3)
    /// A push arrow's colour (the catalog's red arrow).
    static let arrowColor = Color(hex: 0xD70015)

    /// An attachment as the catalog draws it: a line from `anchor` to `attachPoint` (stage
    /// points), a red dot on the anchor and a blue one on the attach point.
    static func attachment(from anchor: Point, to attachPoint: Point) -> [DemoDecoration] {
        [.line(from: anchor, to: attachPoint, color: lineColor), .dot(anchor, color: anchorColor), .dot(attachPoint, color: attachPointColor)]
    }

    /// Whether it is drawn over the items (lines, markers and arrows) rather than under them (boundaries).
    var isOverItems: Bool {
        switch self {
        case .boundary, .region: return false
        default: return true
        }
    }

    /// The most a piece of a ``straightLine(from:to:width:color:)`` spans across its shorter
    /// side, points: 48.
    static let lineSpan = 48.0

    /// A straight line from `a` to `b` (window points) as one stroke through points on it, each
    /// piece spanning at most ``lineSpan`` points across: a software renderer (headless runs)
    /// scans every triangle's bounding box, and a long diagonal line's two triangles per band cover
    /// the square it spans (a 1,000-pt pendulum rod cost 40 ms a frame, as much as its length
    /// squared). In pieces it costs as much as its length; a line along an axis stays one piece.
    static func straightLine(from a: Point, to b: Point, width: Double, color: Color) -> DrawCommand {
        let d = b - a
        let across = min(abs(d.dx), abs(d.dy))
        guard across.isFinite, across > lineSpan else { return .line(from: a, to: b, width: width, color: color) }
        let pieces = min(256, Int((across / lineSpan).rounded(.up)))
        let points = (0...pieces).map { i in i == pieces ? b : a + d * (Double(i) / Double(pieces)) }
        return .stroke(points: points, closed: false, width: width, color: color)
    }

    /// The draw commands, mapping stage points to the window with `transform`.
    func commands(_ transform: AffineTransform) -> [DrawCommand] {
        func w(_ p: Point) -> Point { transform.apply(to: p) }
        switch self {
        case let .line(a, b, color):
            return [Self.straightLine(from: w(a), to: w(b), width: 2, color: color)]
        case let .boundary(a, b):
            return [Self.straightLine(from: w(a), to: w(b), width: 4, color: Color(white: 0.25))]
        case let .dot(p, color):
            return [.circle(center: w(p), radius: 5, color: .white), .circle(center: w(p), radius: 3.5, color: color)]
        case let .ring(p, color):
            let c = w(p)
            let ring = (0..<24).map { i -> Point in
                let a = Double(i) / 24 * 2 * .pi
                return Point(x: c.x + 9 * cos(a), y: c.y + 9 * sin(a))
            }
            return [.stroke(points: ring, closed: true, width: 2, color: color), .circle(center: c, radius: 2.5, color: color)]
        case let .region(center, radius, color):
            let c = w(center), r = transform.apply(to: Vector(dx: radius, dy: 0)).length
            let n = max(24, min(128, Int(saturating: r / 4)))
            let circle = (0..<n).map { i -> Point in
                let a = Double(i) / Double(n) * 2 * .pi
                return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
            }
            return [.stroke(points: circle, closed: true, width: 2, color: color)]
        case let .arrow(from, v, color, alpha):
            guard v.length > 1, alpha > 0 else { return [] }
            let c = color.withAlpha(color.alpha * alpha)
            let a = w(from), b = w(from + v)
            let back = (a - b).normalized * 10
            let left = back.applying(AffineTransform(rotationAngle: 0.45)), right = back.applying(AffineTransform(rotationAngle: -0.45))
            return [Self.straightLine(from: a, to: b, width: 3, color: c), .line(from: b, to: b + left, width: 3, color: c),
                    .line(from: b, to: b + right, width: 3, color: c)]
        }
    }
}
