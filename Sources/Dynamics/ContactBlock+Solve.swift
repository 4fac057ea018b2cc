/// The contact kernel over a ``ContactBlock`` (Box2D v3's `b2SolveContactTwoPointsSIMD`, with
/// Kinetic's block solve of an edge's two ends): the lanes' velocities are gathered from the body
/// columns into registers, every point of the block is solved there, and the velocities are
/// scattered back. The warm start, the biased and relax passes and the separations all go
/// through it; restitution, once a step, stays with ``ContactVelocityPass``.
struct ContactLaneBodies {
    typealias Lanes = ContactLanes
    var vAx: Lanes, vAy: Lanes, wA: Lanes, vBx: Lanes, vBy: Lanes, wB: Lanes

    /// Gathers block `k`'s bodies' velocities from the packed velocities (``World/laneVelocities``:
    /// one 16-byte load a body; a boundary lane's `b` and an unused lane read the spare slot, at rest).
    @inline(__always)
    init(_ k: UnsafeMutablePointer<ContactBlock>, _ p: ContactVelocityPass) {
        (vAx, vAy, wA) = Self.gather(p.lanes, k.pointee.va)
        (vBx, vBy, wB) = Self.gather(p.lanes, k.pointee.vb)
    }

    /// The velocities of the slots `i`, one lane each.
    @inline(__always)
    static func gather(_ s: UnsafeMutablePointer<SIMD4<Float>>, _ i: ContactLaneIndex) -> (Lanes, Lanes, Lanes) {
        // A transpose by halves (shuffles), not 24 single-lane inserts: (x y z 0) × 8 → x…, z…
        // from the even places twice over, y… from the odd then even places.
        let q01 = SIMD8(lowHalf: s[Int(i[0])], highHalf: s[Int(i[1])]), q23 = SIMD8(lowHalf: s[Int(i[2])], highHalf: s[Int(i[3])])
        let q45 = SIMD8(lowHalf: s[Int(i[4])], highHalf: s[Int(i[5])]), q67 = SIMD8(lowHalf: s[Int(i[6])], highHalf: s[Int(i[7])])
        let lo = SIMD16(lowHalf: q01, highHalf: q23), hi = SIMD16(lowHalf: q45, highHalf: q67)
        let xz = SIMD16(lowHalf: lo.evenHalf, highHalf: hi.evenHalf), y0 = SIMD16(lowHalf: lo.oddHalf, highHalf: hi.oddHalf)
        return (xz.evenHalf, y0.evenHalf, xz.oddHalf)
    }

    /// Scatters every lane back: no branch, since a boundary's `b` and an unused lane write the
    /// spare slot, and a body that nothing moves (no mass in the lane) writes back what it read.
    @inline(__always)
    func store(_ k: UnsafeMutablePointer<ContactBlock>, _ p: ContactVelocityPass) {
        Self.scatter(p.lanes, k.pointee.va, vAx, vAy, wA)
        Self.scatter(p.lanes, k.pointee.vb, vBx, vBy, wB)
    }

    /// Writes (`x`, `y`, `z`, 0) of each lane to slot `i` of that lane, lane by lane in order:
    /// ``gather(_:_:)`` backwards, a transpose by halves (shuffles), not 24 single-lane extracts.
    @inline(__always)
    static func scatter(_ s: UnsafeMutablePointer<SIMD4<Float>>, _ i: ContactLaneIndex, _ x: Lanes, _ y: Lanes, _ z: Lanes) {
        let xz = interleave(x, z), y0 = interleave(y, .zero)
        let lo = interleave(xz.lowHalf, y0.lowHalf), hi = interleave(xz.highHalf, y0.highHalf)
        s[Int(i[0])] = lo.lowHalf.lowHalf; s[Int(i[1])] = lo.lowHalf.highHalf
        s[Int(i[2])] = lo.highHalf.lowHalf; s[Int(i[3])] = lo.highHalf.highHalf
        s[Int(i[4])] = hi.lowHalf.lowHalf; s[Int(i[5])] = hi.lowHalf.highHalf
        s[Int(i[6])] = hi.highHalf.lowHalf; s[Int(i[7])] = hi.highHalf.highHalf
    }

    /// `a[0], b[0], a[1], b[1], …`.
    @inline(__always)
    static func interleave(_ a: Lanes, _ b: Lanes) -> SIMD16<Float> {
        SIMD16(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3], a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
    }

    /// ``store(_:_:)`` after a pass's last impulse, kept out of line: inlined, the compiler works
    /// the last impulse out lane by lane in scalars to feed the scatter's lanes (a third of
    /// the pass's instructions); out of line, the velocities reach it as whole vectors.
    @inline(never)
    func storeAfterSolve(_ k: UnsafeMutablePointer<ContactBlock>, _ p: ContactVelocityPass) {
        store(k, p)
    }

    /// Takes `other`'s velocities in the lanes of `mask`.
    @inline(__always)
    mutating func take(_ other: ContactLaneBodies, where mask: ContactBlock.Mask) {
        vAx.replace(with: other.vAx, where: mask); vAy.replace(with: other.vAy, where: mask)
        wA.replace(with: other.wA, where: mask); vBx.replace(with: other.vBx, where: mask)
        vBy.replace(with: other.vBy, where: mask); wB.replace(with: other.wB, where: mask)
    }

    /// The velocity of `b`'s point over `a`'s at point `q` of block `k`, along the normal and the
    /// tangent (points/s).
    @inline(__always)
    func relative(_ k: ContactLaneFrame, _ q: ContactBlockPoint) -> (n: Lanes, t: Lanes) {
        let dvx = (vBx - wB * q.rBy) - (vAx - wA * q.rAy)
        let dvy = (vBy + wB * q.rBx) - (vAy + wA * q.rAx)
        return (dvx * k.nx + dvy * k.ny, dvy * k.nx - dvx * k.ny)
    }

    /// Applies impulse (`pX`, `pY`) at point `q`: pushes `b` along it and `a` against.
    @inline(__always)
    mutating func apply(_ k: ContactLaneFrame, _ q: ContactBlockPoint, _ pX: Lanes, _ pY: Lanes) {
        vAx -= k.mA * pX; vAy -= k.mA * pY
        wA -= k.iA * (q.rAx * pY - q.rAy * pX)
        vBx += k.mB * pX; vBy += k.mB * pY
        wB += k.iB * (q.rBx * pY - q.rBy * pX)
    }

    /// One update of point `q`'s normal impulse: never pulling; soft and biased by the overlap
    /// (`target`); a point still apart may close its gap within the substep but not pass it
    /// (Box2D's speculative contact).
    @inline(__always)
    mutating func solveNormal(_ k: ContactLaneFrame, _ q: inout ContactBlockPoint, _ t: ContactTarget) {
        let vn = relative(k, q).n
        let impulse = -q.normalMass * t.massScale * (vn + t.bias) - t.impulseScale * q.normalImpulse
        var newNormal = q.normalImpulse + impulse
        newNormal = newNormal.replacing(with: 0, where: newNormal .< 0)
        let dn = newNormal - q.normalImpulse
        q.normalImpulse = newNormal
        q.maxNormalImpulse = q.maxNormalImpulse.replacing(with: dn, where: q.maxNormalImpulse .< dn)
        apply(k, q, dn * k.nx, dn * k.ny)
    }

    /// One update of point `q`'s friction impulse, within friction × normal impulse.
    @inline(__always)
    mutating func solveFriction(_ k: ContactLaneFrame, _ q: inout ContactBlockPoint) {
        let limit = k.friction * q.normalImpulse
        let vt = relative(k, q).t
        var newTangent = q.tangentImpulse - q.tangentMass * vt
        newTangent = newTangent.replacing(with: limit, where: newTangent .> limit)
        newTangent = newTangent.replacing(with: -limit, where: newTangent .< -limit)
        let dt = newTangent - q.tangentImpulse
        q.tangentImpulse = newTangent
        apply(k, q, -dt * k.ny, dt * k.nx)
    }
}

/// A point's normal target for one pass: its bias speed (points/s) and the soft scales
/// (``ContactSoftness``; rigid without bias, and for a point still apart, which may close its gap
/// within the substep but not pass it).
struct ContactTarget {
    typealias Lanes = ContactLanes
    var bias: Lanes, massScale: Lanes, impulseScale: Lanes

    @inline(__always)
    init(_ k: UnsafeMutablePointer<ContactBlock>, _ s: Lanes, invH: Float, useBias: Bool) {
        let apart = s .> 0
        if useBias {
            var push = k.pointee.biasRate * s
            push = push.replacing(with: -Float(SolverPolicy.contactPushSpeed), where: push .< -Float(SolverPolicy.contactPushSpeed))
            bias = push.replacing(with: s * invH, where: apart)
            massScale = k.pointee.massScale.replacing(with: 1, where: apart)
            impulseScale = k.pointee.impulseScale.replacing(with: 0, where: apart)
        } else {
            bias = (s * invH).replacing(with: 0, where: .!apart)
            massScale = Lanes(repeating: 1)
            impulseScale = .zero
        }
    }
}

extension Column where T == Double {
    /// The elements at the lanes' indices, one per lane.
    @inline(__always)
    func gather(_ index: ContactLaneIndex) -> ContactLanes {
        var v = ContactLanes()
        for l in 0..<ContactLanes.scalarCount { v[l] = Float(self[Int(index[l])]) }
        return v
    }
}

extension World {
    /// Calls `body` with the contact columns the kernel reads and writes, the velocities of the
    /// bodies the contacts reach packed into ``laneVelocities`` first and the movable ones
    /// unpacked after (rows, the integration and restitution read the columns in doubles).
    @inline(__always)
    private func withLanePass(packed: Bool = false, _ body: (ContactVelocityPass) -> Void) {
        if laneVelocities.count != count + 1 { laneVelocities = [SIMD4<Float>](repeating: .zero, count: count + 1) }
        let vx = bodies.vx, vy = bodies.vy, w = bodies.w, im = bodies.im, ii = bodies.ii
        let spare = count
        laneVelocities.withUnsafeMutableBufferPointer { lanes in
            contactBodies.withUnsafeBufferPointer { reached in
                if !packed {
                    for b in reached { let i = Int(b); lanes[i] = SIMD4(Float(vx[i]), Float(vy[i]), Float(w[i]), 0) }
                }
                lanes[spare] = .zero
                var pass = ContactVelocityPass(bodies)
                pass.lanes = lanes.baseAddress!
                body(pass)
                for b in reached {
                    let i = Int(b)
                    guard im[i] > 0 || ii[i] > 0 else { continue }
                    let v = lanes[i]
                    vx[i] = Double(v.x); vy[i] = Double(v.y); w[i] = Double(v.z)
                }
            }
        }
    }

    /// Calls `body` with each contact block's address, in solving order (through addresses: a
    /// block is 1.5 kB, and a loop by value copies each).
    @inline(__always)
    func forEachContactBlock(_ body: (UnsafeMutablePointer<ContactBlock>) -> Void) {
        contactBlocks.withUnsafeMutableBufferPointer { blocks in
            guard let first = blocks.baseAddress else { return }
            for k in blocks.indices { body(first + k) }
        }
    }

    /// Applies every contact's accumulated impulses (the warm start of a substep), and with
    /// `refreshingSeparations` (default true) brings their separations up to the substep's start
    /// positions (``refreshSeparations(_:_:)``) in the same walk over the blocks. Only a step's
    /// first substep needs that: positions move only between a substep's biased and relax passes,
    /// and the relax pass brings the separations up to them, so the next substep starts with them.
    func warmStartContacts(refreshingSeparations: Bool = true) {
        withLanePass { pass in warmStartContacts(pass, refreshingSeparations: refreshingSeparations) }
    }

    /// The warm start (``warmStartContacts(refreshingSeparations:)``) and then `passes` biased
    /// passes in a substep of `h` seconds, with the velocities packed once for all of them: where
    /// no row runs between the passes, nothing else reads or writes the velocities in between.
    func warmStartAndSolveContacts(h: Double, passes: Int, refreshingSeparations: Bool) {
        withLanePass { pass in
            warmStartContacts(pass, refreshingSeparations: refreshingSeparations)
            for _ in 0..<passes { solveContacts(pass, h: h, useBias: true, refreshingSeparations: false) }
        }
    }

    private func warmStartContacts(_ pass: ContactVelocityPass, refreshingSeparations: Bool) {
        forEachContactBlock { block in
            if refreshingSeparations { Self.refreshSeparations(block, pass) }
            let f = block.pointee.frame
            var v = ContactLaneBodies(block, pass)
            @inline(__always)
            func warm(_ q: ContactBlockPoint) {
                v.apply(f, q, q.normalImpulse * f.nx - q.tangentImpulse * f.ny, q.normalImpulse * f.ny + q.tangentImpulse * f.nx)
            }
            warm(block.pointee.p1)
            if block.pointee.isPair { warm(block.pointee.p2) }
            v.store(block, pass)
        }
    }

    /// Brings block `block`'s separations up to the bodies' positions: each point's separation at
    /// the step's start plus how far its two ends (carried by their bodies; a circle's by its
    /// centre) moved apart along the normal. Positions change only between the velocity passes,
    /// so this runs with the warm start (before the biased pass) and with the relax pass, not in
    /// every pass.
    @inline(__always)
    private static func refreshSeparations(_ block: UnsafeMutablePointer<ContactBlock>, _ pass: ContactVelocityPass) {
        let a = block.pointee.a, b = block.pointee.b, hasB = block.pointee.hasB
        let roundA = block.pointee.roundA, roundB = block.pointee.roundB
        let nx = block.pointee.frame.nx, ny = block.pointee.frame.ny
        let pxA = pass.px.gather(a), pyA = pass.py.gather(a)
        let cA = pass.cosT.gather(a).replacing(with: 1, where: roundA)
        let sA = pass.sinT.gather(a).replacing(with: 0, where: roundA)
        let pxB = pass.px.gather(b), pyB = pass.py.gather(b)
        let cB = pass.cosT.gather(b).replacing(with: 1, where: roundB)
        let sB = pass.sinT.gather(b).replacing(with: 0, where: roundB)
        @inline(__always)
        func separation(_ q: ContactBlockPoint) -> ContactLanes {
            let ax = pxA + cA * q.lAx - sA * q.lAy, ay = pyA + sA * q.lAx + cA * q.lAy
            // A boundary's point is fixed.
            let bx = (pxB + cB * q.lBx - sB * q.lBy).replacing(with: q.lBx, where: .!hasB)
            let by = (pyB + sB * q.lBx + cB * q.lBy).replacing(with: q.lBy, where: .!hasB)
            return q.baseSeparation + (bx - ax) * nx + (by - ay) * ny
        }
        block.pointee.p1.separation = separation(block.pointee.p1)
        if block.pointee.isPair { block.pointee.p2.separation = separation(block.pointee.p2) }
    }

    /// One velocity pass over the step's contacts in a substep of `h` seconds: soft and biased
    /// toward removing overlap (`useBias`, before the positions move), or rigid without bias
    /// (the relax pass after, which takes the push-out speed back out so it does not turn into
    /// bounce). With `refreshingSeparations` each block's separations are first brought up to the
    /// positions (``refreshSeparations(_:_:)``); without, the warm start or an earlier pass must
    /// have done so since the positions last moved.
    func solveContacts(h: Double, useBias: Bool, refreshingSeparations: Bool = false, packed: Bool = false) {
        withLanePass(packed: packed) { pass in solveContacts(pass, h: h, useBias: useBias, refreshingSeparations: refreshingSeparations) }
    }

    private func solveContacts(_ pass: ContactVelocityPass, h: Double, useBias: Bool, refreshingSeparations: Bool) {
        let invH = Float(1 / h)
        forEachContactBlock { block in
            if refreshingSeparations { Self.refreshSeparations(block, pass) }
            if block.pointee.isPair {
                Self.solvePair(block, pass, invH: invH, useBias: useBias)
            } else {
                let f = block.pointee.frame
                var v = ContactLaneBodies(block, pass)
                let t = ContactTarget(block, block.pointee.p1.separation, invH: invH, useBias: useBias)
                v.solveNormal(f, &block.pointee.p1, t)
                v.solveFriction(f, &block.pointee.p1)
                v.storeAfterSolve(block, pass)
            }
        }
    }

    /// The two ends of one edge solved together as a 2 × 2 system while both push (a point still
    /// apart with its speculative target, so an edge landing flat is stopped at both ends at once)
    /// (Box2D 2.4's block solver, here with the soft scales); in a lane where that would pull, or
    /// whose matrix is ill-conditioned, one end after the other. A single sequential pass leaves a
    /// box resting on two corners turning a little each substep; solved together, both ends stop
    /// at once. Both answers are computed in every lane and each lane keeps its own.
    @inline(__always)
    private static func solvePair(_ block: UnsafeMutablePointer<ContactBlock>, _ pass: ContactVelocityPass, invH: Float, useBias: Bool) {
        let f = block.pointee.frame
        let start = ContactLaneBodies(block, pass)
        let p1 = block.pointee.p1, p2 = block.pointee.p2
        let t1 = ContactTarget(block, p1.separation, invH: invH, useBias: useBias)
        let t2 = ContactTarget(block, p2.separation, invH: invH, useBias: useBias)
        // Together: the rigid step −K⁻¹ b, scaled as the soft contact scales it.
        let k11 = block.pointee.k11, k22 = block.pointee.k22, k12 = block.pointee.k12, det = block.pointee.det
        let b1 = start.relative(f, p1).n + t1.bias, b2 = start.relative(f, p2).n + t2.bias
        let d1 = -(k22 * b1 - k12 * b2) / det, d2 = -(k11 * b2 - k12 * b1) / det
        let x1 = p1.normalImpulse + t1.massScale * d1 - t1.impulseScale * p1.normalImpulse
        let x2 = p2.normalImpulse + t2.massScale * d2 - t2.impulseScale * p2.normalImpulse
        let together = block.pointee.blockSolvable .& (x1 .>= 0) .& (x2 .>= 0)
        var both = start
        let dn1 = x1 - p1.normalImpulse, dn2 = x2 - p2.normalImpulse
        both.apply(f, p1, dn1 * f.nx, dn1 * f.ny)
        both.apply(f, p2, dn2 * f.nx, dn2 * f.ny)
        var v = both, q1 = p1, q2 = p2
        if !all(together) {
            // One end after the other, kept in the lanes that cannot be solved together (a
            // resting edge pushes at both ends: most blocks skip this).
            v = start
            v.solveNormal(f, &q1, t1)
            v.solveNormal(f, &q2, t2)
            v.take(both, where: together)
        }
        q1.normalImpulse.replace(with: x1, where: together)
        q2.normalImpulse.replace(with: x2, where: together)
        q1.maxNormalImpulse.replace(with: p1.maxNormalImpulse.replacing(with: dn1, where: p1.maxNormalImpulse .< dn1), where: together)
        q2.maxNormalImpulse.replace(with: p2.maxNormalImpulse.replacing(with: dn2, where: p2.maxNormalImpulse .< dn2), where: together)
        v.solveFriction(f, &q1)
        v.solveFriction(f, &q2)
        block.pointee.p1 = q1
        block.pointee.p2 = q2
        v.storeAfterSolve(block, pass)
    }
}
