import Geometry

/// One convex piece of a body placed in reference coordinates for an item-to-item contact test:
/// a rectangle or an ellipse (centre, rotation, half-axes), or a polygon whose corners are the
/// body's pieces' corners (``World/pieceVertices``, body frame) moved by the body's centre and
/// rotation.
struct PlacedPiece {
    /// What the piece is.
    enum Kind { case rectangle, ellipse, polygon }
    var kind: Kind
    /// Centre (points) and rotation (cosine, sine) in reference coordinates.
    var cx: Double, cy: Double, c: Double, s: Double
    /// A rectangle's or ellipse's half-axes, points.
    var hw = 0.0, hh = 0.0
    /// The body's centre and rotation, which carry a polygon's corners.
    var bx = 0.0, by = 0.0, bc = 1.0, bs = 0.0
    /// A polygon's corners in ``World/pieceVertices``.
    var first = 0, count = 0

    /// Whether it is an ellipse with equal half-axes (whose exact separating axes are known).
    var isCircle: Bool { kind == .ellipse && abs(hw - hh) <= 1e-9 * Swift.max(hw, hh) }
}

/// The result of a contact test: the normal (unit, from the first piece toward the second), the
/// overlap along it (points), and where the pieces touch: the line through the middle of the
/// overlap across the normal, at `along` (points, measured along the normal), from `t0` to `t1`
/// (points, measured along the tangent (−`ny`, `nx`)); one point when they are equal.
struct PieceContact {
    var nx: Double, ny: Double, depth: Double
    var along: Double, t0: Double, t1: Double
    /// How much farther apart the pieces are at ``point(_:)`` 0 and 1 than where they overlap
    /// most (points, ≥ 0): an edge a little tilted against the other touches at one end only.
    var gap0 = 0.0, gap1 = 0.0

    /// The gap at touching point `k` (``gap0``, ``gap1``).
    func gap(_ k: Int) -> Double { k == 0 ? gap0 : gap1 }

    /// Sets ``gap0`` and ``gap1`` from `gap`, the gap at a tangent coordinate (clamped at 0).
    mutating func setGaps(_ gap: (Double) -> Double) {
        let n = pointCount
        gap0 = Swift.max(0, gap(n == 1 ? (t0 + t1) / 2 : t0))
        gap1 = n == 1 ? gap0 : Swift.max(0, gap(t1))
    }

    /// How many touching points there are: the ends of the touching edge (two, so a box resting
    /// on a face cannot rock about one point), or its middle when it is shorter than
    /// ``World/featureTolerance`` (one).
    var pointCount: Int { t1 - t0 > World.featureTolerance ? 2 : 1 }

    /// Touching point `k` (0 or 1, see ``pointCount``), reference coordinates (points).
    func point(_ k: Int) -> Point {
        let t = pointCount == 1 ? (t0 + t1) / 2 : k == 0 ? t0 : t1
        return Point(x: nx * along - ny * t, y: ny * along + nx * t)
    }
}

/// A piece's (or body's) deepest feature along a direction: its reach (points, along the
/// direction), and the span along the tangent of its points within ``World/featureTolerance``
/// of that reach, with the reach of the span's two ends (`r0` at `t0`, `r1` at `t1`).
struct TouchingFeature {
    var reach: Double, t0: Double, t1: Double, r0: Double, r1: Double

    /// The feature's reach at tangent coordinate `t`: along the straight edge between its ends
    /// (clamped to them).
    func surface(_ t: Double) -> Double {
        let span = t1 - t0
        guard span > 1e-9 else { return reach }
        let u = Swift.min(1, Swift.max(0, (t - t0) / span))
        return r0 + (r1 - r0) * u
    }
}

extension World {
    /// Corners closer than this (points) to the deepest one along a contact normal count as one
    /// touching edge, held at both ends (so a box resting flat is held at both corners, not
    /// rocked about one). An end still apart is held only once it touches (its contact lets it
    /// close the gap, ``PieceContact/gap0``), so a box set down tilted within this settles flat.
    /// Twice the speculative distance (Box2D v3 keeps both points of a clipped edge within its
    /// speculative distance): at 0.5 pt, a small square tilted against the floor or a wall was
    /// held at one corner only, turned its other corner in during the step (the narrow phase runs
    /// once per step), was pushed out by it the next, and flip-flopped at 15-20 rad/s for ever.
    static let featureTolerance = 2.0

    /// The speculative margin of bodies `i` and `j` (awake or not as given), points: what either
    /// can turn and be pulled within the step (``scratchStill``) plus how far they can travel
    /// toward each other at their speed relative to each other. At most the sum of their own
    /// margins (``scratchMargin``, what the broad phase's boxes use), and much less for pieces
    /// falling side by side: at their own speeds a pile's 500 pieces falling together in rows
    /// found some 800 contacts a step between neighbours that were not closing at all (Box2D v3
    /// keeps a fixed speculative distance and finds none). `dt` is the step the margins are for, seconds.
    @inline(__always)
    func pairMargin(_ i: Int, _ j: Int, awake awakeI: Bool, _ awakeJ: Bool, dt: Double) -> Double {
        let vx = (awakeI ? bodies.vx[i] : 0) - (awakeJ ? bodies.vx[j] : 0)
        let vy = (awakeI ? bodies.vy[i] : 0) - (awakeJ ? bodies.vy[j] : 0)
        return scratchStill[i] + scratchStill[j] + dt * (vx * vx + vy * vy).squareRoot()
    }

    /// The number of convex pieces body `i` is made of.
    @inline(__always)
    func pieceCount(of i: Int) -> Int { info[i].shape == .pieces ? info[i].pieceCount : 1 }

    /// Piece `k` of body `i`, placed where the body is now.
    func placed(_ i: Int, _ k: Int) -> PlacedPiece {
        let x = bodies.px[i], y = bodies.py[i], c = bodies.cosT[i], s = bodies.sinT[i]
        switch info[i].shape {
        case .rectangle:
            return PlacedPiece(kind: .rectangle, cx: x, cy: y, c: c, s: s, hw: info[i].halfWidth, hh: info[i].halfHeight)
        case .ellipse:
            return PlacedPiece(kind: .ellipse, cx: x, cy: y, c: c, s: s, hw: info[i].halfWidth, hh: info[i].halfHeight)
        case .pieces:
            let p = pieces[info[i].pieceStart + k]
            let cx = x + c * p.ox - s * p.oy, cy = y + s * p.ox + c * p.oy
            if p.isEllipse {
                return PlacedPiece(kind: .ellipse, cx: cx, cy: cy, c: c * p.cosR - s * p.sinR, s: s * p.cosR + c * p.sinR,
                                   hw: p.hw, hh: p.hh)
            }
            return PlacedPiece(kind: .polygon, cx: cx, cy: cy, c: c, s: s, bx: x, by: y, bc: c, bs: s,
                               first: p.first, count: p.count)
        }
    }

    /// Where piece `p` spans along unit vector (`lx`, `ly`): the least and greatest projection (points).
    @inline(__always)
    func interval(_ p: PlacedPiece, _ lx: Double, _ ly: Double) -> (lo: Double, hi: Double) {
        let lu = lx * p.c + ly * p.s, lv = -lx * p.s + ly * p.c
        switch p.kind {
        case .rectangle:
            let mid = p.cx * lx + p.cy * ly, r = abs(lu) * p.hw + abs(lv) * p.hh
            return (mid - r, mid + r)
        case .ellipse:
            let mid = p.cx * lx + p.cy * ly, r = ((lu * p.hw) * (lu * p.hw) + (lv * p.hh) * (lv * p.hh)).squareRoot()
            return (mid - r, mid + r)
        case .polygon:
            let base = p.bx * lx + p.by * ly
            var lo = Double.infinity, hi = -Double.infinity
            for v in p.first..<(p.first + p.count) {
                let d = pieceVertices[v].x * lu + pieceVertices[v].y * lv
                lo = Swift.min(lo, d); hi = Swift.max(hi, d)
            }
            return (base + lo, base + hi)
        }
    }

    /// Calls `body` with each corner of a rectangle or polygon piece (reference coordinates),
    /// and `state` (passed through, so that callers capture no variable: a captured `var` costs
    /// a runtime exclusivity check on every access).
    @inline(__always)
    func forEachCorner<State>(_ p: PlacedPiece, _ state: inout State, _ body: (inout State, Double, Double) -> Void) {
        switch p.kind {
        case .rectangle:
            let (x, y) = Self.rectangleCorners(p)
            for k in 0..<4 { body(&state, x[k], y[k]) }
        case .polygon:
            for v in p.first..<(p.first + p.count) {
                let q = pieceVertices[v]
                body(&state, p.bx + p.bc * q.x - p.bs * q.y, p.by + p.bs * q.x + p.bc * q.y)
            }
        case .ellipse:
            break
        }
    }

    /// A rectangle piece's four corners (reference coordinates), in order round it.
    @inline(__always)
    static func rectangleCorners(_ p: PlacedPiece) -> (x: SIMD4<Double>, y: SIMD4<Double>) {
        let ux = p.c * p.hw, uy = p.s * p.hw, vx = -p.s * p.hh, vy = p.c * p.hh
        return (SIMD4(p.cx - ux - vx, p.cx + ux - vx, p.cx + ux + vx, p.cx - ux + vx),
                SIMD4(p.cy - uy - vy, p.cy + uy - vy, p.cy + uy + vy, p.cy - uy + vy))
    }

    /// Calls `test` with the axes that can separate `p` from `other`: a rectangle's two sides, a
    /// polygon's edge normals, the directions from a circle's centre to the other piece's
    /// corners, and an ellipse's normals every 180° / ``CollisionOutline/ellipseAxes``.
    @inline(__always)
    func forEachAxis<State>(of p: PlacedPiece, against other: PlacedPiece, _ state: inout State,
                            _ test: (inout State, Double, Double) -> Void) {
        switch p.kind {
        case .rectangle:
            test(&state, p.c, p.s); test(&state, -p.s, p.c)
        case .polygon:
            for v in p.first..<(p.first + p.count) {
                let a = pieceVertices[v], b = pieceVertices[v + 1 < p.first + p.count ? v + 1 : p.first]
                let ex = b.x - a.x, ey = b.y - a.y
                let len = (ex * ex + ey * ey).squareRoot()
                guard len > 0 else { continue }
                let nx = ey / len, ny = -ex / len
                test(&state, p.bc * nx - p.bs * ny, p.bs * nx + p.bc * ny)
            }
        case .ellipse:
            if p.isCircle {
                forEachCorner(other, &state) { state, x, y in
                    let dx = x - p.cx, dy = y - p.cy, d = (dx * dx + dy * dy).squareRoot()
                    if d > 1e-9 { test(&state, dx / d, dy / d) }
                }
            } else {
                let n = CollisionOutline.ellipseAxes
                for k in 0..<n {
                    let a = Double(k) * .pi / Double(n)
                    let ca = cos(a), sa = sin(a)
                    test(&state, p.c * ca - p.s * sa, p.s * ca + p.c * sa)
                }
            }
        }
    }

    /// The farthest reach of `p` along unit vector (`nx`, `ny`), and the span along the tangent
    /// (−`ny`, `nx`) of its points within ``featureTolerance`` of that reach (points); a lone
    /// corner is joined by the next-deepest one (its neighbour: a convex outline's reach rises to
    /// one corner and falls away) while that one is within `margin` points, the contact's
    /// speculative margin. A square landing tilted and spinning then holds the corner that swings
    /// down during the step: the narrow phase runs once per step, and a corner it left out came
    /// in 3 pt deep by the next.
    func feature(_ p: PlacedPiece, _ nx: Double, _ ny: Double, margin: Double = 0) -> TouchingFeature {
        let tx = -ny, ty = nx
        if p.kind == .ellipse {
            let ux = p.c, uy = p.s, vx = -p.s, vy = p.c
            let lu = nx * ux + ny * uy, lv = nx * vx + ny * vy
            let r = ((lu * p.hw) * (lu * p.hw) + (lv * p.hh) * (lv * p.hh)).squareRoot()
            guard r > 0 else {
                let reach = p.cx * nx + p.cy * ny, t = p.cx * tx + p.cy * ty
                return TouchingFeature(reach: reach, t0: t, t1: t, r0: reach, r1: reach)
            }
            let a = p.hw * p.hw * lu / r, b = p.hh * p.hh * lv / r
            let x = p.cx + a * ux + b * vx, y = p.cy + a * uy + b * vy
            let t = x * tx + y * ty, reach = x * nx + y * ny
            return TouchingFeature(reach: reach, t0: t, t1: t, r0: reach, r1: reach)
        }
        if p.kind == .rectangle {
            // Its four corners projected once, for the kernel's three passes.
            let (x, y) = Self.rectangleCorners(p)
            let r = x * nx + y * ny, t = x * tx + y * ty
            return Self.feature(count: 4, margin: margin) { k in (r[k], t[k]) }
        }
        // A polygon's corners, projected as the kernel meets them.
        return Self.feature(count: p.count, margin: margin) { k in
            let q = pieceVertices[p.first + k]
            let x = p.bx + p.bc * q.x - p.bs * q.y, y = p.by + p.bs * q.x + p.bc * q.y
            return (x * nx + y * ny, x * tx + y * ty)
        }
    }

    /// ``feature(_:_:_:margin:)`` of `count` corners, corner `k` at `corner(k)` along the normal
    /// (`r`) and the tangent (`t`).
    @inline(__always)
    static func feature(count: Int, margin: Double, _ corner: (Int) -> (r: Double, t: Double)) -> TouchingFeature {
        var reach = -Double.infinity
        for k in 0..<count { reach = Swift.max(reach, corner(k).r) }
        var span = TouchingFeature(reach: reach, t0: .infinity, t1: -.infinity, r0: reach, r1: reach)
        for k in 0..<count {
            let (r, t) = corner(k)
            guard r >= span.reach - featureTolerance else { continue }
            if t < span.t0 { span.t0 = t; span.r0 = r }
            if t > span.t1 { span.t1 = t; span.r1 = r }
        }
        guard margin > featureTolerance, span.t1 - span.t0 <= 1e-9 else { return span }
        var next = (r: -Double.infinity, t: 0.0)
        for k in 0..<count {
            let (r, t) = corner(k)
            if r < span.reach - featureTolerance && r > next.r { next = (r, t) }
        }
        if span.reach - next.r <= margin {
            if next.t < span.t0 { span.t0 = next.t; span.r0 = next.r } else { span.t1 = next.t; span.r1 = next.r }
        }
        return span
    }

    /// Whether convex pieces `a` and `b` overlap or are less than `margin` points apart, and if
    /// so the contact: the normal is the axis of least overlap, or of the widest gap (a negative
    /// depth is a gap), from ``roundAxis(_:_:)`` where a circle is involved and from
    /// ``separatingAxis(_:_:margin:)`` otherwise.
    func contact(_ a: PlacedPiece, _ b: PlacedPiece, margin: Double = 0) -> PieceContact? {
        guard let (best, nx, ny) = roundAxis(a, b) ?? separatingAxis(a, b, margin: margin), best > -margin else { return nil }
        // The touching region: a's deepest edge toward b and b's toward a, overlapped along the tangent.
        let fa = feature(a, nx, ny, margin: margin), fb = feature(b, -nx, -ny, margin: margin)
        let along = (fa.reach - fb.reach) / 2
        let b0 = -fb.t1, b1 = -fb.t0  // b's span measured along a's tangent
        let lo = Swift.max(fa.t0, b0), hi = Swift.min(fa.t1, b1)
        var touch: PieceContact
        if lo <= hi {
            touch = PieceContact(nx: nx, ny: ny, depth: best, along: along, t0: lo, t1: hi)
        } else {
            let t = fa.t1 < b0 ? (fa.t1 + b0) / 2 : (b1 + fa.t0) / 2
            touch = PieceContact(nx: nx, ny: ny, depth: best, along: along, t0: t, t1: t)
        }
        // The overlap at tangent t is a's surface there plus b's (b's tangent runs the other way).
        let most = fa.reach + fb.reach
        touch.setGaps { most - fa.surface($0) - fb.surface(-$0) }
        return touch
    }

    /// The separating axis test over ``forEachAxis(of:against:_:)`` of both pieces and the line
    /// between their centres: the least overlap (points) and its axis, a unit normal from `a`
    /// toward `b`; nil when some axis separates them by `margin` points or more, or none applies.
    func separatingAxis(_ a: PlacedPiece, _ b: PlacedPiece, margin: Double) -> (depth: Double, nx: Double, ny: Double)? {
        // The least overlap so far and its axis, or that some axis separates them.
        struct Search { var best = Double.infinity, nx = 0.0, ny = 0.0, separated = false }
        func test(_ s: inout Search, _ lx: Double, _ ly: Double) {
            guard !s.separated else { return }
            let ia = interval(a, lx, ly), ib = interval(b, lx, ly)
            let forward = ia.hi - ib.lo, backward = ib.hi - ia.lo
            if forward <= -margin || backward <= -margin { s.separated = true; return }
            if forward < s.best { s.best = forward; s.nx = lx; s.ny = ly }
            if backward < s.best { s.best = backward; s.nx = -lx; s.ny = -ly }
        }
        var search = Search()
        let dx = b.cx - a.cx, dy = b.cy - a.cy
        let d = (dx * dx + dy * dy).squareRoot()
        if d > 1e-9 { test(&search, dx / d, dy / d) }
        forEachAxis(of: a, against: b, &search, test)
        forEachAxis(of: b, against: a, &search, test)
        guard !search.separated, search.best.isFinite else { return nil }
        return (search.best, search.nx, search.ny)
    }

    /// The separating axis test's answer for a circle against a circle or a rectangle, found
    /// directly (Box2D's `b2CollideCircles` and `b2CollidePolygonAndCircle`): the overlap along
    /// the axis of least overlap (points; negative: the gap) and that axis, a unit normal from `a`
    /// toward `b`. It is the axis the general test would pick from its candidates (the
    /// rectangle's sides, the directions from the circle to the corners), without trying them
    /// all: three quarters of a pile's pairs have a circle. Nil for any other pair, and for two
    /// circles on one centre (where the general test finds no axis either).
    @inline(__always)
    func roundAxis(_ a: PlacedPiece, _ b: PlacedPiece) -> (depth: Double, nx: Double, ny: Double)? {
        let roundA = a.isCircle, roundB = b.isCircle
        if roundA && roundB {
            let dx = b.cx - a.cx, dy = b.cy - a.cy
            let d = (dx * dx + dy * dy).squareRoot()
            guard d > 1e-9 else { return nil }
            return (a.hw + b.hw - d, dx / d, dy / d)
        }
        if roundA && b.kind == .rectangle { return circleAgainstRectangle(a, b) }
        if roundB && a.kind == .rectangle {
            guard let axis = circleAgainstRectangle(b, a) else { return nil }
            return (axis.depth, -axis.nx, -axis.ny)
        }
        return nil
    }

    /// ``roundAxis(_:_:)`` for circle `circle` against rectangle `box`: the normal from the circle
    /// toward the box. The circle's centre in the box's frame, clamped to the box, is the box's
    /// nearest point; outside, the axis runs from it to the centre; inside, it is the side the
    /// centre is nearest.
    private func circleAgainstRectangle(_ circle: PlacedPiece, _ box: PlacedPiece) -> (depth: Double, nx: Double, ny: Double)? {
        let dx = circle.cx - box.cx, dy = circle.cy - box.cy
        let u = dx * box.c + dy * box.s, v = -dx * box.s + dy * box.c
        let qu = Swift.max(-box.hw, Swift.min(box.hw, u)), qv = Swift.max(-box.hh, Swift.min(box.hh, v))
        // The direction from the box toward the circle, in the box's frame.
        var lu: Double, lv: Double, depth: Double
        if qu != u || qv != v {
            let eu = u - qu, ev = v - qv
            let d = (eu * eu + ev * ev).squareRoot()
            guard d > 1e-9 else { return nil }
            lu = eu / d; lv = ev / d
            depth = circle.hw - d
        } else if box.hw - abs(u) < box.hh - abs(v) {
            lu = u < 0 ? -1 : 1; lv = 0
            depth = circle.hw + box.hw - abs(u)
        } else {
            lu = 0; lv = v < 0 ? -1 : 1
            depth = circle.hw + box.hh - abs(v)
        }
        // Back to reference axes, turned round to run from the circle toward the box.
        return (depth, -(lu * box.c - lv * box.s), -(lu * box.s + lv * box.c))
    }

    /// Tests every piece of body `a` against every piece of body `b` (awake or not as given)
    /// within their margin (``pairMargin(_:_:awake:_:dt:)``) and adds each contact
    /// (``addPairContact(_:_:_:pieces:_:)``); when one of them sleeps and they touch, its island
    /// wakes.
    func collidePair(_ g: Int, _ a: Int, _ b: Int, awake awakeA: Bool, _ awakeB: Bool, dt: Double) {
        let na = pieceCount(of: a), nb = pieceCount(of: b)
        let wakes = awakeA != awakeB
        // Worked out when first needed: a recycled contact needs none.
        var margin = -1.0
        for ka in 0..<na {
            for kb in 0..<nb {
                let pieces = ka << 16 | kb
                // A sleeping body's touch is always tested afresh: it decides whether it wakes.
                if !wakes && recycleContacts(pairKey(g, a, b, pieces: pieces, point: 0), a, b, material: { pairMaterial(a, b) }) { continue }
                if margin < 0 { margin = pairMargin(a, b, awake: awakeA, awakeB, dt: dt) }
                if na == 1 && nb == 1 && boundsApart(a, b, margin: margin) { continue }
                guard let c = contact(placed(a, ka), placed(b, kb), margin: margin) else { continue }
                if wakes {
                    // Only a touch, or one a moving body can make within the step, wakes a
                    // sleeping island (in Box2D v3 islands link on touching): a sleeper merely
                    // near a resting awake body would wake, fall asleep after it and wake it
                    // again, forever. Until then it is left out. The travel counts the awake
                    // body's velocity, not gravity's pull over the step (a resting body's
                    // contacts cancel it): at 30 frames a second that alone passed
                    // ``SolverPolicy/wakingTravel``, and a resting piece beside a sleeping pile
                    // woke it every time it fell asleep.
                    let travel = margin - 2 * SolverPolicy.speculativeDistance
                    let mover = bodies.awake[a] ? a : b
                    let reach = scratchTravel[mover] > SolverPolicy.wakingTravel ? travel : SolverPolicy.touchDistance
                    guard (0..<c.pointCount).contains(where: { c.gap($0) - c.depth <= reach }) else { continue }
                    wakeIsland(of: bodies.awake[a] ? b : a)
                }
                addPairContact(g, a, b, pieces: pieces, c, pairMaterial(a, b))
            }
        }
    }

    /// Whether the circles about single-piece bodies `a` and `b` that hold their outlines are
    /// more than `margin` points apart: then the separating axis test's line between their
    /// centres parts them too (neither reaches farther along it), and ``contact(_:_:margin:)``
    /// would find nothing; this finds it without placing the pieces or testing their axes. Pieces
    /// falling side by side in rows have boxes (margins from their own speeds) that overlap
    /// their neighbours' but stay apart. A hair of slack keeps a pair the test might take.
    /// Not for a body of pieces: its pieces' own centres are elsewhere.
    @inline(__always)
    func boundsApart(_ a: Int, _ b: Int, margin: Double) -> Bool {
        info[a].shape != .pieces && info[b].shape != .pieces
            && Self.outlinesApart(dx: bodies.px[b] - bodies.px[a], dy: bodies.py[b] - bodies.py[a],
                                  info[a].reach, info[b].reach, margin: margin)
    }

    /// Whether circles of radii `ra` and `rb` whose centres are (`dx`, `dy`) apart are more than
    /// `margin` points apart, with a hair of slack (``boundsApart(_:_:margin:)``).
    @inline(__always)
    static func outlinesApart(dx: Double, dy: Double, _ ra: Double, _ rb: Double, margin: Double) -> Bool {
        let reach = ra + rb + margin, slack = 1e-6 * (1 + reach)
        return dx * dx + dy * dy > (reach + slack) * (reach + slack)
    }

    /// The material of a contact between bodies `a` and `b`: the elasticity is the larger of the
    /// two, the friction coefficient their geometric mean.
    @inline(__always)
    func pairMaterial(_ a: Int, _ b: Int) -> (elasticity: Double, friction: Double) {
        (Swift.max(info[a].material.elasticity, info[b].material.elasticity),
         (info[a].material.friction * info[b].material.friction).squareRoot())
    }

    /// The key of point `point` (0 or 1) of the contact between piece `pieces` (`ka << 16 | kb`)
    /// of bodies `a` and `b` in collision group `g`.
    @inline(__always)
    func pairKey(_ g: Int, _ a: Int, _ b: Int, pieces: Int, point: Int) -> ContactImpulseKey {
        ContactImpulseKey(group: Int32(g), a: Int32(a), b: Int32(b), pieces: Int32(truncatingIfNeeded: pieces << 1 | point))
    }

    /// Adds contact `c` between bodies `a` and `b` with their `material` (``pairMaterial(_:_:)``).
    private func addPairContact(_ g: Int, _ a: Int, _ b: Int, pieces: Int, _ c: PieceContact,
                                _ material: (elasticity: Double, friction: Double)) {
        let count = c.pointCount
        for k in 0..<count {
            addContact(pairKey(g, a, b, pieces: pieces, point: k), a, b, c.nx, c.ny, at: c.point(k), separation: c.gap(k) - c.depth,
                       elasticity: material.elasticity, friction: material.friction, pairedWithNext: k == 0 && count == 2)
        }
    }
}
