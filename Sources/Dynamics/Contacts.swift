import Geometry

/// A straight boundary compiled from a ``CollisionBehavior``.
struct BoundarySegment {
    /// Half-planes (the reference bounds) push items to the inner side only, so nothing can tunnel
    /// through them; free segments are two-sided and swept against the previous substep.
    var isHalfPlane: Bool
    var ax: Double, ay: Double, bx: Double, by: Double
    /// Unit normal; for half-planes it points into the allowed side.
    var nx: Double, ny: Double
    /// Index into ``CollisionGroup/identifiers``.
    var tag: Int
}

/// One ``CollisionBehavior``, compiled.
struct CollisionGroup {
    var bodies: [Int]
    var collidesItems: Bool
    var collidesBoundaries: Bool
    var segments: [BoundarySegment]
    var identifiers: [AnyHashable?]
    /// The behavior, for its delegate (weak: the animator owns behaviors through its tree).
    weak var behavior: CollisionBehavior?
    /// Scratch for the sweep-and-prune broad phase.
    var order: [Int] = []
}

/// Identifies a touching pair during one step, for began / ended events.
struct ContactKey: Hashable, Comparable {
    var group: Int32
    var a: Int32
    /// A body index, or `-1 - boundary` for a boundary.
    var b: Int32

    static func < (l: ContactKey, r: ContactKey) -> Bool {
        (l.group, l.a, l.b) < (r.group, r.a, r.b)
    }
}

extension World {
    /// Half the item's extent along unit vector (`nx`, `ny`), points.
    @inline(__always)
    func support(_ i: Int, _ nx: Double, _ ny: Double) -> Double {
        let c = bodies.cosT[i], s = bodies.sinT[i]
        let du = nx * c + ny * s, dv = -nx * s + ny * c
        let hw = info[i].halfWidth, hh = info[i].halfHeight
        switch info[i].shape {
        case .rectangle: return abs(du) * hw + abs(dv) * hh
        case .ellipse: return ((du * hw) * (du * hw) + (dv * hh) * (dv * hh)).squareRoot()
        }
    }

    func solveContacts() {
        for g in collisionGroups.indices {
            if collisionGroups[g].collidesBoundaries { solveBoundaries(g) }
            if collisionGroups[g].collidesItems { solveItemPairs(g) }
        }
    }

    private func solveBoundaries(_ g: Int) {
        let group = collisionGroups[g]
        for i in group.bodies where bodies.awake[i] && bodies.im[i] > 0 {
            for (k, s) in group.segments.enumerated() {
                var nx = s.nx, ny = s.ny
                let r = support(i, nx, ny)
                var depth: Double
                if s.isHalfPlane {
                    depth = r - ((bodies.px[i] - s.ax) * nx + (bodies.py[i] - s.ay) * ny)
                } else {
                    // Two-sided: the side is where the item was at the start of the substep.
                    let before = (bodies.p0x[i] - s.ax) * nx + (bodies.p0y[i] - s.ay) * ny
                    if before < 0 { nx = -nx; ny = -ny }
                    let now = (bodies.px[i] - s.ax) * nx + (bodies.py[i] - s.ay) * ny
                    depth = r - now
                    guard depth > 0 else { continue }
                    // Within the segment's span (widened by the item's extent along it)?
                    let tx = s.bx - s.ax, ty = s.by - s.ay
                    let len = (tx * tx + ty * ty).squareRoot()
                    guard len > 0 else { continue }
                    let ux = tx / len, uy = ty / len
                    // Where the centre crossed (or is), measured along the segment.
                    let along0 = (bodies.p0x[i] - s.ax) * ux + (bodies.p0y[i] - s.ay) * uy
                    let along1 = (bodies.px[i] - s.ax) * ux + (bodies.py[i] - s.ay) * uy
                    let reach = support(i, ux, uy)
                    if Swift.max(along0, along1) < -reach || Swift.min(along0, along1) > len + reach { continue }
                }
                guard depth > 0 else { continue }
                bodies.px[i] += nx * depth
                bodies.py[i] += ny * depth
                let vn = bodies.vx[i] * nx + bodies.vy[i] * ny
                if vn < 0 {
                    let e = -vn > SolverPolicy.restitutionThreshold ? info[i].material.elasticity : 0
                    bodies.vx[i] -= (1 + e) * vn * nx
                    bodies.vy[i] -= (1 + e) * vn * ny
                    let tx = -ny, ty = nx
                    let vt = bodies.vx[i] * tx + bodies.vy[i] * ty
                    let limit = info[i].material.friction * (1 + e) * -vn
                    let dv = Swift.max(-limit, Swift.min(limit, -vt))
                    bodies.vx[i] += dv * tx
                    bodies.vy[i] += dv * ty
                }
                let contact = Point(x: bodies.px[i] - nx * r, y: bodies.py[i] - ny * r)
                contactsThisStep[ContactKey(group: Int32(g), a: Int32(i), b: Int32(-1 - k))] = contact
            }
        }
    }

    private func solveItemPairs(_ g: Int) {
        var order = collisionGroups[g].order
        let members = collisionGroups[g].bodies
        if order.count != members.count { order = members }
        // Sweep and prune along x; insertion sort keeps the nearly sorted order cheap.
        if scratchMinX.count < count {
            scratchMinX = [Double](repeating: 0, count: count)
            scratchMaxX = [Double](repeating: 0, count: count)
        }
        var minX = scratchMinX, maxX = scratchMaxX
        scratchMinX = []; scratchMaxX = []
        defer { scratchMinX = minX; scratchMaxX = maxX }
        for i in members {
            let r = support(i, 1, 0)
            minX[i] = bodies.px[i] - r
            maxX[i] = bodies.px[i] + r
        }
        if order.count > 1 {
            for k in 1..<order.count {
                let v = order[k]
                var j = k - 1
                while j >= 0 && minX[order[j]] > minX[v] { order[j + 1] = order[j]; j -= 1 }
                order[j + 1] = v
            }
        }
        collisionGroups[g].order = order
        for x in 0..<order.count {
            let i = order[x]
            for y in (x + 1)..<order.count {
                let j = order[y]
                if minX[j] > maxX[i] { break }
                if !bodies.awake[i] && !bodies.awake[j] { continue }
                collidePair(g, i, j)
            }
        }
    }

    private func collidePair(_ g: Int, _ a: Int, _ b: Int) {
        let dx = bodies.px[b] - bodies.px[a], dy = bodies.py[b] - bodies.py[a]
        var bestDepth = Double.infinity
        var nx = 0.0, ny = 0.0
        func test(_ lx: Double, _ ly: Double) {
            let d = lx * dx + ly * dy
            let depth = support(a, lx, ly) + support(b, lx, ly) - abs(d)
            if depth < bestDepth {
                bestDepth = depth
                nx = d >= 0 ? lx : -lx
                ny = d >= 0 ? ly : -ly
            }
        }
        if info[a].shape == .rectangle { test(bodies.cosT[a], bodies.sinT[a]); test(-bodies.sinT[a], bodies.cosT[a]) }
        if info[b].shape == .rectangle { test(bodies.cosT[b], bodies.sinT[b]); test(-bodies.sinT[b], bodies.cosT[b]) }
        let dl = (dx * dx + dy * dy).squareRoot()
        if dl > 1e-9 { test(dx / dl, dy / dl) }
        guard bestDepth > 0, bestDepth.isFinite else { return }
        let mA = bodies.im[a], mB = bodies.im[b]
        let total = mA + mB
        guard total > 0 else { return }
        // Contact point: halfway through the overlap along the normal.
        let ra = support(a, nx, ny) - bestDepth / 2
        let cx = bodies.px[a] + nx * ra, cy = bodies.py[a] + ny * ra
        bodies.px[a] -= nx * bestDepth * mA / total; bodies.py[a] -= ny * bestDepth * mA / total
        bodies.px[b] += nx * bestDepth * mB / total; bodies.py[b] += ny * bestDepth * mB / total
        let rAx = cx - bodies.px[a], rAy = cy - bodies.py[a], rBx = cx - bodies.px[b], rBy = cy - bodies.py[b]
        let iA = bodies.ii[a], iB = bodies.ii[b]
        let rvx = (bodies.vx[b] - bodies.w[b] * rBy) - (bodies.vx[a] - bodies.w[a] * rAy)
        let rvy = (bodies.vy[b] + bodies.w[b] * rBx) - (bodies.vy[a] + bodies.w[a] * rAx)
        let vn = rvx * nx + rvy * ny
        if vn < 0 {
            let crA = rAx * ny - rAy * nx, crB = rBx * ny - rBy * nx
            let k = total + iA * crA * crA + iB * crB * crB
            let e = -vn > SolverPolicy.restitutionThreshold ? Swift.max(info[a].material.elasticity, info[b].material.elasticity) : 0
            let j = -(1 + e) * vn / k
            var pX = j * nx, pY = j * ny
            // Coulomb friction along the tangent.
            let tx = -ny, ty = nx
            let vt = rvx * tx + rvy * ty
            let ctA = rAx * ty - rAy * tx, ctB = rBx * ty - rBy * tx
            let kt = total + iA * ctA * ctA + iB * ctB * ctB
            let mu = (info[a].material.friction * info[b].material.friction).squareRoot()
            let jt = Swift.max(-mu * j, Swift.min(mu * j, -vt / kt))
            pX += jt * tx; pY += jt * ty
            bodies.vx[a] -= mA * pX; bodies.vy[a] -= mA * pY; bodies.w[a] -= iA * (rAx * pY - rAy * pX)
            bodies.vx[b] += mB * pX; bodies.vy[b] += mB * pY; bodies.w[b] += iB * (rBx * pY - rBy * pX)
        }
        let lo = Swift.min(a, b), hi = Swift.max(a, b)
        contactsThisStep[ContactKey(group: Int32(g), a: Int32(lo), b: Int32(hi))] = Point(x: cx, y: cy)
    }
}
