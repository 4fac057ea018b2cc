import Geometry
import Drawing

/// Draws a sampled curve as a small chart: frame, grid, axes labels, the curve, an optional
/// vertical marker (settling time) and an optional moving dot. Used by the HUD and `kinetic curve --png`.
public struct CurvePlot {
    /// Samples as (x, y) in data units.
    public var samples: [Point]
    /// The x range shown (data units).
    public var xRange: ClosedRange<Double>
    /// The y range shown; widened to include every sample (overshoot).
    public var yRange: ClosedRange<Double>
    /// Label of the x axis's end value, e.g. "1 s".
    public var xLabel: String
    /// A dashed vertical line at this x (e.g. the settling time), with its caption.
    public var marker: (x: Double, caption: String)?
    /// A dot at this point (the animator's current progress).
    public var dot: Point?
    /// The curve's colour.
    public var color: Color = .teal
    /// Text size of the labels, points.
    public var fontSize: Double = 11

    /// A plot of `samples` over `xRange` × `yRange` (data units), its x axis ending in `xLabel`,
    /// with an optional `marker` and `dot`, the curve in `color` (teal) and labels of
    /// `fontSize` points (11).
    public init(samples: [Point], xRange: ClosedRange<Double>, yRange: ClosedRange<Double>, xLabel: String,
                marker: (x: Double, caption: String)?, dot: Point?, color: Color = .teal, fontSize: Double = 11) {
        self.samples = samples; self.xRange = xRange; self.yRange = yRange; self.xLabel = xLabel
        self.marker = marker; self.dot = dot; self.color = color; self.fontSize = fontSize
    }

    /// Data to window points: ``yRange`` widened to every sample, with 4 % padding.
    public func mapping(in rect: Rect) -> PlotMapping { PlotMapping(rect: rect, xRange: xRange, yRange: yRange, samples: samples) }

    /// Only the curve and the dot, over a plot of the same ranges already drawn (a second curve
    /// to compare). Its y range is its own samples': give both the same `yRange` and similar
    /// overshoot for an exact overlay.
    public func drawCurve(in rect: Rect, into list: inout DisplayList, z: Int) {
        let m = mapping(in: rect)
        let x0 = xRange.lowerBound, x1 = xRange.upperBound
        let pts = samples.filter { $0.x >= x0 && $0.x <= x1 && $0.y.isFinite }.map(m.point)
        if pts.count >= 2 { list.append(.stroke(points: pts, closed: false, width: 2, color: color), z: z) }
        if let d = dot { list.append(.circle(center: m.point(d), radius: 4, color: .white), z: z) }
    }

    /// The whole chart in `rect` (window points) at depth `z`: a faint panel, a grid at the
    /// quarters of x and at progress 0 and 1, the axis labels, the marker, then the curve and dot.
    public func draw(in rect: Rect, into list: inout DisplayList, z: Int) {
        let m = mapping(in: rect)
        let lo = m.lo, hi = m.hi
        let x0 = xRange.lowerBound, x1 = xRange.upperBound
        let map = m.point
        list.append(.fill(rect, radius: 3, color: Color(white: 1, alpha: 0.05)), z: z)
        // Grid: quarters of x, and the 0 and 1 progress lines.
        let grid = Color(white: 1, alpha: 0.12)
        for i in 1..<4 {
            let x = rect.minX + rect.width * Double(i) / 4
            list.append(.line(from: Point(x: x, y: rect.minY), to: Point(x: x, y: rect.maxY), width: 1, color: grid), z: z)
        }
        for level in [0.0, 1.0] where level >= lo && level <= hi {
            let y = map(Point(x: x0, y: level)).y
            list.append(.line(from: Point(x: rect.minX, y: y), to: Point(x: rect.maxX, y: y), width: 1,
                              color: Color(white: 1, alpha: level == 1 ? 0.3 : 0.2)), z: z)
            list.append(.text(level == 1 ? "1" : "0", frame: Rect(x: rect.minX - 16, y: y - 7, width: 12, height: 14),
                              size: fontSize, color: Overlay.dim, alignment: .right, transform: .identity), z: z)
        }
        list.append(.text(xLabel, frame: Rect(x: rect.maxX - 60, y: rect.maxY + 2, width: 60, height: 14), size: fontSize,
                          color: Overlay.dim, alignment: .right, transform: .identity), z: z)
        list.append(.text("0", frame: Rect(x: rect.minX, y: rect.maxY + 2, width: 20, height: 14), size: fontSize,
                          color: Overlay.dim, alignment: .left, transform: .identity), z: z)
        if let marker, marker.x >= x0, marker.x <= x1 {
            let x = map(Point(x: marker.x, y: lo)).x
            var y = rect.minY
            while y < rect.maxY {
                list.append(.line(from: Point(x: x, y: y), to: Point(x: x, y: min(y + 4, rect.maxY)), width: 1, color: .orange), z: z)
                y += 7
            }
            let captionX = x + 100 < rect.maxX ? x + 3 : x - 103
            list.append(.text(marker.caption, frame: Rect(x: captionX, y: rect.minY + 1, width: 100, height: 14), size: fontSize,
                              color: .orange, alignment: captionX > x ? .left : .right, transform: .identity), z: z)
        }
        drawCurve(in: rect, into: &list, z: z)
    }
}
