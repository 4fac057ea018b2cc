import Geometry

/// A body whose only coupling is one spring to a fixed anchor at its centre (the common case: an
/// ``AttachmentBehavior`` to an anchor point with no offset, and no forces, fields or collisions).
///
/// Such a body does not interact with anything else during a step, so the solver advances it
/// through all substeps at once in a small block on the stack (one load and one store of its
/// columns per step instead of several memory passes per substep), with the same arithmetic as
/// the general row path: the results are bit-identical to solving it with the other rows
/// (`SoloRowTests`), so which path a body takes never shows.
struct SoloRow {
    /// Body index.
    var body: Int32
    /// Index into ``World/soloGroups`` (the coefficients shared by rows with the same settings).
    var group: Int32
    /// The anchor, reference coordinates (points).
    var anchorX: Double, anchorY: Double
    /// Rest length (points); 0 for point rows.
    var length: Double
    /// Inverse mass of the body.
    var inverseMass: Double
    /// The row's effective-mass factor, computed as the general path computes it.
    var k: Double
}

/// Settings shared by solo rows, and their coefficients for the current substep.
struct SoloGroup {
    var isPoint: Bool
    var rigid: Bool
    var omega: Double
    var zeta: Double
    var coef = SoftCoefficients(omega: 0, zeta: 0, h: 0)
}

extension World {
    /// Splits bodies and rows into solo rows (advanced by ``advanceSoloRows(_:substeps:dt:)``) and
    /// the general lists the substep loop walks. Called after every row and force has compiled.
    func classifySoloRows() {
        // Columns and lists are read into locals once: World's properties would each cost an
        // exclusivity check per access in these 10,000-body loops.
        let count = self.count, primCount = self.primCount, prims = self.prims
        let coupled = self.coupled, im = self.im, ax = self.ax, ay = self.ay, aw = self.aw
        let dl = self.dl, da = self.da
        var rows = [Int32](repeating: 0, count: count)
        var rowOf = [Int32](repeating: -1, count: count)
        for j in 0..<primCount {
            let p = prims[j]
            rows[Int(p.a)] += 1
            rowOf[Int(p.a)] = Int32(j)
            if p.b >= 0 { rows[Int(p.b)] += 1 }
        }
        var inField = [Bool](repeating: false, count: count)
        for f in fields { for i in f.bodies { inField[i] = true } }

        var solo = ContiguousArray<SoloRow>()
        solo.reserveCapacity(count)
        var groups = ContiguousArray<SoloGroup>()
        var soloOfPrim = [Int32](repeating: -1, count: primCount)
        var isSolo = [Bool](repeating: false, count: count)
        var groupKeys: [SoloGroupKey] = []
        var groupIndex: [SoloGroupKey: Int32] = [:]
        var lastKey: SoloGroupKey?
        var lastGroup: Int32 = 0
        for i in 0..<count {
            guard rows[i] == 1, !coupled[i], !inField[i], im[i] > 0,
                  ax[i] == 0, ay[i] == 0, aw[i] == 0, dl[i] == 0, da[i] == 0 else { continue }
            let j = Int(rowOf[i])
            let p = prims[j]
            guard p.b < 0, p.kind == .distance || p.kind == .point, p.localAx == 0, p.localAy == 0 else { continue }
            let key = SoloGroupKey(isPoint: p.kind == .point, rigid: p.rigid,
                                   omega: p.rigid ? 0 : p.omega.bitPattern, zeta: p.rigid ? 0 : p.zeta.bitPattern)
            var g: Int32
            if key == lastKey {
                // Neighbouring rows usually share their settings.
                g = lastGroup
            } else {
                // A scene has few distinct settings: scan them, and hash only past a handful.
                g = -1
                if groupKeys.count <= 8 {
                    if let k = groupKeys.firstIndex(of: key) { g = Int32(k) }
                } else if let found = groupIndex[key] {
                    g = found
                }
                if g < 0 {
                    g = Int32(groups.count)
                    groupKeys.append(key)
                    if groupKeys.count > 8 {
                        if groupIndex.isEmpty { for (k, key) in groupKeys.enumerated() { groupIndex[key] = Int32(k) } }
                        groupIndex[key] = g
                    }
                    groups.append(SoloGroup(isPoint: key.isPoint, rigid: p.rigid, omega: p.omega, zeta: p.zeta))
                }
            }
            lastKey = key
            lastGroup = g
            let mA = im[i]
            // The effective-mass factor exactly as the general path computes it with zero arms.
            let k = p.kind == .point ? mA * (1 / (mA * mA)) : 1 / mA
            guard k.isFinite, k > 0 else { continue }
            soloOfPrim[j] = Int32(solo.count)
            solo.append(SoloRow(body: Int32(i), group: g, anchorX: p.localBx, anchorY: p.localBy,
                                length: p.length, inverseMass: mA, k: k))
            isSolo[i] = true
        }
        var bodies: [Int32] = [], general: [Int32] = []
        bodies.reserveCapacity(count - solo.count)
        general.reserveCapacity(primCount - solo.count)
        for i in 0..<count where !isSolo[i] { bodies.append(Int32(i)) }
        for j in 0..<primCount where soloOfPrim[j] < 0 { general.append(Int32(j)) }
        classifyGuardedBodies(rowsPerBody: rows, inField: inField, isSolo: isSolo)
        soloRows = solo
        soloGroups = groups
        soloRowOfPrim = soloOfPrim
        generalBodies = bodies
        generalRows = general
        soloCoefficientStep = .nan
    }

    /// Moves a compiled anchor (row `j`) without recompiling.
    func setAnchor(ofRow j: Int, _ point: Point) {
        prims[j].localBx = point.x
        prims[j].localBy = point.y
        if j < soloRowOfPrim.count, case let r = Int(soloRowOfPrim[j]), r >= 0 {
            soloRows[r].anchorX = point.x
            soloRows[r].anchorY = point.y
        }
    }

    /// Advances every awake solo body through `n` substeps of `h` seconds, then updates its sleep
    /// state for the step of `dt` seconds (solo bodies are never coupled, so they sleep alone).
    func advanceSoloRows(_ h: Double, substeps n: Int, dt: Double) {
        guard !soloRows.isEmpty else { return }
        if h != soloCoefficientStep {
            let rigid = SoftCoefficients.rigid(h: h)
            for g in soloGroups.indices {
                let s = soloGroups[g]
                soloGroups[g].coef = s.rigid ? rigid : SoftCoefficients(omega: s.omega, zeta: s.zeta, h: h)
            }
            soloCoefficientStep = h
        }
        let state = SoloState(px: px, py: py, th: th, cosT: cosT, sinT: sinT, vx: vx, vy: vy, w: w,
                              awake: awake, slowTime: slow, half: 0.5 * h, substeps: n, dt: dt)
        let awake = self.awake
        // Distance rows are solved in blocks of 32 lanes (16 SIMD pairs), substep by substep, so the
        // lanes' independent chains (a square root and a division each) overlap instead of waiting
        // on each other. The block lives on the stack: nothing allocates per step.
        var triggers = 0
        defer { guardTriggers += triggers }
        withUnsafeTemporaryAllocation(of: SoloPair.self, capacity: soloBlock / 2) { pairs in
            let pairs = pairs.baseAddress!
            soloGroups.withUnsafeBufferPointer { groups in
                soloRows.withUnsafeBufferPointer { rows in
                    var r = 0
                    while r < rows.count {
                        var count = 0
                        while r < rows.count && count < soloBlock {
                            let row = rows[r]
                            r += 1
                            let i = Int(row.body)
                            guard awake[i] else { continue }
                            let group = groups[Int(row.group)]
                            if group.isPoint {
                                state.advancePoint(row, group.coef, i)
                                continue
                            }
                            let lane = SoloPair.Lane(
                                body: i, x: state.px[i], y: state.py[i], ux: state.vx[i], uy: state.vy[i],
                                anchorX: row.anchorX, anchorY: row.anchorY, length: row.length, k: row.k,
                                m: row.inverseMass, ms: group.coef.massScale, br: group.coef.biasRate,
                                omega: group.omega)
                            if count & 1 == 0 {
                                // The second lane starts as a copy, so a lone last lane computes harmless values.
                                (pairs + count / 2).initialize(to: SoloPair(lane, lane))
                            } else {
                                pairs[count / 2].set(lane, at: 1)
                            }
                            count += 1
                        }
                        let pairCount = (count + 1) / 2
                        // The energy guard (see ``EnergyGuard``): a solo body is a guarded body.
                        for p in 0..<pairCount { pairs[p].energy = pairs[p].currentEnergy() }
                        for _ in 0..<n {
                            for p in 0..<pairCount { pairs[p].substep(half: state.half) }
                        }
                        for p in 0..<pairCount { pairs[p].energy = pairs[p].currentEnergy() - pairs[p].energy }
                        for l in 0..<count {
                            let pair = pairs[l / 2], c = l & 1
                            var x = pair.x[c], y = pair.y[c], ux = pair.ux[c], uy = pair.uy[c]
                            let excess = pair.energy[c]
                            if excess > 0 && !(excess <= EnergyGuard.tolerance * pair.scale[c] + 1e-12) {
                                let kinetic = 0.5 * (ux * ux + uy * uy)
                                if kinetic.isFinite && kinetic > excess {
                                    let scale = ((kinetic - excess) / kinetic).squareRoot()
                                    ux *= scale; uy *= scale
                                } else {
                                    x = pair.x0[c]; y = pair.y0[c]; ux = 0; uy = 0
                                }
                                triggers += 1
                            }
                            state.finish(pair.body[c], x: x, y: y, ux: ux, uy: uy)
                        }
                    }
                }
            }
        }
    }
}

/// Lanes per block in ``World/advanceSoloRows(_:substeps:dt:)``: enough independent work to
/// hide the latency of a substep, small enough to stay in L1.
private let soloBlock = 32

/// Two distance rows advanced side by side (SIMD lanes: one square root and one division
/// instruction serve both). Each lane's arithmetic is exactly the scalar general path's.
struct SoloPair {
    /// One row's state and settings.
    struct Lane {
        var body: Int
        var x, y, ux, uy: Double
        var anchorX, anchorY, length, k, m, ms, br: Double
        /// Spring angular frequency, rad/s.
        var omega: Double
    }

    var body: SIMD2<Int>
    var x, y, ux, uy: SIMD2<Double>
    var anchorX, anchorY, length, k, m, ms, br: SIMD2<Double>
    /// For the energy guard: frequency, start position, and the energy per unit mass (at the start,
    /// then the step's change) with its scale (start energy) for the round-off tolerance.
    var omega, x0, y0: SIMD2<Double>
    var energy = SIMD2<Double>(), scale = SIMD2<Double>()

    init(_ a: Lane, _ b: Lane) {
        body = SIMD2(a.body, b.body)
        x = SIMD2(a.x, b.x); y = SIMD2(a.y, b.y); ux = SIMD2(a.ux, b.ux); uy = SIMD2(a.uy, b.uy)
        anchorX = SIMD2(a.anchorX, b.anchorX); anchorY = SIMD2(a.anchorY, b.anchorY)
        length = SIMD2(a.length, b.length); k = SIMD2(a.k, b.k); m = SIMD2(a.m, b.m)
        ms = SIMD2(a.ms, b.ms); br = SIMD2(a.br, b.br)
        omega = SIMD2(a.omega, b.omega)
        x0 = x; y0 = y
    }

    mutating func set(_ a: Lane, at c: Int) {
        body[c] = a.body
        x[c] = a.x; y[c] = a.y; ux[c] = a.ux; uy[c] = a.uy
        anchorX[c] = a.anchorX; anchorY[c] = a.anchorY; length[c] = a.length
        k[c] = a.k; m[c] = a.m; ms[c] = a.ms; br[c] = a.br
        omega[c] = a.omega; x0[c] = a.x; y0[c] = a.y
    }

    /// Energy per unit mass of both lanes: ½|u|² + ½ω²(len − length)² (see ``EnergyGuard``).
    /// Also records the magnitude the first time it is called in a step, for the tolerance.
    @inline(__always)
    mutating func currentEnergy() -> SIMD2<Double> {
        let dx = x - anchorX, dy = y - anchorY
        let c = (dx * dx + dy * dy).squareRoot() - length
        let e = 0.5 * (ux * ux + uy * uy) + 0.5 * (omega * omega) * (c * c)
        scale = scale + e
        return e
    }

    /// One midpoint substep of each spring, as the general path's prepare + solve with one row:
    /// the accumulated impulse starts at 0, so the softness term vanishes.
    @inline(__always)
    mutating func substep(half: Double) {
        // `distanceRow(dx:dy:vx:vy:length:half:)` on both lanes: direction and error at the
        // predicted midpoint.
        let mx = (x - anchorX) + half * ux, my = (y - anchorY) + half * uy
        let len = (mx * mx + my * my).squareRoot()
        let degenerate = len .<= 1e-9
        let nx = (mx / len).replacing(with: 1, where: degenerate)
        let ny = (my / len).replacing(with: 0, where: degenerate)
        let u0 = nx * ux + ny * uy
        let c = (len - length) - half * u0
        let d = -k * (ms * (u0 + u0) + br * c)
        let nvx = ux + m * (d * nx), nvy = uy + m * (d * ny)
        x += half * (ux + nvx)
        y += half * (uy + nvy)
        ux = nvx; uy = nvy
    }
}

/// The columns and step constants the solo pass reads and writes.
struct SoloState {
    let px, py, th, cosT, sinT, vx, vy, w: Column<Double>
    let awake: Column<Bool>
    let slowTime: Column<Double>
    let half: Double
    let substeps: Int
    let dt: Double

    /// Advances a point row (a length-0 spring) through every substep.
    @inline(__always)
    func advancePoint(_ r: SoloRow, _ c: SoftCoefficients, _ i: Int) {
        let ms = c.massScale, br = c.biasRate, k = r.k, m = r.inverseMass
        var x = px[i], y = py[i], ux = vx[i], uy = vy[i]
        for _ in 0..<substeps {
            let bx = ms * (ux + ux) + br * (x - r.anchorX)
            let by = ms * (uy + uy) + br * (y - r.anchorY)
            let pX = -(k * bx), pY = -(k * by)
            let nvx = ux + m * pX, nvy = uy + m * pY
            x += half * (ux + nvx)
            y += half * (uy + nvy)
            ux = nvx; uy = nvy
        }
        finish(i, x: x, y: y, ux: ux, uy: uy)
    }

    /// Stores a solo body's new state, turns it by its spin, and updates its sleep state.
    @inline(__always)
    func finish(_ i: Int, x: Double, y: Double, ux: Double, uy: Double) {
        px[i] = x; py[i] = y
        let spin = w[i]
        if spin + spin != 0 {
            // No torque acts (the spring pulls at the centre): the spin just turns the body.
            var t = th[i]
            for _ in 0..<substeps { t += half * (spin + spin) }
            th[i] = t
            cosT[i] = cos(t)
            sinT[i] = sin(t)
        }
        let lin2 = SolverPolicy.sleepLinearSpeed * SolverPolicy.sleepLinearSpeed
        let slow = ux * ux + uy * uy < lin2 && abs(spin) < SolverPolicy.sleepAngularSpeed
        let time = slow ? slowTime[i] + dt : 0
        slowTime[i] = time
        if time >= SolverPolicy.sleepWindow {
            awake[i] = false
            vx[i] = 0; vy[i] = 0; w[i] = 0
        } else {
            vx[i] = ux; vy[i] = uy
        }
    }
}

/// Rows with equal settings share one ``SoloGroup``.
struct SoloGroupKey: Hashable {
    var isPoint: Bool
    var rigid: Bool
    var omega: UInt64
    var zeta: UInt64
}
