import Geometry
import Drawing

/// Draws a ``CityPicture`` in *picture units*: the picture is ``height`` units tall whatever its
/// size in points, x = 0 is its middle, y grows downward from its top, and one unit is ``scale``
/// points. So a skyline keeps its proportions as a card grows: it gets larger and shows more of
/// itself at the sides instead of stretching.
///
/// Everything is made of the display list's rounded-rectangle fills (axis-aligned, or under a
/// linear transform) and polylines, which the CPU rasterizer and the direct renderer draw alike.
/// A triangle is the upper half of a diamond (a square turned 45° and scaled); its lower half is
/// drawn too, so the caller covers it (a roof's building, the ground).
struct PicturePen {
    /// The picture's height in units: 200.
    static let height = 200.0

    /// Points per unit.
    let scale: Double
    /// The picture's size, points.
    let size: Size
    /// The commands drawn so far, in the picture's coordinates (points, origin top-left).
    private(set) var commands: [DrawCommand] = []

    /// A pen for a picture of `size` points.
    init(size: Size) {
        self.size = size
        scale = size.height / Self.height
    }

    /// Half the picture's width, units: what is drawn beyond ±this is outside.
    var halfWidth: Double { size.width / 2 / scale }

    /// Unit point (`x`, `y`) in points.
    func point(_ x: Double, _ y: Double) -> Point { Point(x: size.width / 2 + x * scale, y: y * scale) }

    /// Whether a shape spanning `x0`…`x1` (units) shows in the picture.
    func isVisible(_ x0: Double, _ x1: Double) -> Bool { x1 > -halfWidth && x0 < halfWidth }

    /// A rectangle with its top-left corner at (`x`, `y`), `width` × `height` units, on whole
    /// points: the direct renderer draws square-cornered fills on whole pixels, so a picture on
    /// whole points looks the same rasterized or drawn directly. Large shapes round their edges
    /// (neighbours stay flush, a shape on the bottom ends exactly there); small details (thinner
    /// than 4 points: windows, cables, antennas) round their origin and size, so they all come
    /// out the same size, at least one point.
    mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ color: Color, radius: Double = 0) {
        guard isVisible(x, x + width), width > 0, height > 0 else { return }
        let p = point(x, y)
        let w = width * scale, h = height * scale
        var r: Rect
        if w < 4 || h < 4 {
            r = Rect(x: p.x.rounded(), y: p.y.rounded(), width: max(1, w.rounded()), height: max(1, h.rounded()))
        } else {
            let x0 = p.x.rounded(), y0 = p.y.rounded()
            r = Rect(x: x0, y: y0, width: (p.x + w).rounded() - x0, height: (p.y + h).rounded() - y0)
        }
        // A shape standing on the bottom ends exactly there.
        if y + height >= Self.height - 1e-9 { r.size.height = size.height - r.minY }
        guard r.width > 0, r.height > 0 else { return }
        commands.append(.fill(r, radius: radius * scale, color: color))
    }

    /// A rectangle in points (the sky's bands, which must meet without seams).
    mutating func pointRect(_ r: Rect, _ color: Color, radius: Double = 0) {
        commands.append(.fill(r, radius: radius, color: color))
    }

    /// A disc centred on (`x`, `y`) of `radius` units.
    mutating func circle(_ x: Double, _ y: Double, _ radius: Double, _ color: Color) {
        guard isVisible(x - radius, x + radius) else { return }
        commands.append(.circle(center: point(x, y), radius: radius * scale, color: color))
    }

    /// A diamond centred on (`x`, `y`), `halfWidth` units to its left and right corners and
    /// `halfHeight` to its top and bottom ones. Its upper half is a triangle standing on y.
    mutating func diamond(_ x: Double, _ y: Double, halfWidth: Double, halfHeight: Double, _ color: Color) {
        guard isVisible(x - halfWidth, x + halfWidth), halfWidth > 0, halfHeight > 0 else { return }
        // A unit square turned 45° has half-diagonals √½; scale them to the half-widths.
        let side = 1.0
        let k = 2.0.squareRoot()
        let t = AffineTransform(rotationAngle: .pi / 4)
            .concatenating(AffineTransform(scaleX: halfWidth * scale * k, y: halfHeight * scale * k))
        commands.append(.fill(rect: Rect(center: point(x, y), size: Size(width: side, height: side)), cornerRadius: 0,
                              color: color, alpha: 1, transform: t))
    }

    /// A polyline through unit points, `width` units wide.
    mutating func polyline(_ points: [(Double, Double)], width: Double, _ color: Color) {
        guard let lo = points.map(\.0).min(), let hi = points.map(\.0).max(), isVisible(lo, hi) else { return }
        commands.append(.stroke(points: points.map { point($0.0, $0.1) }, closed: false, width: width * scale, color: color))
    }
}
