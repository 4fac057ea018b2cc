import Geometry

/// How a HUD plot maps its data (x over a range, y over a range widened to every sample and
/// padded 4 % above and below) to window points and back: the drawing and the pointer on the
/// plot's handles use the same numbers.
public struct PlotMapping: Equatable {
    /// The plot's frame, window points.
    public var rect: Rect
    /// The x range shown, data units.
    public var xRange: ClosedRange<Double>
    /// The y range shown after widening and padding, data units.
    public var lo: Double, hi: Double

    /// The mapping of `rect` for x over `xRange` and y over `yRange` widened to hold every
    /// finite y of `samples`, with 4 % of the span added above and below.
    public init(rect: Rect, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>, samples: [Point] = []) {
        var lo = yRange.lowerBound, hi = yRange.upperBound
        for p in samples where p.y.isFinite { lo = min(lo, p.y); hi = max(hi, p.y) }
        let pad = (hi - lo) * 0.04
        lo -= pad; hi += pad
        if hi - lo < 1e-9 { hi = lo + 1 }
        self.rect = rect; self.xRange = xRange; self.lo = lo; self.hi = hi
    }

    /// Where data point `v` is drawn, window points.
    public func point(_ v: Point) -> Point {
        let x0 = xRange.lowerBound, x1 = xRange.upperBound
        return Point(x: rect.minX + (v.x - x0) / (x1 - x0) * rect.width, y: rect.maxY - (v.y - lo) / (hi - lo) * rect.height)
    }

    /// The data point drawn at window point `p`.
    public func value(at p: Point) -> Point {
        let x0 = xRange.lowerBound, x1 = xRange.upperBound
        return Point(x: x0 + (p.x - rect.minX) / rect.width * (x1 - x0), y: lo + (rect.maxY - p.y) / rect.height * (hi - lo))
    }

    /// The y range of a cubic timing curve's plot with its handles: −0.05…1.05 widened to both
    /// control points' y (the curve lies within their hull, so it fits too).
    public static func cubicRange(_ p1: Point, _ p2: Point) -> ClosedRange<Double> {
        min(-0.05, p1.y, p2.y)...max(1.05, p1.y, p2.y)
    }
}
