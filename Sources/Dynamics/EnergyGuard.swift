import Geometry

/// The energy guard: a step never adds mechanical energy to a body that only springs hold.
///
/// The midpoint rule conserves a linear spring's energy exactly (it keeps quadratic invariants)
/// and damping only removes energy. A spring with a rest length is not linear: its direction turns
/// as the body moves. ``distanceRow(dx:dy:vx:vy:length:half:)`` predicts that turn, which keeps
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
/// Solo and flock bodies (``SoloRow``, ``FlockPair``) apply the guard themselves; the lists here
/// hold the general loop's guarded bodies.
enum EnergyGuard {
    /// Relative growth per step tolerated as round-off.
    static let tolerance = 1e-9
}

/// One guarded body's state at the start of a step.
struct GuardedStart {
    var body: Int32
    var energy: Double
    var x: Double, y: Double, angle: Double
}

extension World {
    /// Lists the general-path bodies the guard watches and their rows (after classification).
    func classifyGuardedBodies(rowsPerBody: [Int32], inField: [Bool], isSolo: [Bool]) {
        var eligible = [Bool](repeating: false, count: count)
        let coupled = bodies.coupled, im = bodies.im, prims = rows.prims
        for i in 0..<count where rowsPerBody[i] > 0 && !isSolo[i] && !coupled[i] && !inField[i] && im[i] > 0 {
            eligible[i] = true
        }
        for j in 0..<primCount {
            let p = prims[j]
            let a = Int(p.a)
            let spring = p.b < 0 && !p.rigid && (p.kind == .point || p.kind == .distance) && p.localAx == 0 && p.localAy == 0
            if !spring { eligible[a] = false; if p.b >= 0 { eligible[Int(p.b)] = false } }
        }
        var slot = [Int32](repeating: -1, count: count)
        var starts = ContiguousArray<GuardedStart>()
        for i in 0..<count where eligible[i] {
            slot[i] = Int32(starts.count)
            starts.append(GuardedStart(body: Int32(i), energy: 0, x: 0, y: 0, angle: 0))
        }
        var guardedRows = ContiguousArray<Int32>()
        for j in 0..<primCount where eligible[Int(prims[j].a)] { guardedRows.append(Int32(j)) }
        guardedStarts = starts
        self.guardedRows = guardedRows
        guardSlot = slot
    }

    /// Energy per unit mass of body `i` without its springs.
    @inline(__always)
    func freeEnergy(_ i: Int) -> Double {
        let spin = bodies.ii[i] > 0 ? bodies.im[i] / bodies.ii[i] : 0
        return 0.5 * (bodies.vx[i] * bodies.vx[i] + bodies.vy[i] * bodies.vy[i]) + 0.5 * spin * bodies.w[i] * bodies.w[i]
            - (bodies.ax[i] * bodies.px[i] + bodies.ay[i] * bodies.py[i]) - spin * bodies.aw[i] * bodies.th[i]
    }

    /// The guarded bodies' energies per unit mass, into `out` (indexed by guard slot).
    private func guardedEnergies(_ out: inout [Double]) {
        let starts = guardedStarts
        out.removeAll(keepingCapacity: true)
        for s in starts { out.append(freeEnergy(Int(s.body))) }
        let prims = rows.prims, px = bodies.px, py = bodies.py, slot = guardSlot
        for j in guardedRows {
            let p = prims[Int(j)]
            let a = Int(p.a)
            let dx = px[a] - p.localBx, dy = py[a] - p.localBy
            let c2: Double
            if p.kind == .point {
                c2 = dx * dx + dy * dy
            } else {
                let c = (dx * dx + dy * dy).squareRoot() - p.length
                c2 = c * c
            }
            out[Int(slot[a])] += 0.5 * p.omega * p.omega * c2
        }
    }

    /// Records the guarded bodies' energy and position before a step.
    func beginGuardedStep() {
        guard !guardedStarts.isEmpty else { return }
        guardedEnergies(&guardEnergy)
        for k in guardedStarts.indices {
            let i = Int(guardedStarts[k].body)
            guardedStarts[k].energy = guardEnergy[k]
            guardedStarts[k].x = bodies.px[i]; guardedStarts[k].y = bodies.py[i]; guardedStarts[k].angle = bodies.th[i]
        }
    }

    /// Takes any energy the step added back out of the guarded bodies (see ``EnergyGuard``).
    func endGuardedStep() {
        guard !guardedStarts.isEmpty else { return }
        guardedEnergies(&guardEnergy)
        for k in guardedStarts.indices {
            let s = guardedStarts[k]
            let i = Int(s.body)
            guard bodies.awake[i] else { continue }
            let now = guardEnergy[k]
            let excess = now - s.energy
            guard !(excess <= EnergyGuard.tolerance * (abs(s.energy) + abs(now)) + 1e-12) else { continue }
            let spin = bodies.ii[i] > 0 ? bodies.im[i] / bodies.ii[i] : 0
            let kinetic = 0.5 * (bodies.vx[i] * bodies.vx[i] + bodies.vy[i] * bodies.vy[i]) + 0.5 * spin * bodies.w[i] * bodies.w[i]
            if kinetic.isFinite && kinetic > excess {
                let scale = ((kinetic - excess) / kinetic).squareRoot()
                bodies.vx[i] *= scale; bodies.vy[i] *= scale; bodies.w[i] *= scale
            } else {
                // The position alone holds more energy than the step started with: undo the step.
                bodies.px[i] = s.x; bodies.py[i] = s.y
                if bodies.th[i] != s.angle { bodies.th[i] = s.angle; bodies.cosT[i] = cos(s.angle); bodies.sinT[i] = sin(s.angle) }
                bodies.vx[i] = 0; bodies.vy[i] = 0; bodies.w[i] = 0
            }
            guardTriggers += 1
        }
    }
}
