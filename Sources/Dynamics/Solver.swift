import Geometry

/// Substep and sleep policy. All values are documented here because they shape the feel.
enum SolverPolicy {
    /// The longest substep, seconds (DESIGN: physics substep 1/240 s or finer).
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
}

extension World {
    /// The number of equal substeps for a step of `dt` seconds.
    func substepCount(for dt: Double) -> Int {
        var h = SolverPolicy.maxSubstep
        if maxFrequency > 0 { h = Swift.min(h, 1 / (maxFrequency * SolverPolicy.substepsPerPeriod)) }
        let n = (dt / h).rounded(.up)
        guard n.isFinite else { return SolverPolicy.maxSubstepsPerStep }
        return Swift.max(1, Swift.min(Int(n), SolverPolicy.maxSubstepsPerStep))
    }

    /// Advances every awake body by `dt` seconds. Returns whether any body moved.
    func advance(_ dt: Double) -> Bool {
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
                let p = prims.base[Int(j)]
                prims.base[Int(j)].coef = p.rigid ? rigid : SoftCoefficients(omega: p.omega, zeta: p.zeta, h: h)
            }
            coefficientStep = h
        }
        let iterations = maxRowsPerBody > 1 ? 4 : 1
        contactsThisStep.removeAll(keepingCapacity: true)
        // Solo bodies interact with nothing else, so they take all substeps at once.
        advanceSoloRows(h, substeps: n, dt: dt)
        if !(generalBodies.isEmpty && generalRows.isEmpty) {
            beginGuardedStep()
            for _ in 0..<n { substep(h, iterations: iterations) }
            endGuardedStep()
            updateSleep(dt)
        }
        return true
    }

    private func substep(_ h: Double, iterations: Int) {
        let px = self.px, py = self.py, th = self.th, cosT = self.cosT, sinT = self.sinT
        let vx = self.vx, vy = self.vy, w = self.w, v0x = self.v0x, v0y = self.v0y, w0 = self.w0
        let p0x = self.p0x, p0y = self.p0y, im = self.im, ii = self.ii
        let ax = self.ax, ay = self.ay, aw = self.aw, dl = self.dl, da = self.da, awake = self.awake
        let bodies = generalBodies, rows = generalRows

        // 1. External accelerations and resistance (implicit, so any resistance is stable).
        // The substep-start state; columns nobody needs this step are not touched (the solver is
        // memory-bound at 10,000 items).
        if !hasExternalForces {
            if collisionGroups.isEmpty {
                for b in bodies where awake[Int(b)] { let i = Int(b); v0x[i] = vx[i]; v0y[i] = vy[i]; w0[i] = w[i] }
            } else {
                for b in bodies where awake[Int(b)] {
                    let i = Int(b)
                    v0x[i] = vx[i]; v0y[i] = vy[i]; w0[i] = w[i]
                    p0x[i] = px[i]; p0y[i] = py[i]
                }
            }
        } else { for b in bodies where awake[Int(b)] {
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
        let prims = self.prims
        if iterations == 1 {
            for r in rows {
                let j = Int(r)
                var s = RowScratch()
                prims.base[j].prepare(&s, h: h, px: px, py: py, th: th, cosT: cosT, sinT: sinT,
                                 v0x: v0x, v0y: v0y, w0: w0, im: im, ii: ii, awake: awake)
                prims.base[j].solve(&s, h: h, vx: vx, vy: vy, w: w, im: im, ii: ii)
            }
        } else {
            scratch.reserve(primCount, live: 0, filler: RowScratch())
            let scratch = self.scratch
            for r in rows {
                let j = Int(r)
                prims.base[j].prepare(&scratch.base[j], h: h, px: px, py: py, th: th, cosT: cosT, sinT: sinT,
                                 v0x: v0x, v0y: v0y, w0: w0, im: im, ii: ii, awake: awake)
            }
            for _ in 0..<iterations {
                for r in rows {
                    let j = Int(r)
                    prims.base[j].solve(&scratch.base[j], h: h, vx: vx, vy: vy, w: w, im: im, ii: ii)
                }
            }
        }
        // 4. Positions with the mean velocity (the midpoint rule; exact for constant acceleration).
        let half = 0.5 * h
        for b in bodies where awake[Int(b)] {
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
        let vx = self.vx, vy = self.vy, w = self.w, awake = self.awake, slowTime = self.slow, coupled = self.coupled
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
        awake[i] = false
        vx[i] = 0; vy[i] = 0; w[i] = 0
    }
}

extension Primitive {
    /// Computes the row geometry, error and substep-start velocity into `s`.
    @inline(__always)
    func prepare(_ s: inout RowScratch, h: Double, px: Column<Double>, py: Column<Double>, th: Column<Double>,
                 cosT: Column<Double>, sinT: Column<Double>,
                 v0x: Column<Double>, v0y: Column<Double>, w0: Column<Double>,
                 im: Column<Double>, ii: Column<Double>, awake: Column<Bool>) {
        let a = Int(self.a), b = Int(self.b)
        s.active = awake[a] || (b >= 0 && awake[b])
        guard s.active else { return }
        s.lx = 0; s.ly = 0
        let mA = im[a], iA = ii[a]
        var mB = 0.0, iB = 0.0
        var rAx = 0.0, rAy = 0.0, rBx = 0.0, rBy = 0.0
        if localAx != 0 || localAy != 0 { (rAx, rAy) = rotate(localAx, localAy, cosT[a], sinT[a]) }
        let pAx = px[a] + rAx, pAy = py[a] + rAy
        var pBx: Double, pBy: Double
        var vAx = v0x[a] - w0[a] * rAy, vAy = v0y[a] + w0[a] * rAx
        let wA = w0[a]
        var wB = 0.0
        var thB = 0.0
        if b >= 0 {
            mB = im[b]; iB = ii[b]
            if localBx != 0 || localBy != 0 { (rBx, rBy) = rotate(localBx, localBy, cosT[b], sinT[b]) }
            pBx = px[b] + rBx; pBy = py[b] + rBy
            vAx -= v0x[b] - w0[b] * rBy
            vAy -= v0y[b] + w0[b] * rBx
            wB = w0[b]
            thB = th[b]
        } else {
            pBx = localBx; pBy = localBy
        }
        s.rAx = rAx; s.rAy = rAy; s.rBx = rBx; s.rBy = rBy
        let dx = pAx - pBx, dy = pAy - pBy
        switch kind {
        case .point:
            s.cx = dx; s.cy = dy
            s.ux = vAx; s.uy = vAy
            let k11 = mA + mB + iA * rAy * rAy + iB * rBy * rBy
            let k12 = -iA * rAx * rAy - iB * rBx * rBy
            let k22 = mA + mB + iA * rAx * rAx + iB * rBx * rBx
            let det = k11 * k22 - k12 * k12
            guard det > 0 else { s.active = false; return }
            let inv = 1 / det
            s.k11 = k22 * inv; s.k12 = -k12 * inv; s.k22 = k11 * inv
        case .distance, .rope, .line, .axisLimit:
            var nx: Double, ny: Double, c: Double
            switch kind {
            case .line, .axisLimit:
                var axX = axisX, axY = axisY
                if b >= 0 { (axX, axY) = rotate(axisX, axisY, cos(thB), sin(thB)) }
                if kind == .line {
                    nx = -axY; ny = axX
                    c = nx * dx + ny * dy
                } else {
                    nx = axX; ny = axY
                    let t = nx * dx + ny * dy
                    if t < length { c = t - length } else if t > upper { c = t - upper } else { s.active = false; return }
                }
            case .distance:
                (nx, ny, c) = distanceRow(dx: dx, dy: dy, vx: vAx, vy: vAy, length: length, half: 0.5 * h)
            default:
                let len = (dx * dx + dy * dy).squareRoot()
                if len > 1e-9 { nx = dx / len; ny = dy / len } else { nx = 1; ny = 0 }
                c = len - length
            }
            let u0 = nx * vAx + ny * vAy
            if kind == .rope && c < 0 && c + h * u0 < 0 { s.active = false; return }
            let crA = rAx * ny - rAy * nx, crB = rBx * ny - rBy * nx
            let k = mA + mB + iA * crA * crA + iB * crB * crB
            guard k > 0 else { s.active = false; return }
            s.nx = nx; s.ny = ny; s.cx = c; s.ux = u0; s.k11 = 1 / k
        case .angle, .angleLimit, .angularFriction:
            let k = iA + iB
            guard k > 0 else { s.active = false; return }
            s.k11 = 1 / k
            s.ux = wA - wB
            let relAngle = b >= 0 ? th[a] - th[b] : th[a]
            switch kind {
            case .angle: s.cx = relAngle - length
            case .angleLimit:
                if relAngle < length { s.cx = relAngle - length } else if relAngle > upper { s.cx = relAngle - upper } else { s.active = false }
            default: s.cx = 0
            }
        }
    }

    /// One Gauss–Seidel pass over this row.
    @inline(__always)
    func solve(_ s: inout RowScratch, h: Double, vx: Column<Double>, vy: Column<Double>, w: Column<Double>,
               im: Column<Double>, ii: Column<Double>) {
        guard s.active else { return }
        let a = Int(self.a), b = Int(self.b)
        let mA = im[a], iA = ii[a]
        let rAx = s.rAx, rAy = s.rAy, rBx = s.rBx, rBy = s.rBy
        switch kind {
        case .point, .distance, .rope, .line, .axisLimit:
            var uX = vx[a] - w[a] * rAy, uY = vy[a] + w[a] * rAx
            if b >= 0 {
                uX -= vx[b] - w[b] * rBy
                uY -= vy[b] + w[b] * rBx
            }
            var pX: Double, pY: Double
            if kind == .point {
                let bx = coef.massScale * (uX + s.ux) + coef.biasRate * s.cx
                let by = coef.massScale * (uY + s.uy) + coef.biasRate * s.cy
                pX = -(s.k11 * bx + s.k12 * by) - coef.impulseScale * s.lx
                pY = -(s.k12 * bx + s.k22 * by) - coef.impulseScale * s.ly
                s.lx += pX; s.ly += pY
            } else {
                let u = s.nx * uX + s.ny * uY
                var d = -s.k11 * (coef.massScale * (u + s.ux) + coef.biasRate * s.cx) - coef.impulseScale * s.lx
                if kind == .rope || kind == .axisLimit {
                    // Inequality rows push one way only: clamp the accumulated impulse.
                    let old = s.lx
                    s.lx = (kind == .rope || s.cx > 0) ? Swift.min(old + d, 0) : Swift.max(old + d, 0)
                    d = s.lx - old
                } else {
                    s.lx += d
                }
                pX = d * s.nx; pY = d * s.ny
            }
            vx[a] += mA * pX; vy[a] += mA * pY
            if iA != 0 { w[a] += iA * (rAx * pY - rAy * pX) }
            if b >= 0 {
                let mB = im[b], iB = ii[b]
                vx[b] -= mB * pX; vy[b] -= mB * pY
                if iB != 0 { w[b] -= iB * (rBx * pY - rBy * pX) }
            }
        case .angle, .angleLimit, .angularFriction:
            let u = w[a] - (b >= 0 ? w[b] : 0)
            var d: Double
            if kind == .angularFriction {
                let old = s.lx
                let limit = upper * h
                s.lx = Swift.max(-limit, Swift.min(limit, old - s.k11 * u))
                d = s.lx - old
            } else {
                d = -s.k11 * (coef.massScale * (u + s.ux) + coef.biasRate * s.cx) - coef.impulseScale * s.lx
                if kind == .angleLimit {
                    let old = s.lx
                    s.lx = s.cx > 0 ? Swift.min(old + d, 0) : Swift.max(old + d, 0)
                    d = s.lx - old
                } else {
                    s.lx += d
                }
            }
            w[a] += iA * d
            if b >= 0 { w[b] -= ii[b] * d }
        }
    }
}
