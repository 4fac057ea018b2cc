import Geometry

/// One body's box for the broad phase's sweep (``World/collideItemPairs(_:dt:)``): its bounds grown
/// by its speculative margin (points, reference coordinates), and the body.
struct SweepBox {
    var minX: Double, maxX: Double, minY: Double, maxY: Double
    var body: Int32
}

extension World {
    /// The broad phase of collision group `g`: sweep and prune along x over the bodies' boxes
    /// grown by their speculative margins; insertion sort keeps the nearly sorted order cheap,
    /// and the y extents reject pairs side by side in a column before the narrow phase. Pairs of
    /// two sleeping bodies are skipped; a sleeping body an awake one reaches wakes with its island.
    func collideItemPairs(_ g: Int, dt: Double) {
        // Taken out while it is sorted, so writing it copies nothing.
        var order = collisionGroups[g].order
        collisionGroups[g].order = []
        let members = collisionGroups[g].bodies
        if order.count != members.count { order = members }
        // The boxes in last step's order, side by side, so the sort and the sweep read memory in
        // a row (through four columns indexed by body, the sweep's loads were a third of the
        // broad phase's own time).
        var boxes = scratchSweep
        scratchSweep = []
        defer { scratchSweep = boxes }
        let n = order.count
        if boxes.count != n { boxes = [SweepBox](repeating: SweepBox(minX: 0, maxX: 0, minY: 0, maxY: 0, body: 0), count: n) }
        let px = bodies.px, py = bodies.py, cosT = bodies.cosT, sinT = bodies.sinT
        boxes.withUnsafeMutableBufferPointer { box in
            scratchMargin.withUnsafeBufferPointer { margin in
                info.withUnsafeBufferPointer { info in
                    order.withUnsafeBufferPointer { order in
                        for x in 0..<n {
                            let i = order[x]
                            let m = margin[i], px = px[i], py = py[i]
                            let rx: Double, ry: Double
                            switch info[i].shape {
                            case .pieces:
                                box[x] = SweepBox(minX: px - support(i, -1, 0) - m, maxX: px + support(i, 1, 0) + m,
                                                  minY: py - support(i, 0, -1) - m, maxY: py + support(i, 0, 1) + m, body: Int32(i))
                                continue
                            // A rectangle or an ellipse reaches as far both ways along an axis:
                            // ``support(_:_:_:)`` along ±x and ±y, in the same arithmetic.
                            case .rectangle:
                                let c = cosT[i], s = sinT[i], hw = info[i].halfWidth, hh = info[i].halfHeight
                                rx = abs(c) * hw + abs(s) * hh; ry = abs(s) * hw + abs(c) * hh
                            case .ellipse:
                                let c = cosT[i], s = sinT[i], hw = info[i].halfWidth, hh = info[i].halfHeight
                                rx = ((c * hw) * (c * hw) + (s * hh) * (s * hh)).squareRoot()
                                ry = ((s * hw) * (s * hw) + (c * hh) * (c * hh)).squareRoot()
                            }
                            box[x] = SweepBox(minX: px - rx - m, maxX: px + rx + m, minY: py - ry - m, maxY: py + ry + m, body: Int32(i))
                        }
                    }
                }
            }
            for k in 1..<Swift.max(n, 1) {
                let v = box[k]
                var j = k - 1
                while j >= 0 && box[j].minX > v.minX { box[j + 1] = box[j]; j -= 1 }
                box[j + 1] = v
            }
            order.withUnsafeMutableBufferPointer { order in
                for x in 0..<n { order[x] = Int(box[x].body) }
            }
        }
        collisionGroups[g].order = order
        boxes.withUnsafeBufferPointer { boxes in
            for x in 0..<n {
                let bi = boxes[x], i = Int(bi.body)
                var y = x + 1
                while y < n {
                    let bj = boxes[y]
                    y += 1
                    if bj.minX > bi.maxX { break }
                    if bj.minY > bi.maxY || bi.minY > bj.maxY { continue }
                    // Read now, not with the boxes: a pair earlier in this sweep may have woken an island.
                    let j = Int(bj.body)
                    let awakeI = bodies.awake[i], awakeJ = bodies.awake[j]
                    if !awakeI && !awakeJ { continue }
                    collidePair(g, i, j, awake: awakeI, awakeJ, dt: dt)
                }
            }
        }
    }
}
