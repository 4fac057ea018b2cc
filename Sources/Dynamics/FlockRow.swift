import Geometry

/// Bodies held only by several soft distance springs to fixed anchors at their centre (the drag
/// scene's dragged cells: four springs each, see ``RectangleAttachmentBehavior``), with no forces,
/// fields, collisions or coupling: the flock path.
///
/// Such a body shares no row with any other body, and Gauss–Seidel's result for a body depends
/// only on the order in which the rows touching it are solved. So the solver advances it through
/// all substeps at once, its rows in their compiled order, with exactly the general path's
/// floating-point operations in the same order (`FlockRowTests` compares the bits): the state stays
/// in registers and a small stack block across rows, iterations and substeps instead of being
/// loaded and stored through the row scratch and body columns for every row solve. Two bodies with
/// the same number of rows share a ``FlockPair`` and run as the two lanes of `SIMD2<Double>`, and
/// a block of pairs is solved row by row, so the pairs' independent chains overlap.
///
/// What the general path computes that the flock path leaves out, and why that changes no bit:
/// with zero arms, the angular terms (`w·rA`, `iA·(rA × p)`, `iA·crA²`) are signed zeros, and
/// adding or subtracting a signed zero changes no value except the sign of a zero, and only of a
/// `−0` position or velocity, which the solver's arithmetic does not produce (an exact zero sum
/// rounds to `+0`; only a caller could set one, and then only signs of zeros differ, as on the
/// solo path); the effective mass `mA + 0 + iA·0²` is exactly `mA`. The energy guard's potential
/// terms of constant accelerations are likewise zeros. A spin does not change (no row has an
/// arm, so no torque), so the body just turns, as on the solo path.
struct FlockPair {
    /// The lanes' body indices (`body1 == body0` for a lone last lane).
    var body0: Int32, body1: Int32
    /// Bodies in the pair: 2, or 1 when the last body of a row count has no partner.
    var lanes: Int32
    /// Whether `body1 == body0 + 1` with two lanes: the columns then load and store as vectors.
    var contiguous: Bool
    /// Rows per body, and the index of the pair's first ``FlockRowPair`` in ``World/flockRows``.
    var rowCount: Int32, firstRow: Int32
    /// Inverse masses, and the effective-mass factor `1 / mA` as the general path computes it.
    var m, k: SIMD2<Double>
    /// `im / ii` (0 without rotation), which weighs the spin in the energy guard.
    var spinRatio: SIMD2<Double>
}

/// Row `r` of both bodies of a ``FlockPair``: anchors, rest lengths, coefficients.
struct FlockRowPair {
    /// Anchors and rest lengths, points.
    var anchorX, anchorY, length: SIMD2<Double>
    /// The lanes' coefficient groups (indices into ``World/flockGroups``).
    var group0: Int32, group1: Int32
    /// The lanes' soft coefficients for the current substep (copied from the groups).
    var massScale = SIMD2<Double>(), biasRate = SIMD2<Double>(), impulseScale = SIMD2<Double>()
    /// `0.5 · ω · ω` as the energy guard computes it (left to right), per lane.
    var energyScale: SIMD2<Double>
    /// The pair has one body, mirrored in lane 1 (an anchor move updates both lanes).
    var mirrored: Bool
}

/// Maximum rows per flock body (the block's scratch is sized for it).
let flockMaxRows = 8
/// Pairs per block: enough independent chains to hide a row solve's latency, small enough for L1.
private let flockBlock = 16

/// One pair in flight: positions, velocities and their substep-start values, the spin, and the
/// step-start energy per unit mass (see ``EnergyGuard``).
struct FlockLane {
    let pair: UnsafePointer<FlockPair>
    let rows: UnsafePointer<FlockRowPair>
    var x, y, ux, uy: SIMD2<Double>
    var u0x = SIMD2<Double>(), u0y = SIMD2<Double>()
    var w: SIMD2<Double>
    var energy = SIMD2<Double>()
    /// The pair's `−k` and inverse masses, kept beside the state (a row solve then follows no pointer).
    let negativeK: SIMD2<Double>, m: SIMD2<Double>

    init(pair: UnsafePointer<FlockPair>, rows: UnsafePointer<FlockRowPair>, x: SIMD2<Double>, y: SIMD2<Double>,
         ux: SIMD2<Double>, uy: SIMD2<Double>, w: SIMD2<Double>) {
        self.pair = pair; self.rows = rows
        self.x = x; self.y = y; self.ux = ux; self.uy = uy; self.w = w
        negativeK = -pair.pointee.k
        m = pair.pointee.m
    }
}

/// One row of one pair during a substep: the general path's ``RowScratch`` for a distance row
/// (direction, substep-start speed along the row, accumulated impulse), with the error already
/// multiplied by the bias rate (`biasRate · C`, the product the general path forms in every pass)
/// and the row's other coefficients beside them, so a row solve reads one place.
struct FlockRowState {
    var nx, ny, su, bias, lx, massScale, impulseScale: SIMD2<Double>
}

extension FlockLane {
    /// Energy per unit mass, as ``World/beginGuardedStep()`` sums it: the kinetic energy (spin
    /// included), then each spring's `½ω²C²` in row order.
    @inline(__always)
    func currentEnergy() -> SIMD2<Double> {
        let p = pair.pointee
        var e = 0.5 * (ux * ux + uy * uy) + 0.5 * p.spinRatio * w * w
        for r in 0..<Int(p.rowCount) {
            let row = rows[r]
            let dx = x - row.anchorX, dy = y - row.anchorY
            let c = (dx * dx + dy * dy).squareRoot() - row.length
            e += row.energyScale * (c * c)
        }
        return e
    }

    /// The substep start (step 1 of ``World/substep``: `v0 = v`) and the general path's
    /// `prepareAxis` for every row: ``distanceRow(dx:dy:vx:vy:length:half:)`` at the predicted
    /// midpoint, the accumulated impulse reset.
    @inline(__always)
    mutating func prepare(_ s: UnsafeMutablePointer<FlockRowState>, half: Double) {
        u0x = ux; u0y = uy
        for r in 0..<Int(pair.pointee.rowCount) {
            let row = rows[r]
            let mx = (x - row.anchorX) + half * u0x, my = (y - row.anchorY) + half * u0y
            let len = (mx * mx + my * my).squareRoot()
            let flat = .!(len .> 1e-9)
            let nx = (mx / len).replacing(with: 1, where: flat)
            let ny = (my / len).replacing(with: 0, where: flat)
            let u0 = nx * u0x + ny * u0y
            let c = (len - row.length) - half * u0
            s[r] = FlockRowState(nx: nx, ny: ny, su: u0, bias: row.biasRate * c, lx: SIMD2(),
                                 massScale: row.massScale, impulseScale: row.impulseScale)
        }
    }

    /// One Gauss–Seidel pass over row `r` (the general path's `solveAxis` for a distance row).
    @inline(__always)
    mutating func solve(_ s: UnsafeMutablePointer<FlockRowState>) {
        let u = s.pointee.nx * ux + s.pointee.ny * uy
        let d = negativeK * (s.pointee.massScale * (u + s.pointee.su) + s.pointee.bias) - s.pointee.impulseScale * s.pointee.lx
        s.pointee.lx += d
        ux += m * (d * s.pointee.nx)
        uy += m * (d * s.pointee.ny)
    }

    /// Positions with the mean velocity (step 4 of ``World/substep``).
    @inline(__always)
    mutating func integrate(half: Double) {
        x += half * (u0x + ux)
        y += half * (u0y + uy)
    }
}

extension World {
    /// Picks the flock bodies (see ``FlockPair``) among bodies that are not solo, packs them and
    /// their rows, and marks them in `isFlock` and their rows in `flockRowOfPrim`. `rowsPerBody`
    /// counts every body's rows.
    func classifyFlock(rowsPerBody: [Int32], inField: [Bool], isSolo: [Bool], isFlock: inout [Bool]) {
        let count = self.count, primCount = self.primCount, prims = rows.prims
        let coupled = bodies.coupled, im = bodies.im, ii = bodies.ii
        let ax = bodies.ax, ay = bodies.ay, aw = bodies.aw, dl = bodies.dl, da = bodies.da
        var pairs = ContiguousArray<FlockPair>()
        var rowPairs = ContiguousArray<FlockRowPair>()
        var groups = ContiguousArray<SoloGroup>()
        var rowOf = [Int32](repeating: -1, count: primCount)
        defer {
            flockPairs = pairs
            flockRows = rowPairs
            flockGroups = groups
            flockRowOfPrim = rowOf
            flockCoefficientStep = .nan
        }
        guard usesFlockPath else { return }
        var eligible = [Bool](repeating: false, count: count)
        var any = false
        for i in 0..<count where (2...flockMaxRows).contains(Int(rowsPerBody[i])) && !isSolo[i] && !coupled[i]
            && !inField[i] && im[i] > 0 && (1 / im[i]).isFinite
            && ax[i] == 0 && ay[i] == 0 && aw[i] == 0 && dl[i] == 0 && da[i] == 0 {
            eligible[i] = true
            any = true
        }
        guard any else { return }
        for j in 0..<primCount {
            let p = prims[j]
            let ok = p.b < 0 && p.kind == .distance && !p.rigid && p.localAx == 0 && p.localAy == 0
            if !ok { eligible[Int(p.a)] = false; if p.b >= 0 { eligible[Int(p.b)] = false } }
        }
        // Each eligible body's rows in compiled order (the order the general path solves them in).
        var start = [Int32](repeating: 0, count: count + 1)
        for i in 0..<count { start[i + 1] = start[i] + (eligible[i] ? rowsPerBody[i] : 0) }
        var fill = start
        var rowList = [Int32](repeating: 0, count: Int(start[count]))
        for j in 0..<primCount where eligible[Int(prims[j].a)] {
            let a = Int(prims[j].a)
            rowList[Int(fill[a])] = Int32(j)
            fill[a] += 1
        }
        var lastKey: SoloGroupKey?, lastGroup: Int32 = 0
        var groupIndex: [SoloGroupKey: Int32] = [:]
        func group(_ p: Primitive) -> Int32 {
            let key = SoloGroupKey(isPoint: false, rigid: false, omega: p.omega.bitPattern, zeta: p.zeta.bitPattern)
            if key == lastKey { return lastGroup }
            let g: Int32
            if let found = groupIndex[key] {
                g = found
            } else {
                g = Int32(groups.count)
                groupIndex[key] = g
                groups.append(SoloGroup(isPoint: false, rigid: false, omega: p.omega, zeta: p.zeta))
            }
            lastKey = key; lastGroup = g
            return g
        }
        // Bodies with the same row count pair up, in body order.
        for rowCount in 2...flockMaxRows {
            var waiting = -1
            func emit(_ b0: Int, _ b1: Int, lanes: Int) {
                let first = Int32(rowPairs.count)
                for r in 0..<rowCount {
                    let j0 = Int(rowList[Int(start[b0]) + r]), j1 = Int(rowList[Int(start[b1]) + r])
                    let p0 = prims[j0], p1 = prims[j1]
                    rowPairs.append(FlockRowPair(anchorX: SIMD2(p0.localBx, p1.localBx), anchorY: SIMD2(p0.localBy, p1.localBy),
                                                 length: SIMD2(p0.length, p1.length), group0: group(p0), group1: group(p1),
                                                 energyScale: SIMD2(0.5 * p0.omega * p0.omega, 0.5 * p1.omega * p1.omega),
                                                 mirrored: lanes == 1))
                    rowOf[j0] = 2 * (first + Int32(r))
                    if lanes == 2 { rowOf[j1] = 2 * (first + Int32(r)) + 1 }
                }
                func spin(_ i: Int) -> Double { ii[i] > 0 ? im[i] / ii[i] : 0 }
                pairs.append(FlockPair(body0: Int32(b0), body1: Int32(b1), lanes: Int32(lanes),
                                       contiguous: lanes == 2 && b1 == b0 + 1, rowCount: Int32(rowCount), firstRow: first,
                                       m: SIMD2(im[b0], im[b1]), k: SIMD2(1 / im[b0], 1 / im[b1]),
                                       spinRatio: SIMD2(spin(b0), spin(b1))))
                isFlock[b0] = true; isFlock[b1] = true
            }
            for i in 0..<count where eligible[i] && Int(rowsPerBody[i]) == rowCount {
                if waiting < 0 { waiting = i } else { emit(waiting, i, lanes: 2); waiting = -1 }
            }
            if waiting >= 0 { emit(waiting, waiting, lanes: 1) }
        }
    }

    /// Moves the anchor of flock row `j` (see ``setAnchor(ofRow:_:)``).
    func setFlockAnchor(ofRow j: Int, _ point: Point) {
        guard j < flockRowOfPrim.count, case let slot = Int(flockRowOfPrim[j]), slot >= 0 else { return }
        let r = slot / 2, lane = Int64(slot % 2)
        flockRows.withUnsafeMutableBufferPointer { rows in
            // A lone lane is mirrored in lane 1. A lane mask, not an element store: writing one
            // element of a vector goes through the stack and stalls the next vector load.
            let mask = SIMD2<Int64>(0, 1) .== SIMD2(repeating: lane) .| rows[r].mirrored
            rows[r].anchorX.replace(with: point.x, where: mask)
            rows[r].anchorY.replace(with: point.y, where: mask)
        }
    }

    /// Recomputes the flock groups' coefficients for substep `h` and copies them into the rows.
    private func refreshFlockCoefficients(_ h: Double) {
        for g in flockGroups.indices {
            let s = flockGroups[g]
            flockGroups[g].coef = SoftCoefficients(omega: s.omega, zeta: s.zeta, h: h)
        }
        let groups = flockGroups
        for r in flockRows.indices {
            let a = groups[Int(flockRows[r].group0)].coef, b = groups[Int(flockRows[r].group1)].coef
            flockRows[r].massScale = SIMD2(a.massScale, b.massScale)
            flockRows[r].biasRate = SIMD2(a.biasRate, b.biasRate)
            flockRows[r].impulseScale = SIMD2(a.impulseScale, b.impulseScale)
        }
        flockCoefficientStep = h
    }

    /// Advances every awake flock body through `n` substeps of `h` seconds with `iterations`
    /// Gauss–Seidel passes each, then applies the energy guard and the sleep update for the step
    /// of `dt` seconds, as the general path does for these bodies.
    func advanceFlock(_ h: Double, substeps n: Int, iterations: Int, dt: Double) {
        guard !flockPairs.isEmpty else { return }
        if h != flockCoefficientStep { refreshFlockCoefficients(h) }
        let c = bodies
        let px = c.px, py = c.py, vx = c.vx, vy = c.vy, w = c.w, awake = c.awake
        let half = 0.5 * h
        var triggers = 0
        defer { guardTriggers += triggers }
        withUnsafeTemporaryAllocation(of: FlockLane.self, capacity: flockBlock) { block in
            let block = block.baseAddress!
            withUnsafeTemporaryAllocation(of: FlockRowState.self, capacity: flockBlock * flockMaxRows) { scratch in
                let scratch = scratch.baseAddress!
                flockRows.withUnsafeBufferPointer { rows in
                    let rows = rows.baseAddress!
                    flockPairs.withUnsafeBufferPointer { pairs in
                        let pairs = pairs.baseAddress!
                        let pairCount = flockPairs.count
                        var q = 0
                        while q < pairCount {
                            // The next block of pairs with an awake lane, all with the same row count.
                            var count = 0
                            let k = Int(pairs[q].rowCount)
                            while q < pairCount && count < flockBlock && Int(pairs[q].rowCount) == k {
                                let pair = pairs + q
                                q += 1
                                let b0 = Int(pair.pointee.body0), b1 = Int(pair.pointee.body1)
                                guard awake[b0] || (pair.pointee.lanes == 2 && awake[b1]) else { continue }
                                let rowPtr = UnsafePointer(rows + Int(pair.pointee.firstRow))
                                let lane: FlockLane
                                if pair.pointee.contiguous {
                                    lane = FlockLane(pair: pair, rows: rowPtr, x: load(px, b0), y: load(py, b0),
                                                     ux: load(vx, b0), uy: load(vy, b0), w: load(w, b0))
                                } else {
                                    lane = FlockLane(pair: pair, rows: rowPtr, x: SIMD2(px[b0], px[b1]), y: SIMD2(py[b0], py[b1]),
                                                     ux: SIMD2(vx[b0], vx[b1]), uy: SIMD2(vy[b0], vy[b1]), w: SIMD2(w[b0], w[b1]))
                                }
                                (block + count).initialize(to: lane)
                                block[count].energy = block[count].currentEnergy()
                                count += 1
                            }
                            for _ in 0..<n {
                                for p in 0..<count { block[p].prepare(scratch + p * k, half: half) }
                                for _ in 0..<iterations {
                                    for r in 0..<k {
                                        for p in 0..<count { block[p].solve(scratch + (p * k + r)) }
                                    }
                                }
                                for p in 0..<count { block[p].integrate(half: half) }
                            }
                            for p in 0..<count {
                                let s = block[p]
                                let end = s.currentEnergy()
                                let pair = s.pair.pointee
                                for l in 0..<Int(pair.lanes) {
                                    let i = Int(l == 0 ? pair.body0 : pair.body1)
                                    guard awake[i] else { continue }
                                    if finishFlockBody(i, x: s.x[l], y: s.y[l], ux: s.ux[l], uy: s.uy[l],
                                                       startEnergy: s.energy[l], endEnergy: end[l],
                                                       spinRatio: pair.spinRatio[l], substeps: n, half: half, dt: dt) {
                                        triggers += 1
                                    }
                                }
                            }
                            if count > 0 { block.deinitialize(count: count) }
                        }
                    }
                }
            }
        }
    }

    /// Elements `i` and `i + 1` of a column.
    @inline(__always)
    private func load(_ c: Column<Double>, _ i: Int) -> SIMD2<Double> {
        UnsafeRawPointer(c.base + i).loadUnaligned(as: SIMD2<Double>.self)
    }

    /// Stores a flock body's state after its substeps, then, as the general path does after them,
    /// turns it by its spin, applies ``endGuardedStep()`` and ``updateSleep(_:)`` to it. The
    /// columns still hold the step start on entry. Returns whether the energy guard stepped in.
    @inline(__always)
    private func finishFlockBody(_ i: Int, x: Double, y: Double, ux: Double, uy: Double, startEnergy: Double,
                                 endEnergy now: Double, spinRatio spin: Double, substeps n: Int, half: Double,
                                 dt: Double) -> Bool {
        let c = bodies
        let x0 = c.px[i], y0 = c.py[i], angle = c.th[i]
        var x = x, y = y, ux = ux, uy = uy, w = c.w[i]
        var t = angle
        if w + w != 0 {
            // No row has an arm, so no torque acts: the spin just turns the body, every substep.
            for _ in 0..<n { t += half * (w + w) }
            c.th[i] = t
            c.cosT[i] = cos(t)
            c.sinT[i] = sin(t)
        }
        // The energy guard (``World/endGuardedStep()``).
        var triggered = false
        let excess = now - startEnergy
        if !(excess <= EnergyGuard.tolerance * (abs(startEnergy) + abs(now)) + 1e-12) {
            let kinetic = 0.5 * (ux * ux + uy * uy) + 0.5 * spin * w * w
            if kinetic.isFinite && kinetic > excess {
                let scale = ((kinetic - excess) / kinetic).squareRoot()
                ux *= scale; uy *= scale; w *= scale
            } else {
                // The position alone holds more energy than the step started with: undo the step.
                x = x0; y = y0
                if t != angle { c.th[i] = angle; c.cosT[i] = cos(angle); c.sinT[i] = sin(angle) }
                ux = 0; uy = 0; w = 0
            }
            triggered = true
        }
        c.px[i] = x; c.py[i] = y
        // Sleep (``World/updateSleep(_:)``; flock bodies are never coupled).
        let lin2 = SolverPolicy.sleepLinearSpeed * SolverPolicy.sleepLinearSpeed
        let slow = ux * ux + uy * uy < lin2 && abs(w) < SolverPolicy.sleepAngularSpeed
        let time = slow ? c.slow[i] + dt : 0
        c.slow[i] = time
        if time >= SolverPolicy.sleepWindow {
            c.awake[i] = false
            c.vx[i] = 0; c.vy[i] = 0; c.w[i] = 0
        } else {
            c.vx[i] = ux; c.vy[i] = uy; c.w[i] = w
        }
        return triggered
    }
}
