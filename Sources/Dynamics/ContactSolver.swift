import Geometry

/// One touching (or nearly touching) point of a step, between body `a` and body `b` or a fixed
/// boundary (`b < 0`), found once per step by the narrow phase (or carried over from the last
/// step while its bodies barely moved, ``World/recycleContacts(_:_:_:material:)``) and solved as Box2D v3 solves
/// contacts (its soft step, `contact_solver.c`): each substep warm starts with the impulses the
/// point has accumulated, takes one soft, biased velocity pass before the positions move and one
/// relax pass without bias after; a restitution pass follows the last substep. The separation is
/// not found again each substep: it follows from how far the two bodies moved since the step
/// began (``World/refreshSeparations(_:_:)``). The substeps solve the points coloured and four
/// at a time (``ContactBlock``); this list keeps them in the narrow phase's order between steps.
struct ContactPoint {
    /// The bodies; `b` is −1 for a boundary.
    var a: Int32, b: Int32
    /// Unit normal from `a` toward `b` (or the boundary).
    var nx: Double, ny: Double
    /// Arms from the centres to the contact point at the step's start (reference axes), points:
    /// the solver's lever arms for the whole step.
    var rAx: Double, rAy: Double, rBx = 0.0, rBy = 0.0
    /// The same arms in each body's own frame, so the point follows the body as it turns; for a
    /// boundary, `lBx`, `lBy` is the point itself (reference coordinates).
    var lAx: Double, lAy: Double, lBx = 0.0, lBy = 0.0
    /// How far apart the surfaces were at the point when the step began, points (negative:
    /// overlapping).
    var separation: Double
    /// The separation when the narrow phase found the point, where its two ends (``lAx``… carried
    /// by their bodies) were one point: the separation at any later moment is this plus how far
    /// the ends have moved apart along the normal since (``World/refreshSeparations(_:_:)``). The
    /// step's own ``separation`` unless the contact was recycled (``World/recycleContacts(_:_:_:material:)``).
    var baseSeparation = 0.0
    /// Effective masses along the normal and the tangent (1 / (1/m + r²/I) summed over both bodies).
    var normalMass: Double, tangentMass: Double
    /// The friction coefficient and the elasticity (restitution).
    var friction: Double, restitution: Double
    /// The normal velocity of `b`'s point over `a`'s when the step began (points/s; negative
    /// approaching): what restitution reverses (0 for a contact without elasticity, where
    /// nothing reads it).
    var approachSpeed = 0.0
    /// The impulses accumulated along the normal and the tangent (mass × points/s), and the
    /// largest normal impulse of the step (restitution acts only where the contact pushed).
    var normalImpulse = 0.0, tangentImpulse = 0.0, maxNormalImpulse = 0.0
    /// Names the contact from step to step for warm starting.
    var key: ContactImpulseKey
    /// Whether `a` (`b`) is a circle: its touching point stays where the normal meets its rim as
    /// it spins, so the point follows the centre and not the turn (a spinning circle's turned
    /// point would rise off the floor on paper while the circle sank).
    var roundA = false, roundB = false
    /// Whether the next contact is the other end of the same touching edge: the two are solved
    /// together while both push (a pair ``ContactBlock``), so a box
    /// resting on two corners does not creep round one of them.
    var pairedWithNext = false
    /// Whether the contact was carried over from the last step instead of found again
    /// (``World/recycleContacts(_:_:_:material:)``).
    var recycled = false
    /// Whether it holds against a boundary or an anchored item: then it is twice as stiff, as in
    /// Box2D v3. Its soft coefficients are ``World/contactSoftness`` for the substep, `rigid`
    /// or `items` by this (a flag, not the three coefficients: writing them was about 1 % of a
    /// resting pile's step).
    var rigid = false
}

/// Identifies a contact across steps: the collision group, the bodies (or `-1 - segment` for a
/// boundary) and the pair of pieces with the touching point's end (its feature).
struct ContactImpulseKey: Hashable {
    var group: Int32, a: Int32, b: Int32, pieces: Int32
}

/// A soft constraint's coefficients for one substep (Box2D v3's `b2Softness`, from `b2MakeSoft`):
/// the contact behaves as a stiff, heavily damped spring that removes overlap over a few
/// substeps instead of all at once, so a pile neither jitters nor shoves itself about.
struct ContactSoftness {
    /// The share of the overlap, per second, turned into push-out speed (1/s).
    var biasRate: Double
    /// Scale on the rigid impulse, and the share of the accumulated impulse relaxed away each pass.
    var massScale: Double, impulseScale: Double

    /// The coefficients of a spring of `hertz` Hz and damping ratio `zeta` over a substep of `h` seconds.
    init(hertz: Double, zeta: Double, h: Double) {
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega, a2 = h * omega * a1, a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }

    /// The coefficients of a contact between two movable items, and of one against a boundary or
    /// an anchored item (``ContactPoint/rigid``).
    typealias Pair = (items: ContactSoftness, rigid: ContactSoftness)

    /// The contacts' coefficients for substeps of `h` seconds (``SolverPolicy/contactHertz(h:)``;
    /// a rigid contact twice as stiff, as in Box2D v3).
    static func pair(h: Double) -> Pair {
        let hertz = SolverPolicy.contactHertz(h: h)
        return (ContactSoftness(hertz: hertz, zeta: SolverPolicy.contactDampingRatio, h: h),
                ContactSoftness(hertz: hertz * 2, zeta: SolverPolicy.contactDampingRatio, h: h))
    }
}

extension SolverPolicy {
    /// The contacts' stiffness, Hz: Box2D v3's rule (at most a quarter of the substep rate, 60 Hz
    /// at 1/240 s), but twice v3's default of 30 Hz: Kinetic's pieces are 10–30 points (10–30 cm
    /// at 100 points per metre), and at 30 Hz a pile of them sinks into itself enough to lean and
    /// slosh for seconds. Contacts with a boundary or anchored item are twice as stiff.
    static func contactHertz(h: Double) -> Double { Swift.min(60, 0.25 / h) }
    /// The contacts' damping ratio (Box2D v3's `contactDampingRatio`): heavily overdamped, so
    /// overlap drains away without a bounce.
    static let contactDampingRatio = 10.0
    /// The fastest a contact pushes overlapping items apart, points per second (Box2D v3's
    /// `contactPushMaxVelocity`, 3 m/s, at 100 points per metre): a deep overlap (an item
    /// dropped into another) parts smoothly instead of exploding.
    static let contactPushSpeed = 300.0
    /// Biased velocity passes over the contacts per substep, as Box2D v3 (one, then one relax
    /// pass after the positions). Four were needed while separations were found again in every
    /// pass (a pile of 500 kept a slosh of 1–2 points per second with one); with the colour-ordered
    /// passes and separations updated per substep, one settles the pile sooner (all asleep at step
    /// 221 of `kinetic bench collision` against 248 with four) with 8 velocity passes a step
    /// instead of 20 (the awake step about a quarter cheaper).
    static let contactIterations = 1
    /// Passes over rows and contacts together per substep where a step has both (a joint's
    /// bodies striking a wall): each pass carries an impact one body further along a joint.
    static let jointContactIterations = 8
    /// The farthest (points) a jointed body touching something may travel in one substep
    /// (``World/impactSubsteps(_:)``): a faster one's step is cut finer, so an impact does not
    /// outrun the joint's passes.
    static let jointImpactTravel = 3.0
    /// The most substeps a step (or a part of a long one) is cut into for an impact: 16 keep a
    /// body under ``jointImpactTravel`` up to 2,880 pt/s at 60 frames a second (at 4,000 pt/s a
    /// pin still opens only 0.43 pt).
    static let maxImpactSubsteps = 16
}

extension World {
    /// Adds a contact between bodies `a` and `b` (`b` < 0: a fixed boundary) at `point` with unit
    /// normal (`nx`, `ny`) from `a` toward `b`, `separation` points apart there (negative:
    /// overlapping), keeping the impulses it took last step for the warm start.
    func addContact(_ key: ContactImpulseKey, _ a: Int, _ b: Int, _ nx: Double, _ ny: Double, at point: Point,
                    separation: Double, elasticity: Double, friction: Double, pairedWithNext: Bool = false) {
        let rAx = point.x - bodies.px[a], rAy = point.y - bodies.py[a]
        var rBx = 0.0, rBy = 0.0
        if b >= 0 { rBx = point.x - bodies.px[b]; rBy = point.y - bodies.py[b] }
        // Local arms: the arm turned back by the body's rotation.
        let cA = bodies.cosT[a], sA = bodies.sinT[a]
        var lAx = cA * rAx + sA * rAy, lAy = -sA * rAx + cA * rAy
        var lBx = point.x, lBy = point.y
        if b >= 0 {
            let cB = bodies.cosT[b], sB = bodies.sinT[b]
            lBx = cB * rBx + sB * rBy; lBy = -sB * rBx + cB * rBy
        }
        let roundA = info[a].isCircle, roundB = b >= 0 && info[b].isCircle
        if roundA { lAx = rAx; lAy = rAy }
        if roundB { lBx = rBx; lBy = rBy }
        var c = ContactPoint(a: Int32(a), b: Int32(b), nx: nx, ny: ny, rAx: rAx, rAy: rAy, rBx: rBx, rBy: rBy,
                             lAx: lAx, lAy: lAy, lBx: lBx, lBy: lBy, separation: separation,
                             normalMass: 0, tangentMass: 0, friction: friction, restitution: elasticity,
                             key: key, pairedWithNext: pairedWithNext)
        c.baseSeparation = separation
        c.roundA = roundA
        c.roundB = roundB
        guard finishContact(&c) else { return }
        // Warm started only while the normal holds (within about 18°): a contact whose normal
        // swung round is a new one. The impulses are kept as they were stored; the blocks scale
        // them to this step's substep (``warmStartScale(_:)``).
        if let k = lastImpulses.lookup(key), k < lastContactPoints.count {
            let last = lastContactPoints[k]
            if last.nx * nx + last.ny * ny > 0.95 {
                c.normalImpulse = last.normalImpulse
                c.tangentImpulse = last.tangentImpulse
            }
        }
        if mirroring {
            // Found afresh where the last step had the same contact (it moved too far to be
            // recycled, or its body is held by a row and collided afresh every step): it takes
            // that one's place, and the order holds; the one it replaces is kept aside
            // (``mirrorReplaced``) for a narrow phase run again in the step. A settling pile has a
            // few such contacts a step, and stopped carrying in place at the first of them.
            if mirrorCount < lastContactPoints.count && lastContactPoints[mirrorCount].key == key {
                mirrorReplaced.append((mirrorCount, lastContactPoints[mirrorCount]))
                lastContactPoints[mirrorCount] = c
                mirrorCount += 1
                return
            }
            endMirror()
        }
        contactPoints.append(c)
    }

    /// What contact `c`'s stored impulses are scaled by for its warm start: this step's substep
    /// over the one they were taken in (``warmStartScale``), but 1 for a body held by a row: its
    /// step may be cut finer for an impact (``impactSubsteps(_:)``) and back, and a weld flicked
    /// into a wall at 2,000 pt/s then opened 0.67 pt instead of 0.25.
    @inline(__always)
    func warmStartScale(_ c: ContactPoint) -> Double {
        hasRows[Int(c.a)] || (c.b >= 0 && hasRows[Int(c.b)]) ? 1 : warmStartScale
    }

    /// Fills in what contact `c` takes from its bodies as they are now, for its arms
    /// (``ContactPoint/rAx``…) and elasticity and friction: the effective masses, whether it is
    /// rigid (against a boundary or an anchored item), the approach speed; and marks
    /// both bodies as in contact. False (nothing marked) when the contact can push neither body.
    @inline(__always)
    func finishContact(_ c: inout ContactPoint) -> Bool {
        let a = Int(c.a), b = Int(c.b)
        let mA = bodies.im[a], iA = bodies.ii[a]
        let mB = b >= 0 ? bodies.im[b] : 0, iB = b >= 0 ? bodies.ii[b] : 0
        let nx = c.nx, ny = c.ny, tx = -ny, ty = nx
        let rnA = c.rAx * ny - c.rAy * nx, rnB = c.rBx * ny - c.rBy * nx
        let rtA = c.rAx * ty - c.rAy * tx, rtB = c.rBx * ty - c.rBy * tx
        let kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        let kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        guard kn > 0 else { return false }
        c.normalMass = 1 / kn
        c.tangentMass = kt > 0 ? 1 / kt : 0
        touchContact(&c, rigid: mA == 0 || mB == 0)
        return true
    }

    /// What ``finishContact(_:)`` takes from the bodies besides the masses: marks both bodies as
    /// in contact, and sets whether it is `rigid` (against a boundary or an anchored item: its
    /// softness, ``ContactPoint/rigid``) and the approach speed. A contact carried in place (``recycleContacts(_:_:_:material:)``)
    /// needs only this: its arms and its bodies' masses are those it was finished with.
    @inline(__always)
    func touchContact(_ c: inout ContactPoint, rigid: Bool) {
        bodies.inContact[Int(c.a)] = true
        if c.b >= 0 { bodies.inContact[Int(c.b)] = true }
        c.rigid = rigid
        // Only restitution reads it (``applyRestitution()``).
        if c.restitution > 0 {
            c.approachSpeed = ContactVelocityPass(bodies).relativeVelocity(c).n
            hasElasticContacts = true
        } else {
            c.approachSpeed = 0
        }
    }

    /// Box2D v3's restitution pass, once after the last substep: each contact that pushed and
    /// was approaching faster than ``SolverPolicy/restitutionThreshold`` leaves at its elasticity
    /// × that speed.
    func applyRestitution() {
        let pass = ContactVelocityPass(bodies)
        contactPoints.withUnsafeMutableBufferPointer { buffer in
            var k = 0
            while k < buffer.count {
                if buffer[k].pairedWithNext && k + 1 < buffer.count {
                    if buffer[k].restitution > 0 { pass.restitutePair(&buffer[k], &buffer[k + 1]) }
                    k += 2
                } else {
                    if buffer[k].restitution > 0 { pass.restitute(&buffer[k]) }
                    k += 1
                }
            }
        }
    }

    /// Keeps each contact's impulses for the next step's warm start, and the substep they were
    /// taken over (``warmStartScale``).
    func storeContactImpulses() {
        // Contacts carried in place stand where the table says they do.
        if !contactsCarriedInPlace { lastImpulses.store(contactPoints, bodyCount: count) }
        contactsCarriedInPlace = false
        lastContactsLive = true
        contactBlocksFromLastStep = true
        storedContactSubstep = contactSubstep
    }
}

/// The bodies' columns the contact solver reads and writes, copied out of ``BodyColumns`` once per
/// pass so the updates touch plain memory, with the one-contact arithmetic of the step's end:
/// restitution (Box2D v3's `b2ApplyRestitution`) and where a contact's point is now. The
/// substeps' passes run eight manifolds at a time through ``ContactLaneBodies``.
struct ContactVelocityPass {
    let vx: Column<Double>, vy: Column<Double>, w: Column<Double>
    let im: Column<Double>, ii: Column<Double>
    let px: Column<Double>, py: Column<Double>, cosT: Column<Double>, sinT: Column<Double>
    /// The packed velocities the kernel gathers and scatters (``World/laneVelocities``), set by
    /// the run of passes that packs them; a placeholder until then.
    var lanes: UnsafeMutablePointer<SIMD4<Float>> = UnsafeMutablePointer(bitPattern: 16)!

    init(_ bodies: BodyColumns) {
        vx = bodies.vx; vy = bodies.vy; w = bodies.w
        im = bodies.im; ii = bodies.ii
        px = bodies.px; py = bodies.py; cosT = bodies.cosT; sinT = bodies.sinT
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

    /// Where contact `c`'s point on body `a` is now, carried by the body (a circle's by its
    /// centre only, ``ContactPoint/roundA``), points.
    @inline(__always)
    func pointA(_ c: ContactPoint) -> (x: Double, y: Double) {
        let a = Int(c.a)
        let ca = c.roundA ? 1 : cosT[a], sa = c.roundA ? 0 : sinT[a]
        return (px[a] + ca * c.lAx - sa * c.lAy, py[a] + sa * c.lAx + ca * c.lAy)
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

    /// The restitution update of the two ends of one edge (``restitute(_:)``), together while
    /// both bounce and push: one after the other, a box landing flat would leave spinning (the
    /// first end's bounce tips it before the second's is solved).
    func restitutePair(_ c1: inout ContactPoint, _ c2: inout ContactPoint) {
        let bounces1 = c1.approachSpeed < -SolverPolicy.restitutionThreshold && c1.maxNormalImpulse > 0 && c1.separation > 0
        let bounces2 = c2.approachSpeed < -SolverPolicy.restitutionThreshold && c2.maxNormalImpulse > 0 && c2.separation > 0
        if bounces1 && bounces2 {
            let k = pairMatrix(c1, c2)
            if k.k11 * k.k11 < 1000 * k.det {
                let b1 = relativeVelocity(c1).n + c1.restitution * c1.approachSpeed
                let b2 = relativeVelocity(c2).n + c2.restitution * c2.approachSpeed
                let x1 = c1.normalImpulse - (k.k22 * b1 - k.k12 * b2) / k.det
                let x2 = c2.normalImpulse - (k.k11 * b2 - k.k12 * b1) / k.det
                if x1 >= 0 && x2 >= 0 {
                    apply(c1, normal: x1 - c1.normalImpulse, tangent: 0)
                    apply(c2, normal: x2 - c2.normalImpulse, tangent: 0)
                    c1.normalImpulse = x1; c2.normalImpulse = x2
                    return
                }
            }
        }
        restitute(&c1); restitute(&c2)
    }

    /// The 2 × 2 normal mass matrix of the two ends of one edge (same bodies and normal), and
    /// its determinant.
    @inline(__always)
    func pairMatrix(_ c1: ContactPoint, _ c2: ContactPoint) -> (k11: Double, k22: Double, k12: Double, det: Double) {
        let a = Int(c1.a), b = Int(c1.b)
        let mA = im[a], iA = ii[a]
        let mB = b >= 0 ? im[b] : 0, iB = b >= 0 ? ii[b] : 0
        let nx = c1.nx, ny = c1.ny
        let rn1A = c1.rAx * ny - c1.rAy * nx, rn1B = c1.rBx * ny - c1.rBy * nx
        let rn2A = c2.rAx * ny - c2.rAy * nx, rn2B = c2.rBx * ny - c2.rBy * nx
        let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
        let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
        let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
        return (k11, k22, k12, k11 * k22 - k12 * k12)
    }

    /// The restitution update of contact `c` (Box2D v3's `b2ApplyRestitution`), for a point that
    /// began the step apart and arrived: a contact resting (overlapping at the step's start) does
    /// not bounce, or a pile squeezed by strong gravity reflects each step's sag back up through
    /// itself (at 10× gravity and elasticity 1 its energy grew to infinity within 3 s).
    @inline(__always)
    func restitute(_ c: inout ContactPoint) {
        guard c.approachSpeed < -SolverPolicy.restitutionThreshold, c.maxNormalImpulse > 0, c.separation > 0 else { return }
        let vn = relativeVelocity(c).n
        let impulse = -c.normalMass * (vn + c.restitution * c.approachSpeed)
        let newNormal = Swift.max(0, c.normalImpulse + impulse)
        let dn = newNormal - c.normalImpulse
        c.normalImpulse = newNormal
        c.maxNormalImpulse = Swift.max(c.maxNormalImpulse, dn)
        if dn != 0 { apply(c, normal: dn, tangent: 0) }
    }
}
