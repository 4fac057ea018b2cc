import Geometry

/// One touching point found in a substep, between body `a` and body `b` or a fixed boundary
/// (`b < 0`), solved as Box2D solves contacts: the impulses along the normal and the tangent are
/// accumulated over ``SolverPolicy/contactIterations`` velocity passes (the normal one never
/// pulling, the tangent one within friction × normal), starting from what the same contact took
/// in the previous substep (warm starting), so a pile holds itself up instead of every item
/// sinking a little each substep.
struct ContactPoint {
    /// The bodies; `b` is −1 for a boundary.
    var a: Int32, b: Int32
    /// Unit normal from `a` toward `b` (or the boundary).
    var nx: Double, ny: Double
    /// Arms from the centres to the contact point, points.
    var rAx: Double, rAy: Double, rBx = 0.0, rBy = 0.0
    /// Effective masses along the normal and the tangent (1 / (1/m + r²/I) summed over both bodies).
    var normalMass: Double, tangentMass: Double
    /// The friction coefficient, and the normal speed to reach (points/s: a bounce's
    /// elasticity × approach speed; for a point still `s` apart, −s / substep, so it may close
    /// the gap but not pass it (Box2D's speculative contact); else 0).
    var friction: Double, target: Double
    /// The impulses so far along the normal and the tangent (mass × points/s).
    var normalImpulse = 0.0, tangentImpulse = 0.0
    /// Names the contact from substep to substep for warm starting.
    var key: ContactImpulseKey
    /// Whether the next contact is this one's other end of the same touching edge: the two are
    /// solved together (Box2D's block solver), so equal pushes at both corners of a box landing
    /// flat never spin it in between.
    var pairedWithNext = false
}

/// Identifies a contact across substeps: the collision group, the bodies (or `-1 - segment` for
/// a boundary) and the pair of pieces.
struct ContactImpulseKey: Hashable {
    var group: Int32, a: Int32, b: Int32, pieces: Int32
}

extension World {
    /// Adds a contact between bodies `a` and `b` (`b` < 0: a fixed boundary) at `point` with unit
    /// normal (`nx`, `ny`) from `a` toward `b`, `separation` points apart there (negative:
    /// overlapping), warm started with the impulses it had last substep (which are applied now).
    func addContact(_ key: ContactImpulseKey, _ a: Int, _ b: Int, _ nx: Double, _ ny: Double, at point: Point,
                    separation: Double = 0, elasticity: Double, friction: Double, pairedWithNext: Bool = false) {
        let rAx = point.x - bodies.px[a], rAy = point.y - bodies.py[a]
        var rBx = 0.0, rBy = 0.0, mB = 0.0, iB = 0.0
        if b >= 0 { rBx = point.x - bodies.px[b]; rBy = point.y - bodies.py[b]; mB = bodies.im[b]; iB = bodies.ii[b] }
        let mA = bodies.im[a], iA = bodies.ii[a]
        let tx = -ny, ty = nx
        let rnA = rAx * ny - rAy * nx, rnB = rBx * ny - rBy * nx
        let rtA = rAx * ty - rAy * tx, rtB = rBx * ty - rBy * tx
        let kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        let kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        guard kn > 0 else { return }
        var c = ContactPoint(a: Int32(a), b: Int32(b), nx: nx, ny: ny, rAx: rAx, rAy: rAy, rBx: rBx, rBy: rBy,
                             normalMass: 1 / kn, tangentMass: kt > 0 ? 1 / kt : 0, friction: friction, target: 0, key: key,
                             pairedWithNext: pairedWithNext)
        let pass = ContactVelocityPass(bodies)
        let vn = pass.relativeVelocity(c).n
        if separation > 0 {
            c.target = -separation / contactSubstep
        } else if -vn > SolverPolicy.restitutionThreshold {
            c.target = -elasticity * vn
        }
        // Warm started only while the normal holds (within about 18°): a contact whose normal
        // swung round is a new one.
        if let last = lastImpulses.lookup(key), last.nx * nx + last.ny * ny > 0.95 {
            c.normalImpulse = last.normal
            c.tangentImpulse = last.tangent
            pass.apply(c, normal: last.normal, tangent: last.tangent)
        }
        contactPoints.append(c)
    }

    /// The velocity passes over this substep's contacts, alternating direction, then keeps each
    /// contact's impulses for the next substep's warm start.
    func solveContactVelocities() {
        let n = contactPoints.count
        guard n > 0 else { lastImpulses.removeAll(); return }
        let pass = ContactVelocityPass(bodies)
        contactPoints.withUnsafeMutableBufferPointer { buffer in
            let c = buffer.baseAddress!
            for iteration in 0..<SolverPolicy.contactIterations {
                let forward = iteration % 2 == 0
                var step = 0
                while step < n {
                    // A pair is visited from its first contact, in either direction.
                    var k = forward ? step : n - 1 - step
                    if !forward && k > 0 && c[k - 1].pairedWithNext { k -= 1 }
                    if c[k].pairedWithNext && k + 1 < n {
                        pass.solveFriction(&c[k]); pass.solveFriction(&c[k + 1])
                        pass.solveNormalPair(&c[k], &c[k + 1])
                        step += 2
                    } else {
                        pass.solveFriction(&c[k])
                        pass.solveNormal(&c[k])
                        step += 1
                    }
                }
            }
        }
        lastImpulses.refill(expecting: n)
        for c in contactPoints { lastImpulses.insert(c.key, ContactImpulse(normal: c.normalImpulse, tangent: c.tangentImpulse, nx: c.nx, ny: c.ny)) }
    }
}

/// The contact solver's velocity kernel (Box2D's `b2ContactSolver` velocity constraints): the
/// bodies' velocity and inverse-mass columns copied out of ``BodyColumns`` once per pass, so
/// the Gauss–Seidel updates read and write plain memory. The warm start
/// (``World/addContact(_:_:_:_:_:at:separation:elasticity:friction:pairedWithNext:)``) applies impulses
/// through the same kernel.
struct ContactVelocityPass {
    let vx: Column<Double>, vy: Column<Double>, w: Column<Double>
    let im: Column<Double>, ii: Column<Double>

    init(_ bodies: BodyColumns) {
        vx = bodies.vx; vy = bodies.vy; w = bodies.w
        im = bodies.im; ii = bodies.ii
    }

    /// The velocity of `b`'s point over `a`'s at contact `c`, along the normal and the tangent (points/s).
    @inline(__always)
    func relativeVelocity(_ c: ContactPoint) -> (n: Double, t: Double) {
        let a = Int(c.a), b = Int(c.b)
        var dvx = -(vx[a] - w[a] * c.rAy), dvy = -(vy[a] + w[a] * c.rAx)
        if b >= 0 {
            dvx += vx[b] - w[b] * c.rBy
            dvy += vy[b] + w[b] * c.rBx
        }
        return (dvx * c.nx + dvy * c.ny, -dvx * c.ny + dvy * c.nx)
    }

    /// Applies impulses `normal` and `tangent` at contact `c`: pushes `b` along them and `a` against.
    @inline(__always)
    func apply(_ c: ContactPoint, normal: Double, tangent: Double) {
        let pX = normal * c.nx - tangent * c.ny, pY = normal * c.ny + tangent * c.nx
        let a = Int(c.a), b = Int(c.b)
        vx[a] -= im[a] * pX; vy[a] -= im[a] * pY
        w[a] -= ii[a] * (c.rAx * pY - c.rAy * pX)
        if b >= 0 {
            vx[b] += im[b] * pX; vy[b] += im[b] * pY
            w[b] += ii[b] * (c.rBx * pY - c.rBy * pX)
        }
    }

    /// One Gauss–Seidel update of contact `c`'s friction impulse (within friction × normal impulse).
    @inline(__always)
    func solveFriction(_ c: inout ContactPoint) {
        let v = relativeVelocity(c)
        let limit = c.friction * c.normalImpulse
        let newTangent = Swift.max(-limit, Swift.min(limit, c.tangentImpulse - c.tangentMass * v.t))
        let dt = newTangent - c.tangentImpulse
        guard dt != 0 else { return }
        c.tangentImpulse = newTangent
        apply(c, normal: 0, tangent: dt)
    }

    /// One Gauss–Seidel update of contact `c`'s normal impulse (never pulling).
    @inline(__always)
    func solveNormal(_ c: inout ContactPoint) {
        let v = relativeVelocity(c)
        let newNormal = Swift.max(0, c.normalImpulse - c.normalMass * (v.n - c.target))
        let dn = newNormal - c.normalImpulse
        guard dn != 0 else { return }
        c.normalImpulse = newNormal
        apply(c, normal: dn, tangent: 0)
    }

    /// Contacts `c1` and `c2` (two ends of one edge, same bodies and normal) solved together
    /// as a 2 × 2 linear complementarity problem (Box2D's `b2ContactSolver` block solver): both
    /// push, one pushes, or neither; one at a time when the pair's matrix is ill-conditioned.
    func solveNormalPair(_ c1: inout ContactPoint, _ c2: inout ContactPoint) {
        let a = Int(c1.a), b = Int(c1.b)
        let mA = im[a], iA = ii[a]
        let mB = b >= 0 ? im[b] : 0, iB = b >= 0 ? ii[b] : 0
        let nx = c1.nx, ny = c1.ny
        let rn1A = c1.rAx * ny - c1.rAy * nx, rn1B = c1.rBx * ny - c1.rBy * nx
        let rn2A = c2.rAx * ny - c2.rAy * nx, rn2B = c2.rBx * ny - c2.rBy * nx
        let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
        let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
        let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
        let det = k11 * k22 - k12 * k12
        guard k11 * k11 < 1000 * det else { solveNormal(&c1); solveNormal(&c2); return }
        let a1 = c1.normalImpulse, a2 = c2.normalImpulse
        let b1 = relativeVelocity(c1).n - c1.target - (k11 * a1 + k12 * a2)
        let b2 = relativeVelocity(c2).n - c2.target - (k12 * a1 + k22 * a2)
        var x1 = 0.0, x2 = 0.0
        let s1 = -(k22 * b1 - k12 * b2) / det, s2 = -(k11 * b2 - k12 * b1) / det
        if s1 >= 0 && s2 >= 0 {
            x1 = s1; x2 = s2
        } else if -b1 / k11 >= 0 && k12 * (-b1 / k11) + b2 >= 0 {
            x1 = -b1 / k11
        } else if -b2 / k22 >= 0 && k12 * (-b2 / k22) + b1 >= 0 {
            x2 = -b2 / k22
        } else if !(b1 >= 0 && b2 >= 0) {
            // No case fits (rounding): one at a time.
            solveNormal(&c1); solveNormal(&c2); return
        }
        c1.normalImpulse = x1; c2.normalImpulse = x2
        apply(c1, normal: x1 - a1, tangent: 0)
        apply(c2, normal: x2 - a2, tangent: 0)
    }
}
