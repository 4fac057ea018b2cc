import Geometry

/// One body's box for the broad phase's sweep (``World/collideItemPairs(_:dt:)``): its bounds grown
/// by its speculative margin (points, reference coordinates), and the body.
struct SweepBox {
    var minX: Double, maxX: Double, minY: Double, maxY: Double
    var body: Int32

    /// Whether `later` (at or after this box in the sweep's order) starts past this box's end
    /// along x: the sweep stops there, every box after it starting as far or farther.
    @inline(__always) func endsBefore(_ later: SweepBox) -> Bool { later.minX > maxX }

    /// Whether the two boxes are apart along y.
    @inline(__always) func apartAlongY(_ other: SweepBox) -> Bool { other.minY > maxY || minY > other.maxY }

    /// Sweep and prune over `boxes` (sorted by start along x): calls `visit` with the places of
    /// every pair whose boxes overlap, box by box and each box's later partners in order.
    @inline(__always)
    static func sweep(_ boxes: UnsafeBufferPointer<SweepBox>, _ visit: (Int, Int) -> Void) {
        let n = boxes.count
        for x in 0..<n {
            let bi = boxes[x]
            var y = x + 1
            while y < n {
                let bj = boxes[y]
                if bi.endsBefore(bj) { break }
                if !bi.apartAlongY(bj) { visit(x, y) }
                y += 1
            }
        }
    }
}

/// A collision group's broad-phase pairs kept from step to step (``World/collideItemPairs(_:dt:)``):
/// the boxes of the step that found them, grown by ``pad`` (Box2D v3's enlarged boxes), and every
/// pair of those that overlap, by their places in the sweep's order. While the bodies keep that
/// order and each box stays inside its grown one, the pairs whose boxes overlap now are exactly
/// the sweep's, met in the sweep's order, so the step is the same bit for bit; a resting pile
/// tests about 1,350 kept pairs instead of sweeping some 5,400 boxes a step (the bench pile at
/// rest with sleeping off: 385 of its 395 steps from kept pairs).
struct SweepPairCache {
    /// How far each kept box reaches past the box it was made from, points.
    static let pad = 1.0
    /// The most sweeps between two tries at keeping pairs (``afterSweep(_:)``).
    static let longestWait = 32
    var grown: [SweepBox] = []
    /// Places in the sweep's order, two per pair, as the sweep meets them.
    var pairs: [Int32] = []
    var isValid = false
    /// Broad phases the kept pairs stood in for since they were kept.
    var uses = 0
    /// Sweeps to go before pairs are kept again, and the last such wait.
    var wait = 0, lastWait = 0

    /// After a sweep of `box` (sorted): keeps its pairs, unless the last pairs kept were never
    /// used (the boxes left their grown ones at once, as in a falling pile), in which case it
    /// waits 1, 2, 4 … up to ``longestWait`` sweeps before trying again, so a moving pile pays
    /// for few grown sweeps and a resting one keeps its pairs within a step or two of stopping.
    mutating func afterSweep(_ box: UnsafeMutableBufferPointer<SweepBox>) {
        if isValid && uses == 0 {
            lastWait = Swift.min(Swift.max(1, 2 * lastWait), Self.longestWait)
            wait = lastWait
        } else if uses > 0 {
            lastWait = 0
        }
        if wait > 0 {
            wait -= 1
            isValid = false
            return
        }
        keep(box)
        uses = 0
    }

    /// Whether the pairs still hold for `box` (the bodies in the order the pairs were found in):
    /// the same bodies in each place, still sorted by their boxes' starts along x (so the
    /// sweep's sort would move none), each box inside its grown one. A box that is not finite
    /// is inside none.
    func holds(_ box: UnsafeMutableBufferPointer<SweepBox>) -> Bool {
        guard isValid, grown.count == box.count else { return false }
        return grown.withUnsafeBufferPointer { grown in
            for k in box.indices {
                let b = box[k], f = grown[k]
                guard b.body == f.body, f.minX <= b.minX, b.maxX <= f.maxX, f.minY <= b.minY, b.maxY <= f.maxY else { return false }
                if k > 0 && box[k - 1].minX > b.minX { return false }
            }
            return true
        }
    }

    /// Keeps `box` (sorted by start along x) grown by ``pad`` and the pairs of grown boxes that
    /// overlap, swept as ``World/collideItemPairs(_:dt:)`` sweeps.
    mutating func keep(_ box: UnsafeMutableBufferPointer<SweepBox>) {
        let pad = Self.pad
        grown.removeAll(keepingCapacity: true)
        pairs.removeAll(keepingCapacity: true)
        for b in box { grown.append(SweepBox(minX: b.minX - pad, maxX: b.maxX + pad, minY: b.minY - pad, maxY: b.maxY + pad, body: b.body)) }
        grown.withUnsafeBufferPointer { grown in
            SweepBox.sweep(grown) { x, y in pairs.append(Int32(x)); pairs.append(Int32(y)) }
        }
        isValid = true
    }
}

extension World {
    /// The broad phase of collision group `g`: sweep and prune along x over the bodies' boxes
    /// grown by their speculative margins; insertion sort keeps the nearly sorted order cheap,
    /// and the y extents reject pairs side by side in a column before the narrow phase. Pairs of
    /// two sleeping bodies are skipped; a sleeping body an awake one reaches wakes with its island.
    /// While the boxes stay in order and inside the grown boxes of an earlier step, the pairs
    /// kept then stand in for the sweep (``SweepPairCache``, the same pairs in the same order).
    func collideItemPairs(_ g: Int, dt: Double) {
        // Taken out while it is sorted, so writing it copies nothing.
        var order = collisionGroups[g].order
        collisionGroups[g].order = []
        var cache = collisionGroups[g].pairCache
        collisionGroups[g].pairCache = SweepPairCache()
        defer { collisionGroups[g].pairCache = cache }
        let members = collisionGroups[g].bodies
        if order.count != members.count { order = members; cache.isValid = false }
        // The boxes in last step's order, side by side, so the sort and the sweep read memory in
        // a row (through four columns indexed by body, the sweep's loads were a third of the
        // broad phase's own time).
        var boxes = scratchSweep
        scratchSweep = []
        defer { scratchSweep = boxes }
        let n = order.count
        if boxes.count != n { boxes = [SweepBox](repeating: SweepBox(minX: 0, maxX: 0, minY: 0, maxY: 0, body: 0), count: n) }
        let px = bodies.px, py = bodies.py, cosT = bodies.cosT, sinT = bodies.sinT
        var kept = false
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
            kept = keepsBroadPhasePairs && cache.holds(box)
            guard !kept else { return }
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
        if kept {
            broadPhasesFromKeptPairs &+= 1
            cache.uses += 1
            collideKeptPairs(g, cache.pairs, boxes, dt: dt)
            return
        }
        boxes.withUnsafeBufferPointer { boxes in
            SweepBox.sweep(boxes) { x, y in
                // Read now, not with the boxes: a pair earlier in this sweep may have woken an island.
                let i = Int(boxes[x].body), j = Int(boxes[y].body)
                let awakeI = bodies.awake[i], awakeJ = bodies.awake[j]
                if !awakeI && !awakeJ { return }
                collidePair(g, i, j, awake: awakeI, awakeJ, dt: dt)
            }
        }
        if keepsBroadPhasePairs {
            boxes.withUnsafeMutableBufferPointer { cache.afterSweep($0) }
        }
    }

    /// The sweep's collisions from kept pairs (``SweepPairCache``): each pair whose boxes overlap
    /// now, in the kept order, tested as the sweep tests them (a pair past along x is skipped
    /// where the sweep would stop: every later pair of that box is past too).
    private func collideKeptPairs(_ g: Int, _ pairs: [Int32], _ boxes: [SweepBox], dt: Double) {
        boxes.withUnsafeBufferPointer { boxes in
            pairs.withUnsafeBufferPointer { pairs in
                var p = 0
                while p < pairs.count {
                    let bi = boxes[Int(pairs[p])], bj = boxes[Int(pairs[p + 1])]
                    p += 2
                    if bi.endsBefore(bj) || bi.apartAlongY(bj) { continue }
                    let i = Int(bi.body), j = Int(bj.body)
                    // Read now: a pair earlier in this sweep may have woken an island.
                    let awakeI = bodies.awake[i], awakeJ = bodies.awake[j]
                    if !awakeI && !awakeJ { continue }
                    collidePair(g, i, j, awake: awakeI, awakeJ, dt: dt)
                }
            }
        }
    }
}
