import Geometry

/// Substep and sleep policy. All values are documented here because they shape the feel.
enum SolverPolicy {
    /// The longest substep, seconds (docs/DESIGN.md, "Time": 1/240 s or shorter).
    static let maxSubstep = 1.0 / 240
    /// Substeps per period of the stiffest soft spring: keeps ω·h ≤ 2π/60 ≈ 0.1, where the
    /// midpoint rule's period error is 0.09 %.
    static let substepsPerPeriod = 60.0
    /// At most this many substeps per `step` call. A frame spike (up to 1 s or more) or a very stiff
    /// spring (up to 1000 Hz) then takes longer substeps: the midpoint rule stays stable and
    /// energy-safe at any substep, only less accurate.
    static let maxSubstepsPerStep = 64
    /// The longest step the narrow phase covers, seconds: a longer one (a frame spike) is cut
    /// into equal parts, each colliding again. The speculative margins grow with the step
    /// (``World/collideContacts(_:)``), and at a 0.2-s spike while the stress demo's pile fell
    /// each piece's reached some hundred others: 50,000 contacts, a ten-second step.
    static let maxCollisionStep = 1.0 / 30
    /// The number of parts a step of `dt` seconds with collisions is cut into (``maxCollisionStep``),
    /// at most ``maxSubstepsPerStep``.
    static func collisionParts(for dt: Double) -> Int {
        let n = (dt / maxCollisionStep * (1 - 1e-9)).rounded(.up)
        guard n.isFinite, n > 1 else { return 1 }
        return Swift.min(Int(n), maxSubstepsPerStep)
    }
    /// A body is slow below this linear speed, points per second.
    static let sleepLinearSpeed = 1.0
    /// A body is slow below this angular speed, radians per second.
    static let sleepAngularSpeed = 0.01
    /// A body falls asleep after staying slow this long, seconds.
    static let sleepWindow = 0.2
    /// Approach speeds below this (points per second) do not bounce, so resting contacts settle.
    static let restitutionThreshold = 10.0
    /// Each body's share of a contact's speculative distance, points: contacts are found while
    /// two outlines are still up to twice this (Box2D v3's 4 × linear slop, 2 cm at 100 points per
    /// metre) plus how far they travel in the step apart, and a touching point may close its gap
    /// but not pass it.
    static let speculativeDistance = 1.0
    /// A contact point this close (points) when the step began, or one that pushed during it,
    /// counts as touching: for a collision delegate's began and ended calls, for the islands
    /// that fall asleep together and for waking a sleeping one. Soft contacts rest a few
    /// hundredths of a point deep, so 0 holds every resting touch, and a gap is never one.
    static let touchDistance = 0.0
    /// How far (points) an awake body must be able to travel in a step before a sleeping body
    /// its speculative margin reaches wakes; a slower one wakes it only by touching.
    static let wakingTravel = 0.5
    /// The most a touching body turns in one substep, radians (Box2D v3's `B2_MAX_ROTATION`, π/4).
    static let maxContactTurn = Double.pi / 4

    /// How long a body has been slow after a step of `dt` seconds that left it at velocity
    /// `(vx, vy)` (points/s) and spin `w` (rad/s), given `previous` seconds before it: reset to 0
    /// unless both speeds are below ``sleepLinearSpeed`` and ``sleepAngularSpeed``. Every path's
    /// sleep update (general, solo, flock) uses this.
    @inline(__always)
    static func slowTime(after previous: Double, vx: Double, vy: Double, w: Double, dt: Double) -> Double {
        slowTime(after: previous, vx: vx, vy: vy, w: w, angularLimit: sleepAngularSpeed, dt: dt)
    }

    /// ``slowTime(after:vx:vy:w:dt:)`` with the angular speed limit `angularLimit` (rad/s).
    @inline(__always)
    static func slowTime(after previous: Double, vx: Double, vy: Double, w: Double, angularLimit: Double, dt: Double) -> Double {
        let lin2 = sleepLinearSpeed * sleepLinearSpeed
        let slow = vx * vx + vy * vy < lin2 && abs(w) < angularLimit
        return slow ? previous + dt : 0
    }

    /// The angular speed below which a colliding body whose bounds' corner reaches `corner`
    /// points from its centre (``BodyInfo/corner``) is slow: ``sleepAngularSpeed``, or less
    /// strict for a small body, whose corners then move under ``sleepLinearSpeed`` (a 10-pt
    /// piece of a pile at 0.2 rad/s, not 0.01).
    @inline(__always)
    static func angularSleepLimit(corner reach: Double) -> Double {
        reach > 0 ? Swift.max(sleepAngularSpeed, sleepLinearSpeed / reach) : sleepAngularSpeed
    }

    /// Whether a body slow for `slowTime` seconds falls asleep (``sleepWindow``).
    @inline(__always)
    static func isReadyToSleep(_ slowTime: Double) -> Bool { slowTime >= sleepWindow }

    /// The number of equal substeps for a step of `dt` seconds when the stiffest soft row has
    /// `maxFrequency` Hz (0 for none): the fewest substeps of at most ``maxSubstep`` and
    /// 1/``substepsPerPeriod`` of that spring's period, clamped to 1…``maxSubstepsPerStep``.
    /// This is the only place a step is cut into substeps: callers hand whole frames down. (A
    /// step with collisions longer than ``maxCollisionStep`` is first cut into parts, each with
    /// its own narrow phase and these substeps: ``collisionParts(for:)``.)
    static func substepCount(for dt: Double, maxFrequency: Double) -> Int {
        var h = maxSubstep
        if maxFrequency > 0 { h = Swift.min(h, 1 / (maxFrequency * substepsPerPeriod)) }
        let n = (dt / h).rounded(.up)
        guard n.isFinite else { return maxSubstepsPerStep }
        return Swift.max(1, Swift.min(Int(n), maxSubstepsPerStep))
    }
}

extension World {
    /// The number of equal substeps for a step of `dt` seconds (see ``SolverPolicy/substepCount(for:maxFrequency:)``).
    func substepCount(for dt: Double) -> Int {
        SolverPolicy.substepCount(for: dt, maxFrequency: maxFrequency)
    }

    /// Advances every awake body by `dt` seconds. Returns whether any body moved.
    func advance(_ dt: Double) -> Bool {
        // A body woken on its own (a push, a new velocity) wakes the islands its rows reach.
        if anyCoupled { wakeIslandsAcrossRows() }
        let awake = bodies.awake
        var moving = false
        for i in 0..<count where awake[i] { moving = true; break }
        guard moving else { return false }

        let step = StepContext(dt: dt, substeps: substepCount(for: dt), iterations: maxRowsPerBody > 1 ? 4 : 1,
                               bodies: bodies)
        checkInvariants()
        contactsThisStep.removeAll(keepingCapacity: true)
        // Solo bodies interact with nothing else, so they take all substeps at once.
        guardTriggers += solo.advance(step)
        // So do flock bodies (several springs to fixed anchors), each in its own rows' order.
        guardTriggers += flock.advance(step)
        if !(generalBodies.isEmpty && generalRows.isEmpty) {
            let colliding = !collisionGroups.isEmpty
            // With collisions, a long step (a frame spike) is cut into parts of at most
            // ``SolverPolicy/maxCollisionStep``, each with its own narrow phase.
            let parts = colliding ? SolverPolicy.collisionParts(for: dt) : 1
            if parts == 1 {
                advanceGeneral(step, colliding: colliding, impactCap: SolverPolicy.maxImpactSubsteps)
            } else {
                let part = dt / Double(parts)
                let substeps = Swift.max(1, Swift.min(substepCount(for: part), SolverPolicy.maxSubstepsPerStep / parts))
                for k in 0..<parts {
                    partStart = Double(k) * part
                    // A spike's parts share the step's budget of substeps, impacts or not.
                    advanceGeneral(StepContext(dt: part, substeps: substeps, iterations: step.iterations, bodies: bodies), colliding: colliding,
                                   impactCap: substeps)
                }
                partStart = 0
            }
        }
        return true
    }

    /// Advances the general bodies and rows (neither solo nor flock) through step `step`: the
    /// narrow phase, the substeps, restitution, the energy guard and the sleep update; a step
    /// where a fast jointed body touches takes up to `impactCap` substeps (``impactSubsteps(_:)``).
    private func advanceGeneral(_ step: StepContext, colliding: Bool, impactCap: Int) {
        var step = step
        if colliding {
            collideContacts(step)
            // A joint meeting a contact fast takes shorter substeps (``impactSubsteps(_:)``); the
            // contacts are found again for them, as their softness depends on the substep.
            let substeps = Swift.min(impactSubsteps(step), impactCap)
            if substeps > step.substeps {
                step = StepContext(dt: step.dt, substeps: substeps, iterations: step.iterations, bodies: bodies)
                collideContacts(step)
            }
        }
        // Rigid rows are relaxed after the positions where contacts are solved too.
        let relaxing = relaxesRows
        if step.h != coefficientStep || relaxing != coefficientRelaxing {
            // Coefficients depend only on h, the relax and the row's settings, so they are cached.
            let rigid = relaxing ? SoftCoefficients.relaxedRigid(h: step.h) : SoftCoefficients.rigid(h: step.h)
            let prims = rows.prims
            for j in generalRows {
                let p = prims.pointer(to: Int(j))
                p.pointee.coef = p.pointee.rigid ? rigid : SoftCoefficients(omega: p.pointee.omega, zeta: p.pointee.zeta, h: step.h)
            }
            coefficientStep = step.h
            coefficientRelaxing = relaxing
        }
        guarded.begin(step, rows.prims)
        for k in 0..<step.substeps { substep(step, index: k) }
        if colliding {
            storeBlockImpulses()
            if hasElasticContacts { applyRestitution() }
            storeContactImpulses()
            if recordsContacts { recordTouches() }
        }
        guardTriggers += guarded.end(step, rows.prims)
        updateSleep(step)
    }

    /// The substeps step `step` takes where a jointed body meets a contact: enough that no such
    /// body travels more than ``SolverPolicy/jointImpactTravel`` in one (its corners' speed, at
    /// the step's start), at most ``SolverPolicy/maxImpactSubsteps``; `step`'s own where none
    /// is that fast. A pair flicked broadside into a wall at 2,000 pt/s strikes with one corner,
    /// and within a 1/240-s substep the impact outran the joint's passes (a pin opened 2.4 pt);
    /// at 12 substeps a frame it opens 0.16 pt (`JointImpactTests`). A resting or slow pair keeps
    /// the usual 4, and a step without joints never looks.
    private func impactSubsteps(_ step: StepContext) -> Int {
        guard relaxesRows else { return step.substeps }
        // How far each body's outline travels in the step, as the narrow phase just worked it out.
        var farthest = 0.0
        let hasRows = self.hasRows, travel = scratchTravel
        func consider(_ body: Int) {
            guard body >= 0, hasRows[body] else { return }
            farthest = Swift.max(farthest, travel[body])
        }
        for c in contactPoints { consider(Int(c.a)); consider(Int(c.b)) }
        let needed = (farthest / SolverPolicy.jointImpactTravel).rounded(.up)
        guard needed.isFinite, needed > Double(step.substeps) else { return step.substeps }
        return Swift.min(Int(needed), SolverPolicy.maxImpactSubsteps)
    }

    /// Substep `index` (0-based) of the step.
    private func substep(_ c: StepContext, index: Int) {
        let h = c.h
        let bodyList = generalBodies, rowList = generalRows

        // 1. External accelerations and resistance (implicit, so any resistance is stable).
        // The substep-start state; columns nobody needs this step are not touched (the solver is
        // memory-bound at 10,000 items).
        c.pullVelocities(bodyList, h: h, forces: hasExternalForces, dense: bodyList.count == count)
        if !fields.isEmpty { applyFields(h, time: time + partStart + (Double(index) + 0.5) * h) }

        // 2–3. Prepare rows from the substep-start state, warm start the contacts, then
        // Gauss–Seidel over rows and contacts together (Box2D v3 solves joints and contacts in
        // one loop, so a joint holds through an impact). When no body has more than one row, one
        // pass is exact and the scratch never leaves registers.
        let prims = rows.prims
        var columns = c.rowColumns
        let colliding = !contactPoints.isEmpty
        // Whether the packed velocities (``laneVelocities``) are what the columns hold after this
        // substep's biased pass.
        var lanesCurrent = false
        // With contacts, rigid rows are relaxed after the positions (step 5), from the scratch.
        let relaxesRows = self.relaxesRows
        columns.limitsOnEnd = relaxesRows
        if c.iterations == 1 && !relaxesRows {
            // With contacts there are no rows here (else `relaxesRows`), so the warm start and
            // the contact passes run back to back, their velocities packed once.
            for r in rowList {
                let p = prims.pointer(to: Int(r))
                var s = RowScratch()
                p.pointee.prepare(&s, h: h, columns)
                p.pointee.solve(&s, h: h, columns)
            }
            if colliding {
                warmStartAndSolveContacts(h: h, passes: SolverPolicy.contactIterations, refreshingSeparations: index == 0)
                lanesCurrent = true
            }
        } else {
            if colliding { warmStartContacts(refreshingSeparations: index == 0) }
            rows.reserveScratch(primCount)
            let scratch = rows.scratch
            for r in rowList { prims.pointer(to: Int(r)).pointee.prepare(&scratch.pointer(to: Int(r)).pointee, h: h, columns) }
            let passes = relaxesRows ? SolverPolicy.jointContactIterations : Swift.max(c.iterations, colliding ? SolverPolicy.contactIterations : 0)
            for k in 0..<passes {
                if k < c.iterations || relaxesRows {
                    for r in rowList { prims.pointer(to: Int(r)).pointee.solve(&scratch.pointer(to: Int(r)).pointee, h: h, columns) }
                }
                if colliding { solveContacts(h: h, useBias: true) }
            }
        }
        // 4. Positions with the mean velocity (the midpoint rule; exact for constant acceleration).
        // A body with contacts moves with its end velocity (symplectic Euler, as Box2D): the
        // contacts' targets are end velocities, and with the mean velocity a fast item would pass
        // a speculative contact by half its start speed × the substep. A body with rows keeps the
        // midpoint rule its rows are built for (with the end velocity a rigid row's correction
        // would overshoot twice over).
        let spinHeld = hasRows.withUnsafeBufferPointer { hasRows in
            c.advancePositions(bodyList, index: index, colliding: colliding, inContact: bodies.inContact, hasRows: hasRows,
                               dense: bodyList.count == count)
        }
        // 5. Relax: the contacts again without their push-out bias, so it does not become bounce;
        // then the rigid rows (``Primitive/relax(_:_:)``), so the velocities the next substep
        // starts from keep the joints.
        // Where the biased pass ran with the warm start (no rows between the passes), the packed
        // velocities are still what the columns hold (the positions only read them), unless a
        // touching body's spin was held back: the relax pass then packs none afresh.
        if colliding {
            solveContacts(h: h, useBias: false, refreshingSeparations: true, packed: lanesCurrent && !spinHeld)
        }
        if relaxesRows {
            let scratch = rows.scratch
            for r in rowList { prims.pointer(to: Int(r)).pointee.relax(&scratch.pointer(to: Int(r)).pointee, columns) }
        }
    }

    /// The general bodies' sleep update (``SolverPolicy/slowTime(after:vx:vy:w:dt:)``): a body
    /// on its own falls asleep when it is ready; coupled bodies fall asleep by island
    /// (``sleepReadyIslands(_:)``), each island once every one of its bodies is ready. With
    /// collisions, a touching body that stays in place (``RestAnchor``) counts as slow too.
    private func updateSleep(_ c: StepContext) {
        guard allowsSleeping else { return }
        // Islands are looked for only when some coupled body is ready: an island sleeps when all
        // of its bodies are, so with none ready nothing can (a falling pile's first hundred steps).
        var anyCoupledReady = false
        for b in generalBodies where c.awake[Int(b)] {
            let i = Int(b)
            // With collisions on, bodies sleep by the speed of their corners (``SolverPolicy/angularSleepLimit``).
            let limit = collisionGroups.isEmpty ? SolverPolicy.sleepAngularSpeed
                : info[i].sleepSpin
            var time = SolverPolicy.slowTime(after: c.slow[i], vx: c.vx[i], vy: c.vy[i], w: c.w[i], angularLimit: limit, dt: c.dt)
            if !collisionGroups.isEmpty {
                let rest = restAnchor(i, c)
                if time == 0 { time = rest.slowTime }
            }
            c.slow[i] = time
            if SolverPolicy.isReadyToSleep(time) {
                if c.coupled[i] { anyCoupledReady = true } else { c.sleep(i) }
            }
        }
        if anyCoupledReady { sleepReadyIslands(c) }
    }
}

/// The body columns a substep's rows read and write, copied into locals once per substep (World's
/// properties would each cost an exclusivity check per access in the row loops).
struct SolverColumns {
    let px, py, th, cosT, sinT: Column<Double>
    /// Substep-start velocities (rows linearise around them) and the current ones (rows change them).
    let v0x, v0y, w0, vx, vy, w: Column<Double>
    /// Inverse mass and inverse inertia.
    let im, ii: Column<Double>
    let awake: Column<Bool>
    /// Whether limit rows correct through the end velocities (where rows are relaxed after the
    /// positions, ``Primitive/relax(_:_:)``): a correction on the substep-start velocities moves
    /// positions where no contact sees it, and a roped square pulled along the floor sank into it.
    var limitsOnEnd = false
}

/// What every row family needs of its two attach points at the substep start: world arms, the
/// separation `pA − pB`, the relative velocity of the attach points and the bodies' spins.
struct RowGeometry {
    var rAx = 0.0, rAy = 0.0, rBx = 0.0, rBy = 0.0
    var dx = 0.0, dy = 0.0
    var vAx = 0.0, vAy = 0.0
    var mA = 0.0, iA = 0.0, mB = 0.0, iB = 0.0
    var wA = 0.0, wB = 0.0, thB = 0.0
}

extension Primitive {
    /// Computes the row's geometry, error, substep-start velocity and effective mass into `s`,
    /// through its family: ``preparePoint(_:_:)``, ``prepareAxis(_:_:h:)`` or ``prepareAngular(_:_:_:h:)``.
    @inline(__always)
    func prepare(_ s: inout RowScratch, h: Double, _ c: SolverColumns) {
        let a = Int(self.a), b = Int(self.b)
        s.active = c.awake[a] || (b >= 0 && c.awake[b])
        guard s.active else { return }
        s.lx = 0; s.ly = 0
        let g = geometry(c)
        s.rAx = g.rAx; s.rAy = g.rAy; s.rBx = g.rBx; s.rBy = g.rBy
        switch kind {
        case .point: preparePoint(&s, g)
        case .distance, .rope, .line, .axisLimit: prepareAxis(&s, g, h: h)
        case .angle, .angleLimit, .angularFriction: prepareAngular(&s, g, c, h: h)
        }
    }

    /// One Gauss–Seidel pass over this row, through its family.
    @inline(__always)
    func solve(_ s: inout RowScratch, h: Double, _ c: SolverColumns) {
        guard s.active else { return }
        switch kind {
        case .point: solvePoint(&s, c)
        case .distance, .rope, .line, .axisLimit: solveAxis(&s, h: h, c)
        case .angle, .angleLimit, .angularFriction: solveAngular(&s, h: h, c)
        }
    }

    /// The attach points' geometry at the substep start.
    @inline(__always)
    func geometry(_ c: SolverColumns) -> RowGeometry {
        let a = Int(self.a), b = Int(self.b)
        var g = RowGeometry()
        g.mA = c.im[a]; g.iA = c.ii[a]
        if localAx != 0 || localAy != 0 { (g.rAx, g.rAy) = rotate(localAx, localAy, c.cosT[a], c.sinT[a]) }
        let pAx = c.px[a] + g.rAx, pAy = c.py[a] + g.rAy
        let pBx: Double, pBy: Double
        g.vAx = c.v0x[a] - c.w0[a] * g.rAy; g.vAy = c.v0y[a] + c.w0[a] * g.rAx
        g.wA = c.w0[a]
        if b >= 0 {
            g.mB = c.im[b]; g.iB = c.ii[b]
            if localBx != 0 || localBy != 0 { (g.rBx, g.rBy) = rotate(localBx, localBy, c.cosT[b], c.sinT[b]) }
            pBx = c.px[b] + g.rBx; pBy = c.py[b] + g.rBy
            g.vAx -= c.v0x[b] - c.w0[b] * g.rBy
            g.vAy -= c.v0y[b] + c.w0[b] * g.rBx
            g.wB = c.w0[b]
            g.thB = c.th[b]
        } else {
            pBx = localBx; pBy = localBy
        }
        g.dx = pAx - pBx; g.dy = pAy - pBy
        return g
    }

    /// Applies the linear impulse `(pX, pY)` at the row's attach points (equal and opposite), to
    /// the current velocities or, `toStart`, to the substep-start ones (which only this substep's
    /// position update reads: a limit's position correction, see ``LimitRow``).
    @inline(__always)
    func applyLinearImpulse(_ pX: Double, _ pY: Double, _ s: RowScratch, _ c: SolverColumns, toStart: Bool = false) {
        let a = Int(self.a), b = Int(self.b)
        let vx = toStart ? c.v0x : c.vx, vy = toStart ? c.v0y : c.vy, w = toStart ? c.w0 : c.w
        let mA = c.im[a], iA = c.ii[a]
        vx[a] += mA * pX; vy[a] += mA * pY
        if iA != 0 { w[a] += iA * (s.rAx * pY - s.rAy * pX) }
        if b >= 0 {
            let mB = c.im[b], iB = c.ii[b]
            vx[b] -= mB * pX; vy[b] -= mB * pY
            if iB != 0 { w[b] -= iB * (s.rBx * pY - s.rBy * pX) }
        }
    }

    /// The substep-start relative velocity of the attach points, as a limit has corrected it so far.
    @inline(__always)
    func relativeStartVelocity(_ s: RowScratch, _ c: SolverColumns) -> (Double, Double) {
        relativeVelocity(s, vx: c.v0x, vy: c.v0y, w: c.w0)
    }

    /// The current relative velocity of the attach points.
    @inline(__always)
    func relativeVelocity(_ s: RowScratch, _ c: SolverColumns) -> (Double, Double) {
        relativeVelocity(s, vx: c.vx, vy: c.vy, w: c.w)
    }

    /// The relative velocity of the attach points in the velocity columns `vx`, `vy` (points per
    /// second) and `w` (radians per second).
    @inline(__always)
    private func relativeVelocity(_ s: RowScratch, vx: Column<Double>, vy: Column<Double>, w: Column<Double>) -> (Double, Double) {
        let a = Int(self.a), b = Int(self.b)
        var uX = vx[a] - w[a] * s.rAy, uY = vy[a] + w[a] * s.rAx
        if b >= 0 {
            uX -= vx[b] - w[b] * s.rBy
            uY -= vy[b] + w[b] * s.rBx
        }
        return (uX, uY)
    }
}
