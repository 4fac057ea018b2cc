import Geometry

/// Analytic pixel coverage of shapes: the fraction of a pixel's square that a shape covers, for
/// anti-aliasing that is exact rather than feathered. All values are in pixels; pixel (i, j) is
/// the square `[i, i+1] × [j, j+1]`.
public enum Coverage {
    /// Sub-columns integrated across a pixel that the edge crosses. The chord through a column
    /// is exact; only its variation across 1/32 px is approximated, so the error stays far
    /// below 1/64 of a pixel's area except right at a vertical tangent.
    public static let columns = 32

    /// The fraction (0…1) of pixel `(px, py)` inside the rounded rectangle `minX…maxX × minY…maxY`
    /// with corner `radius` (clamped to half the shorter side), all in pixels.
    @inlinable
    public static func roundedRect(px: Int, py: Int, minX: Double, minY: Double, maxX: Double, maxY: Double,
                                   radius: Double) -> Double {
        let x0 = Double(px), y0 = Double(py)
        if x0 + 1 <= minX || x0 >= maxX || y0 + 1 <= minY || y0 >= maxY { return 0 }
        let r = max(0, min(radius, (maxX - minX) / 2, (maxY - minY) / 2))
        // Inside a convex shape when all four corners are; clear of it when its centre is
        // farther than half a diagonal from the edge.
        @inline(__always) func inside(_ x: Double, _ y: Double) -> Bool {
            guard x >= minX, x <= maxX, y >= minY, y <= maxY else { return false }
            let dx = x < minX + r ? minX + r - x : (x > maxX - r ? x - (maxX - r) : 0)
            let dy = y < minY + r ? minY + r - y : (y > maxY - r ? y - (maxY - r) : 0)
            return dx == 0 || dy == 0 || dx * dx + dy * dy <= r * r
        }
        if inside(x0, y0) && inside(x0 + 1, y0) && inside(x0, y0 + 1) && inside(x0 + 1, y0 + 1) { return 1 }
        let d = roundedRectDistance(x: x0 + 0.5 - (minX + maxX) / 2, y: y0 + 0.5 - (minY + maxY) / 2,
                                    halfWidth: (maxX - minX) / 2, halfHeight: (maxY - minY) / 2, radius: r)
        if d >= 0.7072 { return 0 }
        // Integrate the column chords.
        let n = columns
        var sum = 0.0
        for k in 0..<n {
            let x = x0 + (Double(k) + 0.5) / Double(n)
            guard x > minX, x < maxX else { continue }
            var top = minY, bottom = maxY
            let dx: Double
            if x < minX + r { dx = minX + r - x } else if x > maxX - r { dx = x - (maxX - r) } else { dx = 0 }
            if dx > 0 {
                let h = (r * r - dx * dx).squareRoot()
                top = minY + r - h
                bottom = maxY - r + h
            }
            sum += max(0, min(y0 + 1, bottom) - max(y0, top))
        }
        return min(1, sum / Double(n))
    }

    /// Approximate coverage from a signed distance `d` (pixels; negative inside): a one-pixel
    /// ramp centred on the edge. Used where the shape is rotated or skewed.
    @inlinable
    public static func fromDistance(_ d: Double) -> Double { min(1, max(0, 0.5 - d)) }

    /// Signed distance (points; negative inside) from `p` to a rounded rectangle of half size
    /// `(hw, hh)` centred on the origin with corner `radius`.
    @inlinable
    public static func roundedRectDistance(x: Double, y: Double, halfWidth hw: Double, halfHeight hh: Double,
                                           radius: Double) -> Double {
        let r = max(0, min(radius, hw, hh))
        let qx = abs(x) - (hw - r), qy = abs(y) - (hh - r)
        let ox = max(qx, 0), oy = max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    }
}
