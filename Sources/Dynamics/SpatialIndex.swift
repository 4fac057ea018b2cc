import Geometry

/// Answers ``DynamicAnimator/items(in:)``: bodies sorted by the top of their bounding box.
///
/// A query binary-searches the band of tops in `[rect.minY − tallest, rect.maxY]` and filters it,
/// so it costs O(log n + k) where k is the number of items in that horizontal band (for the
/// row-based layouts this module serves, k is the result plus a row or two). The index is rebuilt
/// lazily on the first query after bodies moved; re-sorting reuses the previous order with an
/// insertion sort, which is linear when items moved only a little.
struct SpatialIndex {
    private var order: [Int] = []
    private var tops: [Double] = []
    private var boxes: [Rect] = []
    private var tallest = 0.0

    mutating func rebuild(_ world: World) {
        let n = world.count
        if order.count != n { order = Array(0..<n) }
        boxes.removeAll(keepingCapacity: true)
        tallest = 0
        for i in 0..<n {
            let c = abs(world.bodies.cosT[i]), s = abs(world.bodies.sinT[i])
            let hw = world.info[i].halfWidth, hh = world.info[i].halfHeight
            let ex = c * hw + s * hh, ey = s * hw + c * hh
            boxes.append(Rect(x: world.bodies.px[i] - ex, y: world.bodies.py[i] - ey, width: 2 * ex, height: 2 * ey))
            tallest = Swift.max(tallest, 2 * ey)
        }
        if n > 1 {
            for k in 1..<n {
                let v = order[k]
                let key = boxes[v].origin.y
                var j = k - 1
                while j >= 0 && boxes[order[j]].origin.y > key { order[j + 1] = order[j]; j -= 1 }
                order[j + 1] = v
            }
        }
        tops = order.map { boxes[$0].origin.y }
    }

    /// Body indices whose bounding boxes intersect `rect`, in top-to-bottom order.
    func query(_ rect: Rect) -> [Int] {
        let lowY = rect.minY - tallest, highY = rect.maxY
        var lo = 0, hi = tops.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tops[mid] < lowY { lo = mid + 1 } else { hi = mid }
        }
        var result: [Int] = []
        var k = lo
        while k < tops.count && tops[k] <= highY {
            let i = order[k]
            if boxes[i].intersects(rect) { result.append(i) }
            k += 1
        }
        return result
    }
}
