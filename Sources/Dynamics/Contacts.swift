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
    /// How far the item's outline reaches from its centre along unit vector (`nx`, `ny`), points
    /// (its support function; for a rectangle or an ellipse the same both ways).
    @inline(__always)
    func support(_ i: Int, _ nx: Double, _ ny: Double) -> Double {
        let c = bodies.cosT[i], s = bodies.sinT[i]
        let du = nx * c + ny * s, dv = -nx * s + ny * c
        let hw = info[i].halfWidth, hh = info[i].halfHeight
        switch info[i].shape {
        case .rectangle: return abs(du) * hw + abs(dv) * hh
        case .ellipse: return ((du * hw) * (du * hw) + (dv * hh) * (dv * hh)).squareRoot()
        case .pieces: return pieceSupport(i, du, dv)
        }
    }

    /// ``support(_:_:_:)`` of a body made of pieces, for direction (`du`, `dv`) in its own frame.
    private func pieceSupport(_ i: Int, _ du: Double, _ dv: Double) -> Double {
        var best = -Double.infinity
        let start = info[i].pieceStart
        for k in start..<(start + info[i].pieceCount) {
            let p = pieces[k]
            if p.isEllipse {
                let pu = du * p.cosR + dv * p.sinR, pv = -du * p.sinR + dv * p.cosR
                let r = ((pu * p.hw) * (pu * p.hw) + (pv * p.hh) * (pv * p.hh)).squareRoot()
                best = Swift.max(best, p.ox * du + p.oy * dv + r)
            } else {
                for v in p.first..<(p.first + p.count) {
                    best = Swift.max(best, pieceVertices[v].x * du + pieceVertices[v].y * dv)
                }
            }
        }
        return best
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
                var r: Double
                var depth: Double
                if s.isHalfPlane {
                    // The item's reach toward the boundary, against the normal.
                    r = support(i, -nx, -ny)
                    depth = r - ((bodies.px[i] - s.ax) * nx + (bodies.py[i] - s.ay) * ny)
                } else {
                    // Two-sided: the side is where the item was at the start of the substep.
                    let before = (bodies.p0x[i] - s.ax) * nx + (bodies.p0y[i] - s.ay) * ny
                    if before < 0 { nx = -nx; ny = -ny }
                    r = support(i, -nx, -ny)
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
                    if Swift.max(along0, along1) < -support(i, ux, uy) || Swift.min(along0, along1) > len + support(i, -ux, -uy) { continue }
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
}
