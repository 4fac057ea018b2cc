/// Reference for rendering tests: the area of pixel `(px, py)` inside a rounded rect (pixels), by brute force: 256 × 256 point
/// samples (error below 1/128), independent of ``Coverage``'s column integration.
public func referenceCoverage(px: Int, py: Int, minX: Double, minY: Double, maxX: Double, maxY: Double, radius r: Double) -> Double {
    let n = 256
    var inside = 0
    for j in 0..<n {
        let y = Double(py) + (Double(j) + 0.5) / Double(n)
        for i in 0..<n {
            let x = Double(px) + (Double(i) + 0.5) / Double(n)
            guard x >= minX, x <= maxX, y >= minY, y <= maxY else { continue }
            let dx = x < minX + r ? minX + r - x : (x > maxX - r ? x - (maxX - r) : 0)
            let dy = y < minY + r ? minY + r - y : (y > maxY - r ? y - (maxY - r) : 0)
            if dx * dx + dy * dy <= r * r { inside += 1 }
        }
    }
    return Double(inside) / Double(n * n)
}

