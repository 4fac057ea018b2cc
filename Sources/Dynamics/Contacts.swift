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
    /// The broad phase's pairs kept from the last step (``SweepPairCache``).
    var pairCache = SweepPairCache()
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

    /// The narrow phase, once per step (Box2D v3 collides once per step, then its substeps only
    /// follow how far the bodies moved): finds every contact of the awake bodies within their
    /// speculative margins (``speculativeMargin``) at the step's start, wakes the sleeping islands
    /// they touch (``wakeIsland(of:)``) and collides again while any woke, so a woken item finds
    /// its own contacts in the same step. A contact of the last step whose bodies barely moved
    /// since is carried over instead of found again (``recycleContacts(_:_:_:material:)``),
    /// in place while the step finds them in the last step's order (``mirroring``).
    /// Then the contacts are coloured into blocks (``buildContactBlocks()``), or, when the step
    /// found the same manifolds in the same order as the last, the last step's blocks are
    /// refreshed (``refreshContactBlocks()``).
    func collideContacts(_ c: StepContext) {
        contactSubstep = c.h
        warmStartScale = storedContactSubstep > 0 ? c.h / storedContactSubstep : 1
        if scratchMargin.count < count { scratchMargin = [Double](repeating: 0, count: count) }
        if scratchTravel.count < count { scratchTravel = [Double](repeating: 0, count: count) }
        if scratchStill.count < count { scratchStill = [Double](repeating: 0, count: count) }
        let inContact = bodies.inContact
        for i in 0..<count { inContact[i] = false }
        // Whether this is the first narrow phase since the contacts the blocks hold were stored:
        // only then may it refresh them.
        let reusable = contactBlocksFromLastStep && refreshesContactBlocks
        contactBlocksFromLastStep = false
        retireContactPoints()
        for _ in 0..<4 {
            let woken = wokenCount
            beginMirror(massesHold: reusable)
            recycleCursor = 0
            hasElasticContacts = false
            computeMargins(c)
            for g in collisionGroups.indices {
                if collisionGroups[g].collidesItems { collideItemPairs(g, dt: c.dt) }
                if collisionGroups[g].collidesBoundaries { collideBoundaries(g) }
            }
            if wokenCount == woken { break }
        }
        finishMirror()
        if reusable && refreshContactBlocks() {
            contactBlockRefreshes &+= 1
        } else {
            buildContactBlocks()
        }
    }

    /// Each body's speculative margin for this step, points (``scratchMargin``): Box2D v3's
    /// speculative distance plus how far the body's outline can travel in the step at its speed,
    /// spin and acceleration; a fast item's contacts are found before it reaches them, so it
    /// neither tunnels nor sinks in (v3 needs continuous collision for that; a margin from the
    /// velocity is Erin Catto's speculative contacts). Also the same without the body's own
    /// speed (``scratchStill``), for a pair's margin from the two bodies' relative speed
    /// (``pairMargin(_:_:awake:_:dt:)``).
    private func computeMargins(_ c: StepContext) {
        let dt = c.dt, count = self.count
        // Through buffers: the arrays are properties, and each write would check their owner.
        scratchMargin.withUnsafeMutableBufferPointer { margin in
            scratchStill.withUnsafeMutableBufferPointer { still in
                scratchTravel.withUnsafeMutableBufferPointer { travel in
                    info.withUnsafeBufferPointer { info in
                        for i in 0..<count {
                            guard c.awake[i] else {
                                margin[i] = SolverPolicy.speculativeDistance; still[i] = margin[i]; travel[i] = 0; continue
                            }
                            let reach = info[i].corner
                            let linear = (c.vx[i] * c.vx[i] + c.vy[i] * c.vy[i]).squareRoot()
                            let moving = linear + abs(c.w[i]) * reach
                            let speed = moving + dt * ((c.ax[i] * c.ax[i] + c.ay[i] * c.ay[i]).squareRoot() + abs(c.aw[i]) * reach)
                            margin[i] = SolverPolicy.speculativeDistance + speed * dt
                            still[i] = SolverPolicy.speculativeDistance + (speed - linear) * dt
                            travel[i] = moving * dt
                        }
                    }
                }
            }
        }
    }

    private func collideBoundaries(_ g: Int) {
        let members = collisionGroups[g].bodies, segments = collisionGroups[g].segments
        let px = bodies.px, py = bodies.py, awake = bodies.awake, im = bodies.im
        for i in members where awake[i] && im[i] > 0 {
            let margin = scratchMargin[i]
            // No rectangle or ellipse reaches further from its centre than its half width plus its
            // half height: a half-plane farther away than that and the margin is not tested
            // (most of a pile is far from every side of its box). This loop only looks; the
            // test is out of line, so the loop keeps its state in registers.
            let bound = info[i].shape == .pieces ? Double.infinity : info[i].halfWidth + info[i].halfHeight + margin
            let x = px[i], y = py[i]
            for k in segments.indices {
                let s = segments[k]
                guard !s.isHalfPlane || (x - s.ax) * s.nx + (y - s.ay) * s.ny < bound else { continue }
                collideBoundary(g, i, segment: k, margin: margin)
            }
        }
    }

    /// Collides body `i` with segment `k` of collision group `g` (``collideBoundaries(_:)``)
    /// within `margin` points: recycles its last contact or adds new ones.
    @inline(never)
    private func collideBoundary(_ g: Int, _ i: Int, segment k: Int, margin: Double) {
        let s = collisionGroups[g].segments[k]
        let x = bodies.px[i], y = bodies.py[i]
        var nx = s.nx, ny = s.ny
        let depth: Double
        if s.isHalfPlane {
            let distance = (x - s.ax) * nx + (y - s.ay) * ny
            // The item's reach toward the boundary, against the normal.
            depth = support(i, -nx, -ny) - distance
        } else {
            // Two-sided: the side is where the item's centre is at the step's start.
            let now = (x - s.ax) * nx + (y - s.ay) * ny
            if now < 0 { nx = -nx; ny = -ny }
            depth = support(i, -nx, -ny) - abs(now)
            guard depth > -margin else { return }
            // Within the segment's span (widened by the item's extent along it and its margin)?
            let tx = s.bx - s.ax, ty = s.by - s.ay
            let len = (tx * tx + ty * ty).squareRoot()
            guard len > 0 else { return }
            let ux = tx / len, uy = ty / len
            let along = (x - s.ax) * ux + (y - s.ay) * uy
            if along < -support(i, ux, uy) - margin || along > len + support(i, -ux, -uy) + margin { return }
        }
        guard depth > -margin else { return }
        let material = info[i].material
        if recycleContacts(ContactImpulseKey(group: Int32(g), a: Int32(i), b: Int32(-1 - k), pieces: 0), i, -1,
                           material: { (material.elasticity, material.friction) }) { return }
        let touch = boundaryTouch(i, nx, ny, segment: s, margin: margin)
        let count = touch.pointCount
        for n in 0..<count {
            addContact(ContactImpulseKey(group: Int32(g), a: Int32(i), b: Int32(-1 - k), pieces: Int32(n)), i, -1, -nx, -ny,
                       at: touch.point(n), separation: touch.gap(n) - depth,
                       elasticity: material.elasticity, friction: material.friction,
                       pairedWithNext: n == 0 && count == 2)
        }
    }

    /// Where body `i` touches a boundary whose normal (`nx`, `ny`) points toward it, as a
    /// ``PieceContact`` along the opposite normal (its points): the ends of its outline's deepest
    /// edge against the normal (``contactFeature(_:_:_:)``), cut to a segment's span, or that
    /// edge's middle when it is shorter than ``featureTolerance``; so an item resting flat is
    /// held at both corners and one over a segment's end is held at the end (and tips off it).
    /// Only the points and their gaps are meant (its depth is 0).
    private func boundaryTouch(_ i: Int, _ nx: Double, _ ny: Double, segment s: BoundarySegment, margin: Double) -> PieceContact {
        let dx = -nx, dy = -ny, tx = -dy, ty = dx
        let f = contactFeature(i, dx, dy, margin: margin)
        var t0 = f.t0, t1 = f.t1
        if !s.isHalfPlane {
            let ta = s.ax * tx + s.ay * ty, tb = s.bx * tx + s.by * ty
            let lo = Swift.max(t0, Swift.min(ta, tb)), hi = Swift.min(t1, Swift.max(ta, tb))
            if lo <= hi { t0 = lo; t1 = hi }
        }
        var touch = PieceContact(nx: dx, ny: dy, depth: 0, along: f.reach, t0: t0, t1: t1)
        touch.setGaps { f.reach - f.surface($0) }
        return touch
    }

    /// The reach of body `i` along unit vector (`nx`, `ny`) and the span along the tangent
    /// (−`ny`, `nx`) of its points within ``featureTolerance`` of it, over all its pieces (a lone
    /// corner joined by its neighbour within `margin` points, ``feature(_:_:_:margin:)``).
    func contactFeature(_ i: Int, _ nx: Double, _ ny: Double, margin: Double = 0) -> TouchingFeature {
        let n = pieceCount(of: i)
        if n == 1 { return feature(placed(i, 0), nx, ny, margin: margin) }
        let features = (0..<n).map { feature(placed(i, $0), nx, ny, margin: margin) }
        let reach = features.map(\.reach).max() ?? 0
        var merged = TouchingFeature(reach: reach, t0: .infinity, t1: -.infinity, r0: reach, r1: reach)
        for f in features where f.reach >= reach - Self.featureTolerance {
            if f.t0 < merged.t0 { merged.t0 = f.t0; merged.r0 = f.r0 }
            if f.t1 > merged.t1 { merged.t1 = f.t1; merged.r1 = f.r1 }
        }
        return merged
    }
}
