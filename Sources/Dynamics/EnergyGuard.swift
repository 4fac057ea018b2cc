import Geometry

/// The energy guard: a step never adds mechanical energy to a body that only springs hold.
///
/// The midpoint rule conserves a linear spring's energy exactly (it keeps quadratic invariants)
/// and damping only removes energy. A spring with a rest length is not linear: its direction turns
/// as the body moves. ``SpringKernel/distanceRow(dx:dy:vx:vy:length:half:)`` predicts that turn, which keeps
/// the energy to high order, but the prediction is explicit: a body that passes an anchor closer
/// than one substep's travel, or a spring stiffer than the capped substeps resolve, can still gain
/// energy, and nothing in a lightly damped orbit would take it out again.
///
/// So each step measures, for every guarded body, its energy per unit mass before and after the
/// step (anchors do not move during a step, so any growth is the integrator's). If it grew by
/// more than ``EnergyGuard/tolerance``, the excess comes out of the kinetic energy (velocity and
/// spin are scaled down); when the kinetic energy cannot pay for it, the step is undone for that
/// body, which stays where it started, at rest. A well-resolved spring never triggers it.
///
/// Guarded: bodies not coupled to other bodies and not in a field, whose rows are all soft
/// ``PrimitiveKind/point`` or ``PrimitiveKind/distance`` rows to a fixed anchor at the body's
/// centre (the drag and springy scenes' cells). Energy per unit mass is
/// `½|v|² + ½(I/m)·ω_spin² − a·x − (I/m)·α·θ + Σ ½ω²C²` (constant accelerations are potentials).
/// The decision and the correction are written once, here, and used by the general loop
/// (``GuardedBodies``) and by the solo and flock paths, which guard their own bodies
/// (``StepContext/finishAnchoredBody(_:x:y:ux:uy:energy:)``).
enum EnergyGuard {
    /// Relative growth per step tolerated as round-off.
    static let tolerance = 1e-9

    /// The energy per unit mass a step added beyond round-off to a body that had `start` before it
    /// and `end` after it, or nil when it added none (a value that is not a number counts as added).
    @inline(__always)
    static func excess(start: Double, end: Double) -> Double? {
        let excess = end - start
        return excess <= tolerance * (abs(start) + abs(end)) + 1e-12 ? nil : excess
    }

    /// The factor that takes `excess` out of a body's velocities and spin when their energy per unit
    /// mass is `kinetic`; nil when the kinetic energy cannot pay for it (the step is then undone).
    @inline(__always)
    static func velocityScale(removing excess: Double, kinetic: Double) -> Double? {
        kinetic.isFinite && kinetic > excess ? ((kinetic - excess) / kinetic).squareRoot() : nil
    }

    /// Kinetic energy per unit mass of a velocity (points/s): `½|v|²`.
    @inline(__always)
    static func kinetic<V: SpringLane>(vx: V, vy: V) -> V { 0.5 * (vx * vx + vy * vy) }

    /// Kinetic energy per unit mass with a spin `w` (rad/s) weighed by `spinRatio = I/m`:
    /// `½|v|² + ½(I/m)·ω²`.
    @inline(__always)
    static func kinetic<V: SpringLane>(vx: V, vy: V, spinRatio: V, w: V) -> V {
        kinetic(vx: vx, vy: vy) + 0.5 * spinRatio * w * w
    }

    /// A spring's potential energy per unit mass: `scale · C²`, with `scale = ½ω²` (``springScale(omega:)``)
    /// and `C²` its squared error (points²).
    @inline(__always)
    static func spring<V: SpringLane>(scale: V, squaredError c2: V) -> V { scale * c2 }

    /// `½ω²` for a spring of angular frequency `omega` (rad/s), multiplied left to right.
    @inline(__always)
    static func springScale(omega: Double) -> Double { 0.5 * omega * omega }
}

/// One guarded body's state at the start of a step.
struct GuardedStart {
    var body: Int32
    var energy: Double
    var x: Double, y: Double, angle: Double
}

/// The general loop's guarded bodies (see ``EnergyGuard``): their state at the step start, their
/// rows, each body's slot (or -1), and scratch for their energies.
struct GuardedBodies {
    private var starts = ContiguousArray<GuardedStart>()
    private var rows = ContiguousArray<Int32>()
    private var slot: [Int32] = []
    private var energy: [Double] = []

    init() {}

    /// Lists the bodies the guard watches among the `count` bodies: not solo or flock (`isSolo`),
    /// not coupled, not in a field, with rows (`rowsPerBody`) that are all soft point or distance
    /// rows to a fixed anchor at the body's centre.
    init(prims: Column<Primitive>, primCount: Int, bodies b: BodyColumns, count: Int,
         rowsPerBody: [Int32], inField: [Bool], isSolo: [Bool]) {
        var eligible = [Bool](repeating: false, count: count)
        let coupled = b.coupled, im = b.im
        for i in 0..<count where rowsPerBody[i] > 0 && !isSolo[i] && !coupled[i] && !inField[i] && im[i] > 0 {
            eligible[i] = true
        }
        for j in 0..<primCount {
            let p = prims[j]
            let a = Int(p.a)
            let spring = p.b < 0 && !p.rigid && (p.kind == .point || p.kind == .distance) && p.localAx == 0 && p.localAy == 0
            if !spring { eligible[a] = false; if p.b >= 0 { eligible[Int(p.b)] = false } }
        }
        slot = [Int32](repeating: -1, count: count)
        for i in 0..<count where eligible[i] {
            slot[i] = Int32(starts.count)
            starts.append(GuardedStart(body: Int32(i), energy: 0, x: 0, y: 0, angle: 0))
        }
        for j in 0..<primCount where eligible[Int(prims[j].a)] { rows.append(Int32(j)) }
    }

    /// Energy per unit mass of body `i` without its springs: kinetic energy less the potentials of
    /// its constant accelerations.
    @inline(__always)
    private func freeEnergy(_ i: Int, _ c: StepContext) -> Double {
        let spin = c.ii[i] > 0 ? c.im[i] / c.ii[i] : 0
        return EnergyGuard.kinetic(vx: c.vx[i], vy: c.vy[i], spinRatio: spin, w: c.w[i])
            - (c.ax[i] * c.px[i] + c.ay[i] * c.py[i]) - spin * c.aw[i] * c.th[i]
    }

    /// The guarded bodies' energies per unit mass, into ``energy`` (indexed by guard slot).
    private mutating func measure(_ c: StepContext, _ prims: Column<Primitive>) {
        energy.removeAll(keepingCapacity: true)
        for s in starts { energy.append(freeEnergy(Int(s.body), c)) }
        for j in rows {
            let p = prims[Int(j)]
            let a = Int(p.a)
            let dx = c.px[a] - p.localBx, dy = c.py[a] - p.localBy
            let c2: Double
            if p.kind == .point {
                c2 = dx * dx + dy * dy
            } else {
                let e = (dx * dx + dy * dy).squareRoot() - p.length
                c2 = e * e
            }
            energy[Int(slot[a])] += EnergyGuard.spring(scale: EnergyGuard.springScale(omega: p.omega), squaredError: c2)
        }
    }

    /// Records the guarded bodies' energy and position before a step.
    mutating func begin(_ c: StepContext, _ prims: Column<Primitive>) {
        guard !starts.isEmpty else { return }
        measure(c, prims)
        for k in starts.indices {
            let i = Int(starts[k].body)
            starts[k].energy = energy[k]
            starts[k].x = c.px[i]; starts[k].y = c.py[i]; starts[k].angle = c.th[i]
        }
    }

    /// Takes any energy the step added back out of the guarded bodies (see ``EnergyGuard``).
    /// Returns how many bodies it corrected.
    mutating func end(_ c: StepContext, _ prims: Column<Primitive>) -> Int {
        guard !starts.isEmpty else { return 0 }
        measure(c, prims)
        var triggers = 0
        for k in starts.indices {
            let s = starts[k]
            let i = Int(s.body)
            guard c.awake[i], let excess = EnergyGuard.excess(start: s.energy, end: energy[k]) else { continue }
            let spin = c.ii[i] > 0 ? c.im[i] / c.ii[i] : 0
            let kinetic = EnergyGuard.kinetic(vx: c.vx[i], vy: c.vy[i], spinRatio: spin, w: c.w[i])
            if let scale = EnergyGuard.velocityScale(removing: excess, kinetic: kinetic) {
                c.vx[i] *= scale; c.vy[i] *= scale; c.w[i] *= scale
            } else {
                // The position alone holds more energy than the step started with: undo the step.
                c.px[i] = s.x; c.py[i] = s.y
                if c.th[i] != s.angle { c.turn(i, to: s.angle) }
                c.vx[i] = 0; c.vy[i] = 0; c.w[i] = 0
            }
            triggers += 1
        }
        return triggers
    }
}
