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
    /// A body is slow below this linear speed, points per second.
    static let sleepLinearSpeed = 1.0
    /// A body is slow below this angular speed, radians per second.
    static let sleepAngularSpeed = 0.01
    /// A body falls asleep after staying slow this long, seconds.
    static let sleepWindow = 0.2
    /// Approach speeds below this (points per second) do not bounce, so resting contacts settle.
    static let restitutionThreshold = 10.0

    /// The number of equal substeps for a step of `dt` seconds when the stiffest soft row has
    /// `maxFrequency` Hz (0 for none): the fewest substeps of at most ``maxSubstep`` and
    /// 1/``substepsPerPeriod`` of that spring's period, clamped to 1…``maxSubstepsPerStep``.
    /// This is the only place a step is cut into substeps: callers hand whole frames down.
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
        let awake = bodies.awake, coupled = bodies.coupled
        if anyCoupled {
            // Coupled bodies (item-to-item rows, collision groups) sleep and wake as one island.
            var anyAwake = false
            for i in 0..<count where coupled[i] && awake[i] { anyAwake = true; break }
            if anyAwake { for i in 0..<count where coupled[i] && !awake[i] { wake(i) } }
        }
        var moving = false
        for i in 0..<count where awake[i] { moving = true; break }
        guard moving else { return false }

        let n = substepCount(for: dt)
        let h = dt / Double(n)
        if h != coefficientStep {
            // Coefficients depend only on h and the row's settings, so they are cached per h.
            let rigid = SoftCoefficients.rigid(h: h)
            for j in generalRows {
                let p = rows.prims.base[Int(j)]
                rows.prims.base[Int(j)].coef = p.rigid ? rigid : SoftCoefficients(omega: p.omega, zeta: p.zeta, h: h)
            }
            coefficientStep = h
        }
        let iterations = maxRowsPerBody > 1 ? 4 : 1
        contactsThisStep.removeAll(keepingCapacity: true)
        // Solo bodies interact with nothing else, so they take all substeps at once.
        advanceSoloRows(h, substeps: n, dt: dt)
        // So do flock bodies (several springs to fixed anchors), each in its own rows' order.
        advanceFlock(h, substeps: n, iterations: iterations, dt: dt)
        if !(generalBodies.isEmpty && generalRows.isEmpty) {
            beginGuardedStep()
            for _ in 0..<n { substep(h, iterations: iterations) }
            endGuardedStep()
            updateSleep(dt)
        }
        return true
    }

    private func substep(_ h: Double, iterations: Int) {
        let px = bodies.px, py = bodies.py, th = bodies.th, cosT = bodies.cosT, sinT = bodies.sinT
        let vx = bodies.vx, vy = bodies.vy, w = bodies.w, v0x = bodies.v0x, v0y = bodies.v0y, w0 = bodies.w0
        let p0x = bodies.p0x, p0y = bodies.p0y, im = bodies.im, ii = bodies.ii
        let ax = bodies.ax, ay = bodies.ay, aw = bodies.aw, dl = bodies.dl, da = bodies.da, awake = bodies.awake
        let bodyList = generalBodies, rowList = generalRows

        // 1. External accelerations and resistance (implicit, so any resistance is stable).
        // The substep-start state; columns nobody needs this step are not touched (the solver is
        // memory-bound at 10,000 items).
        if !hasExternalForces {
            if collisionGroups.isEmpty {
                for b in bodyList where awake[Int(b)] { let i = Int(b); v0x[i] = vx[i]; v0y[i] = vy[i]; w0[i] = w[i] }
            } else {
                for b in bodyList where awake[Int(b)] {
                    let i = Int(b)
                    v0x[i] = vx[i]; v0y[i] = vy[i]; w0[i] = w[i]
                    p0x[i] = px[i]; p0y[i] = py[i]
                }
            }
        } else { for b in bodyList where awake[Int(b)] {
            let i = Int(b)
            v0x[i] = vx[i]; v0y[i] = vy[i]; w0[i] = w[i]
            p0x[i] = px[i]; p0y[i] = py[i]
            vx[i] += h * ax[i]
            vy[i] += h * ay[i]
            w[i] += h * aw[i]
            if dl[i] != 0 {
                let fl = 1 / (1 + h * dl[i])
                vx[i] *= fl
                vy[i] *= fl
            }
            if da[i] != 0 { w[i] *= 1 / (1 + h * da[i]) }
        } }
        if !fields.isEmpty { applyFields(h) }

        // 2–3. Prepare rows from the substep-start state, then Gauss–Seidel over them. When no
        // body has more than one row, one pass is exact and the scratch never leaves registers.
        let prims = rows.prims
        let columns = SolverColumns(px: px, py: py, th: th, cosT: cosT, sinT: sinT, v0x: v0x, v0y: v0y, w0: w0,
                                    vx: vx, vy: vy, w: w, im: im, ii: ii, awake: awake)
        if iterations == 1 {
            for r in rowList {
                let j = Int(r)
                var s = RowScratch()
                prims.base[j].prepare(&s, h: h, columns)
                prims.base[j].solve(&s, h: h, columns)
            }
        } else {
            rows.reserveScratch(primCount)
            let scratch = rows.scratch
            for r in rowList { prims.base[Int(r)].prepare(&scratch.base[Int(r)], h: h, columns) }
            for _ in 0..<iterations {
                for r in rowList { prims.base[Int(r)].solve(&scratch.base[Int(r)], h: h, columns) }
            }
        }
        // 4. Positions with the mean velocity (the midpoint rule; exact for constant acceleration).
        let half = 0.5 * h
        for b in bodyList where awake[Int(b)] {
            let i = Int(b)
            px[i] += half * (v0x[i] + vx[i])
            py[i] += half * (v0y[i] + vy[i])
            let dw = w0[i] + w[i]
            if dw != 0 {
                let t = th[i] + half * dw
                th[i] = t
                cosT[i] = cos(t)
                sinT[i] = sin(t)
            }
        }
        // 5. Contacts.
        if !collisionGroups.isEmpty { solveContacts() }
    }

    private func updateSleep(_ dt: Double) {
        let lin2 = SolverPolicy.sleepLinearSpeed * SolverPolicy.sleepLinearSpeed
        var coupledReady = true
        var anyCoupledAwake = false
        let vx = bodies.vx, vy = bodies.vy, w = bodies.w, awake = bodies.awake, slowTime = bodies.slow, coupled = bodies.coupled
        for b in generalBodies where awake[Int(b)] {
            let i = Int(b)
            let slow = vx[i] * vx[i] + vy[i] * vy[i] < lin2 && abs(w[i]) < SolverPolicy.sleepAngularSpeed
            slowTime[i] = slow ? slowTime[i] + dt : 0
            let ready = slowTime[i] >= SolverPolicy.sleepWindow
            if coupled[i] {
                anyCoupledAwake = true
                if !ready { coupledReady = false }
            } else if ready {
                sleep(i)
            }
        }
        if anyCoupledAwake && coupledReady {
            for i in 0..<count where coupled[i] && awake[i] { sleep(i) }
        }
    }

    private func sleep(_ i: Int) {
        bodies.awake[i] = false
        bodies.vx[i] = 0; bodies.vy[i] = 0; bodies.w[i] = 0
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
    /// through its family: ``preparePoint(_:_:)``, ``prepareAxis(_:_:h:)`` or ``prepareAngular(_:_:_:)``.
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
        case .angle, .angleLimit, .angularFriction: prepareAngular(&s, g, c)
        }
    }

    /// One Gauss–Seidel pass over this row, through its family.
    @inline(__always)
    func solve(_ s: inout RowScratch, h: Double, _ c: SolverColumns) {
        guard s.active else { return }
        switch kind {
        case .point: solvePoint(&s, c)
        case .distance, .rope, .line, .axisLimit: solveAxis(&s, c)
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

    /// Applies the linear impulse `(pX, pY)` at the row's attach points (equal and opposite).
    @inline(__always)
    func applyLinearImpulse(_ pX: Double, _ pY: Double, _ s: RowScratch, _ c: SolverColumns) {
        let a = Int(self.a), b = Int(self.b)
        let mA = c.im[a], iA = c.ii[a]
        c.vx[a] += mA * pX; c.vy[a] += mA * pY
        if iA != 0 { c.w[a] += iA * (s.rAx * pY - s.rAy * pX) }
        if b >= 0 {
            let mB = c.im[b], iB = c.ii[b]
            c.vx[b] -= mB * pX; c.vy[b] -= mB * pY
            if iB != 0 { c.w[b] -= iB * (s.rBx * pY - s.rBy * pX) }
        }
    }

    /// The current relative velocity of the attach points.
    @inline(__always)
    func relativeVelocity(_ s: RowScratch, _ c: SolverColumns) -> (Double, Double) {
        let a = Int(self.a), b = Int(self.b)
        var uX = c.vx[a] - c.w[a] * s.rAy, uY = c.vy[a] + c.w[a] * s.rAx
        if b >= 0 {
            uX -= c.vx[b] - c.w[b] * s.rBy
            uY -= c.vy[b] + c.w[b] * s.rBx
        }
        return (uX, uY)
    }
}
