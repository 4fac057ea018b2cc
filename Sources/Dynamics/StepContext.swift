import Geometry

/// One step's constants and the body columns its stages read and write (as Box2D's
/// `b2StepContext`): built once per step by ``World/advance(_:)`` and handed to every stage — the
/// solo pass, the flock pass, the general substeps, the energy guard and the sleep update — instead
/// of each stage reading ``World``'s properties (each such read would also cost an exclusivity
/// check in the row loops).
///
/// The columns are copies of ``BodyColumns``' pointers, valid for the step.
struct StepContext {
    /// The step and substep lengths (seconds), and half a substep.
    let dt: Double, h: Double, half: Double
    /// Substeps in the step, and Gauss–Seidel passes per substep.
    let substeps: Int, iterations: Int
    /// Centre (points) and rotation (radians, with its cosine and sine) of every body.
    let px, py, th, cosT, sinT: Column<Double>
    /// The rotation at the step's start (``BodyColumns/th0``).
    let th0: Column<Double>
    /// Velocity (points/s, rad/s), and its substep-start value (rows linearise around it).
    let vx, vy, w, v0x, v0y, w0: Column<Double>
    /// Inverse mass and inverse inertia.
    let im, ii: Column<Double>
    /// Constant accelerations and resistances.
    let ax, ay, aw, dl, da: Column<Double>
    /// Seconds each body has been slow (see ``SolverPolicy/slowTime(after:vx:vy:w:dt:)``).
    let slow: Column<Double>
    let awake, coupled: Column<Bool>
    /// Whether slow bodies may fall asleep this step (``World/allowsSleeping``).
    let allowsSleeping: Bool

    init(dt: Double, substeps: Int, iterations: Int, bodies b: BodyColumns) {
        self.dt = dt
        self.substeps = substeps
        self.iterations = iterations
        h = dt / Double(substeps)
        half = 0.5 * h
        px = b.px; py = b.py; th = b.th; th0 = b.th0; cosT = b.cosT; sinT = b.sinT
        vx = b.vx; vy = b.vy; w = b.w; v0x = b.v0x; v0y = b.v0y; w0 = b.w0
        im = b.im; ii = b.ii
        ax = b.ax; ay = b.ay; aw = b.aw; dl = b.dl; da = b.da
        slow = b.slow; awake = b.awake; coupled = b.coupled
        allowsSleeping = b.allowsSleeping
    }

    /// The columns a substep's rows read and write.
    var rowColumns: SolverColumns {
        SolverColumns(px: px, py: py, th: th, cosT: cosT, sinT: sinT, v0x: v0x, v0y: v0y, w0: w0,
                      vx: vx, vy: vy, w: w, im: im, ii: ii, awake: awake)
    }

    /// Sets body `i`'s rotation to `angle` (radians), with its cosine and sine.
    @inline(__always)
    func turn(_ i: Int, to angle: Double) {
        th[i] = angle
        var s = 0.0, c = 0.0
        kinetic_sincos(angle, &s, &c)
        cosT[i] = c
        sinT[i] = s
    }

    /// Turns body `i` by `d` radians in substep `index` (0-based) of the step: exactly
    /// (``turn(_:to:)``) in the last substep, by series in the others (``turnWithin(_:to:)``);
    /// a body turned within the step that does not turn in its last substep is turned exactly to
    /// its angle there (``th0``). So between steps every body's cosine and sine are its angle's
    /// bit for bit.
    @inline(__always)
    func turn(_ i: Int, by d: Double, substep index: Int) {
        if index == 0 { th0[i] = th[i] }
        if index + 1 < substeps {
            if d != 0 { turnWithin(i, to: th[i] + d) }
        } else if d != 0 {
            turn(i, to: th[i] + d)
        } else if th[i] != th0[i] {
            turn(i, to: th[i])
        }
    }

    /// Sets body `i`'s rotation to `angle` (radians) within a step: its cosine and sine are the
    /// last ones turned on by the difference, from series (to the ninth power: at most 3 × 10⁻¹⁷
    /// off for a turn under 0.1 rad; a larger turn is worked out afresh), not `sincos` afresh,
    /// which was 6 % of a resting pile's step. Only a step's inner substeps turn this way; its
    /// last turns by ``turn(_:to:)`` (or, not turning there, is turned to its angle if it moved
    /// from ``th0``), so between steps a body's cosine and sine are its angle's bit for bit (what
    /// `DynamicAnimator` writes to the item's transform).
    @inline(__always)
    func turnWithin(_ i: Int, to angle: Double) {
        let d = angle - th[i]
        guard abs(d) < Self.seriesTurn else { turn(i, to: angle); return }
        th[i] = angle
        (cosT[i], sinT[i]) = Self.turned(cos: cosT[i], sin: sinT[i], by: d)
    }

    /// The largest turn (radians, not included) ``turnWithin(_:to:)`` takes by series.
    static let seriesTurn = 0.1

    /// The cosine and sine of an angle whose cosine and sine are `c` and `s`, turned by `d`
    /// radians (under ``seriesTurn``), by the series of ``turnWithin(_:to:)``: one body's (`Double`) or four
    /// side by side (``advancePositions(_:index:colliding:inContact:hasRows:dense:)``).
    @inline(__always)
    static func turned<V: SpringLane>(cos c: V, sin s: V, by d: V) -> (V, V) {
        // 1 − d²(1/2 − d²(1/24 − d²(1/720 − d²/8!))) and d(1 − d²(1/6 − d²(1/120 − d²(1/5040 − d²/9!)))),
        // spelled out term by term (the type checker gives up on them generic and whole).
        let d2 = d * d
        let c4: V = d2 * ((1.0 / 720 as Double) - d2 / 40320)
        let c2: V = d2 * ((1.0 / 24 as Double) - c4)
        let cd: V = 1 - d2 * ((1.0 / 2 as Double) - c2)
        let s4: V = d2 * ((1.0 / 5040 as Double) - d2 / 362880)
        let s2: V = d2 * ((1.0 / 120 as Double) - s4)
        let sd: V = d * (1 - d2 * ((1.0 / 6 as Double) - s2))
        return (c * cd - s * sd, s * cd + c * sd)
    }

    /// Puts body `i` to sleep: it stops and the step no longer moves it.
    @inline(__always)
    func sleep(_ i: Int) {
        awake[i] = false
        vx[i] = 0; vy[i] = 0; w[i] = 0
    }

    /// Stores an anchored body's state after all its substeps — a solo or flock body: springs at
    /// its centre to fixed anchors only, never coupled — and finishes its step as the general loop
    /// does: turns it by its spin (no row has an arm, so no torque acts and the spin does not
    /// change), applies the energy guard (``EnergyGuard``) to its `energy` per unit mass at the
    /// step's start and end (nil for a point spring, whose energy the midpoint rule keeps exactly),
    /// and updates its sleep state (with sleeping off it stays awake and keeps its velocity). The
    /// columns hold the step start on entry. Returns whether the guard stepped in.
    @inline(__always)
    func finishAnchoredBody(_ i: Int, x: Double, y: Double, ux: Double, uy: Double,
                            energy: (start: Double, end: Double)?) -> Bool {
        let angle = th[i]
        var x = x, y = y, ux = ux, uy = uy, spin = w[i]
        if spin + spin != 0 {
            var t = angle
            for _ in 0..<substeps { t += half * (spin + spin) }
            turn(i, to: t)
        }
        var triggered = false
        if let energy, let excess = EnergyGuard.excess(start: energy.start, end: energy.end) {
            let ratio = ii[i] > 0 ? im[i] / ii[i] : 0
            let kinetic = EnergyGuard.kinetic(vx: ux, vy: uy, spinRatio: ratio, w: spin)
            if let scale = EnergyGuard.velocityScale(removing: excess, kinetic: kinetic) {
                ux *= scale; uy *= scale; spin *= scale
            } else {
                // The position alone holds more energy than the step started with: undo the step.
                x = px[i]; y = py[i]
                if th[i] != angle { turn(i, to: angle) }
                ux = 0; uy = 0; spin = 0
            }
            triggered = true
        }
        px[i] = x; py[i] = y
        let time = SolverPolicy.slowTime(after: slow[i], vx: ux, vy: uy, w: spin, dt: dt)
        slow[i] = time
        if allowsSleeping && SolverPolicy.isReadyToSleep(time) {
            sleep(i)
        } else {
            vx[i] = ux; vy[i] = uy; w[i] = spin
        }
        return triggered
    }

    /// ``finishAnchoredBody(_:x:y:ux:uy:energy:)`` for each awake lane of a SIMD pair of bodies
    /// (`body0`, and `body1` when `lanes` is 2), with the lanes' states and their energies at the
    /// step's start and end. Returns how many times the guard stepped in.
    @inline(__always)
    func finishLanes(_ body0: Int32, _ body1: Int32, lanes: Int32, x: SIMD2<Double>, y: SIMD2<Double>,
                     ux: SIMD2<Double>, uy: SIMD2<Double>, energy start: SIMD2<Double>, _ end: SIMD2<Double>) -> Int {
        var triggers = 0
        for l in 0..<Int(lanes) {
            let i = Int(l == 0 ? body0 : body1)
            guard awake[i] else { continue }
            if finishAnchoredBody(i, x: x[l], y: y[l], ux: ux[l], uy: uy[l], energy: (start[l], end[l])) { triggers += 1 }
        }
        return triggers
    }
}
