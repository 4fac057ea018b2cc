import Geometry

/// Bodies held only by two or more soft distance springs to fixed anchors at their centre (the
/// drag scene's dragged cells: four springs each), with no forces, fields, collisions or coupling:
/// the flock path. Any number of springs per body takes it; bodies with the same number share
/// blocks.
///
/// Such a body shares no row with any other body, and Gauss–Seidel's result for a body depends
/// only on the order in which the rows touching it are solved. So the solver advances it through
/// all substeps at once, its rows in their compiled order, with the spring kernel
/// (``SpringKernel``) the general path runs, so exactly its floating-point operations in the same
/// order (`FlockRowTests` compares the bits): the state stays in registers and a small stack block
/// across rows, iterations and substeps instead of being loaded and stored through the row scratch
/// and body columns for every row solve. Two bodies with the same number of rows share a
/// ``FlockPair`` and run as the two lanes of `SIMD2<Double>`, and a block of pairs is solved row
/// by row, so the pairs' independent chains overlap.
///
/// What the general path computes that the flock path leaves out, and why that changes no bit:
/// with zero arms, the angular terms (`w·rA`, `iA·(rA × p)`, `iA·crA²`) are signed zeros, and
/// adding or subtracting a signed zero changes no value except the sign of a zero, and only of a
/// `−0` position or velocity, which the solver's arithmetic does not produce (an exact zero sum
/// rounds to `+0`; only a caller could set one, and then only signs of zeros differ, as on the
/// solo path); the effective mass `mA + 0 + iA·0²` is exactly `mA`. The energy guard's potential
/// terms of constant accelerations are likewise zeros. A spin does not change (no row has an
/// arm, so no torque), so the body just turns, as on the solo path.
struct FlockPair: LanePair {
    /// The lanes' body indices (`body1 == body0` for a lone last lane).
    var body0: Int32, body1: Int32
    /// Bodies in the pair: 2, or 1 when the last body of a row count has no partner (lane 1 then
    /// repeats lane 0 as compiled; it is computed but never stored back).
    var lanes: Int32
    /// Whether `body1 == body0 + 1` with two lanes: the columns then load and store as vectors.
    var contiguous: Bool
    /// Rows per body, and the index of the pair's first ``FlockRowPair`` in ``FlockPath/rows``.
    var rowCount: Int32, firstRow: Int32
    /// Inverse masses, and the effective-mass factor `1 / mA` as the general path computes it.
    var m, k: SIMD2<Double>
    /// `im / ii` (0 without rotation), which weighs the spin in the energy guard.
    var spinRatio: SIMD2<Double>
}

/// Row `r` of both bodies of a ``FlockPair``: anchors (each row's one live copy), rest lengths,
/// coefficients.
struct FlockRowPair {
    /// Anchors and rest lengths, points.
    var anchorX, anchorY, length: SIMD2<Double>
    /// The lanes' coefficient groups (indices into ``FlockPath/groups``).
    var group0: Int32, group1: Int32
    /// The lanes' soft coefficients for the current substep (copied from the groups).
    var massScale = SIMD2<Double>(), biasRate = SIMD2<Double>(), impulseScale = SIMD2<Double>()
    /// `½ω²` per lane (``EnergyGuard/springScale(omega:)``).
    var energyScale: SIMD2<Double>
}

/// Pairs per block: enough independent chains to hide a row solve's latency, small enough for L1.
private let flockBlock = 16
/// Row states in a block's scratch: a block of ``flockBlock`` pairs of up to 8 rows each. Bodies
/// with more rows run in smaller blocks (at least one pair; the scratch grows to its row count).
private let flockScratchRows = 128

/// One pair in flight: positions, velocities and their substep-start values, the spin, and the
/// step-start energy per unit mass (see ``EnergyGuard``).
struct FlockPairState: LanePairState {
    let pair: UnsafePointer<FlockPair>
    let rows: UnsafePointer<FlockRowPair>
    var x, y, ux, uy: SIMD2<Double>
    var u0x = SIMD2<Double>(), u0y = SIMD2<Double>()
    var w: SIMD2<Double>
    var energy = SIMD2<Double>()
    /// The pair's `−k` and inverse masses, kept beside the state (a row solve then follows no pointer).
    let negativeK: SIMD2<Double>, m: SIMD2<Double>

    /// Loads the pair's bodies from the columns, and their energy.
    @inline(__always)
    init(pair: UnsafePointer<FlockPair>, rows: UnsafePointer<FlockRowPair>, _ c: StepContext) {
        self.pair = pair; self.rows = rows
        let b0 = Int(pair.pointee.body0), b1 = Int(pair.pointee.body1)
        if pair.pointee.contiguous {
            x = c.px.pair(at: b0); y = c.py.pair(at: b0); ux = c.vx.pair(at: b0); uy = c.vy.pair(at: b0); w = c.w.pair(at: b0)
        } else {
            x = SIMD2(c.px[b0], c.px[b1]); y = SIMD2(c.py[b0], c.py[b1])
            ux = SIMD2(c.vx[b0], c.vx[b1]); uy = SIMD2(c.vy[b0], c.vy[b1]); w = SIMD2(c.w[b0], c.w[b1])
        }
        negativeK = -pair.pointee.k
        m = pair.pointee.m
        energy = currentEnergy()
    }
}

/// One row of one pair during a substep: the general path's ``RowScratch`` for a distance row
/// (direction, substep-start speed along the row, accumulated impulse), with the error already
/// multiplied by the bias rate (`biasRate · C`, the product the general path forms in every pass)
/// and the row's other coefficients beside them, so a row solve reads one place.
struct FlockRowState {
    var nx, ny, su, bias, lx, massScale, impulseScale: SIMD2<Double>
}

extension FlockRowPair: SpringGroupLanes {
    mutating func setCoefficients(_ lane0: SoftCoefficients, _ lane1: SoftCoefficients) {
        massScale = SIMD2(lane0.massScale, lane1.massScale)
        biasRate = SIMD2(lane0.biasRate, lane1.biasRate)
        impulseScale = SIMD2(lane0.impulseScale, lane1.impulseScale)
    }
}

extension FlockPairState {
    /// Energy per unit mass, as ``GuardedBodies/begin(_:_:)`` sums it: the kinetic energy (spin
    /// included), then each spring's `½ω²C²` in row order.
    @inline(__always)
    func currentEnergy() -> SIMD2<Double> {
        let p = pair.pointee
        var e = EnergyGuard.kinetic(vx: ux, vy: uy, spinRatio: p.spinRatio, w: w)
        for r in 0..<Int(p.rowCount) {
            let row = rows[r]
            let dx = x - row.anchorX, dy = y - row.anchorY
            let c = (dx * dx + dy * dy).squareRoot() - row.length
            e = e + EnergyGuard.spring(scale: row.energyScale, squaredError: c * c)
        }
        return e
    }

    /// The substep start (step 1 of ``World/substep``: `v0 = v`) and the general path's
    /// `prepareAxis` for every row: the kernel's distance row at the predicted midpoint, the
    /// accumulated impulse reset.
    @inline(__always)
    mutating func prepare(_ s: UnsafeMutablePointer<FlockRowState>, half: SIMD2<Double>) {
        u0x = ux; u0y = uy
        for r in 0..<Int(pair.pointee.rowCount) {
            let row = rows[r]
            let d = SpringKernel.distanceRow(dx: x - row.anchorX, dy: y - row.anchorY, vx: u0x, vy: u0y,
                                             length: row.length, half: half)
            s[r] = FlockRowState(nx: d.nx, ny: d.ny, su: d.u0, bias: row.biasRate * d.c, lx: SIMD2(),
                                 massScale: row.massScale, impulseScale: row.impulseScale)
        }
    }

    /// One Gauss–Seidel pass over row `r` (the general path's `solveAxis` for a distance row).
    @inline(__always)
    mutating func solve(_ s: UnsafeMutablePointer<FlockRowState>) {
        let u = s.pointee.nx * ux + s.pointee.ny * uy
        let d = SpringKernel.impulse(u: u, u0: s.pointee.su, bias: s.pointee.bias, negativeK: negativeK,
                                     massScale: s.pointee.massScale, accumulated: s.pointee.lx,
                                     impulseScale: s.pointee.impulseScale)
        s.pointee.lx += d
        ux = SpringKernel.push(ux, inverseMass: m, impulse: d, along: s.pointee.nx)
        uy = SpringKernel.push(uy, inverseMass: m, impulse: d, along: s.pointee.ny)
    }

    /// Positions with the mean velocity (step 4 of ``World/substep``).
    @inline(__always)
    mutating func integrate(half: SIMD2<Double>) {
        x = SpringKernel.advance(x, start: u0x, end: ux, half: half)
        y = SpringKernel.advance(y, start: u0y, end: uy, half: half)
    }
}

/// The flock path: every flock body of a rebuild (see ``FlockPair``), packed for its step, with
/// the coefficients its groups share.
struct FlockPath {
    /// Whether the flock path is used (tests turn it off to compare with the general path).
    var isEnabled = true
    /// The pairs, their rows (each pair's rows together) and the settings groups they share.
    private(set) var pairs: ContiguousArray<FlockPair> = []
    private(set) var rows: ContiguousArray<FlockRowPair> = []
    private(set) var groups: ContiguousArray<SpringGroup> = []
    /// For each compiled row, its slot (`2 · row pair + lane`), or -1.
    private(set) var rowOfPrim: [Int32] = []
    /// Row states a block's scratch holds: ``flockScratchRows``, or the most rows of any body.
    private(set) var scratchRowCount = flockScratchRows
    /// The substep the groups' coefficients were computed for.
    private var coefficientStep = Double.nan

    /// An empty flock path, used or not.
    init(enabled: Bool = true) { isEnabled = enabled }

    /// Picks the flock bodies among the bodies that are not solo (when `enabled`), packs them and
    /// their rows, and marks them in `isFlock`. `rowsPerBody` counts every body's rows.
    init(enabled: Bool, prims: Column<Primitive>, primCount: Int, bodies b: BodyColumns, count: Int,
         rowsPerBody: [Int32], inField: [Bool], isSolo: [Bool], isFlock: inout [Bool]) {
        isEnabled = enabled
        rowOfPrim = [Int32](repeating: -1, count: primCount)
        guard enabled else { return }
        let coupled = b.coupled, im = b.im, ii = b.ii
        let ax = b.ax, ay = b.ay, aw = b.aw, dl = b.dl, da = b.da
        var table = SpringGroupTable()
        var eligible = [Bool](repeating: false, count: count)
        var any = false
        for i in 0..<count where rowsPerBody[i] >= 2 && !isSolo[i] && !coupled[i]
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
        var rowCounts = Set<Int>()
        for i in 0..<count {
            start[i + 1] = start[i] + (eligible[i] ? rowsPerBody[i] : 0)
            if eligible[i] { rowCounts.insert(Int(rowsPerBody[i])) }
        }
        var fill = start
        var rowList = [Int32](repeating: 0, count: Int(start[count]))
        for j in 0..<primCount where eligible[Int(prims[j].a)] {
            let a = Int(prims[j].a)
            rowList[Int(fill[a])] = Int32(j)
            fill[a] += 1
        }
        var pairs = ContiguousArray<FlockPair>(), rowPairs = ContiguousArray<FlockRowPair>()
        var rowOf = rowOfPrim
        // Bodies with the same row count pair up, in body order, fewest rows first.
        for rowCount in rowCounts.sorted() {
            var waiting = -1
            func emit(_ b0: Int, _ b1: Int, lanes: Int) {
                let first = Int32(rowPairs.count)
                for r in 0..<rowCount {
                    let j0 = Int(rowList[Int(start[b0]) + r]), j1 = Int(rowList[Int(start[b1]) + r])
                    let p0 = prims[j0], p1 = prims[j1]
                    rowPairs.append(FlockRowPair(anchorX: SIMD2(p0.localBx, p1.localBx), anchorY: SIMD2(p0.localBy, p1.localBy),
                                                 length: SIMD2(p0.length, p1.length),
                                                 group0: table.group(of: p0), group1: table.group(of: p1),
                                                 energyScale: SIMD2(EnergyGuard.springScale(omega: p0.omega),
                                                                    EnergyGuard.springScale(omega: p1.omega))))
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
            scratchRowCount = Swift.max(flockScratchRows, rowCount)
        }
        self.pairs = pairs
        rows = rowPairs
        groups = table.groups
        rowOfPrim = rowOf
    }

    /// Moves the anchor of compiled row `j` if it is a flock row (its one live copy, in its lane
    /// of a ``FlockRowPair``); returns false otherwise.
    @inline(__always)
    mutating func setAnchor(ofPrim j: Int, _ point: Point) -> Bool {
        guard j < rowOfPrim.count, case let slot = Int(rowOfPrim[j]), slot >= 0 else { return false }
        let r = slot / 2, lane = Int64(slot % 2)
        rows.withUnsafeMutableBufferPointer { rows in
            // A lane mask, not an element store: writing one element of a vector goes through the
            // stack and stalls the next vector load.
            let mask = SIMD2<Int64>(0, 1) .== SIMD2(repeating: lane)
            rows[r].anchorX.replace(with: point.x, where: mask)
            rows[r].anchorY.replace(with: point.y, where: mask)
        }
        return true
    }

    /// Advances every awake flock body through the step's substeps with its Gauss–Seidel passes,
    /// then applies the energy guard and the sleep update, as the general path does for these
    /// bodies. Returns how many times the guard stepped in.
    mutating func advance(_ c: StepContext) -> Int {
        guard !pairs.isEmpty else { return 0 }
        SpringGroup.refresh(&groups, into: &rows, h: c.h, step: &coefficientStep)
        let scratchRowCount = self.scratchRowCount
        let half = SIMD2(repeating: c.half)
        var triggers = 0
        withUnsafeTemporaryAllocation(of: FlockPairState.self, capacity: flockBlock) { block in
            let block = block.baseAddress!
            withUnsafeTemporaryAllocation(of: FlockRowState.self, capacity: scratchRowCount) { scratch in
                let scratch = scratch.baseAddress!
                rows.withUnsafeBufferPointer { rows in
                    let rows = rows.baseAddress!
                    pairs.withUnsafeBufferPointer { pairs in
                        let pairCount = pairs.count
                        let pairs = pairs.baseAddress!
                        var q = 0
                        while q < pairCount {
                            // The next block of pairs with an awake lane, all with the same row count.
                            let k = Int(pairs[q].rowCount)
                            let blockSize = Swift.max(1, Swift.min(flockBlock, scratchRowCount / k))
                            let count = c.gatherAwakePairs(pairs, count: pairCount, from: &q, into: block, capacity: blockSize,
                                                           while: { Int($0.pointee.rowCount) == k }) { pair, _, _, _ in
                                FlockPairState(pair: pair, rows: rows + Int(pair.pointee.firstRow), c)
                            }
                            for _ in 0..<c.substeps {
                                for p in 0..<count { block[p].prepare(scratch + p * k, half: half) }
                                for _ in 0..<c.iterations {
                                    for r in 0..<k {
                                        for p in 0..<count { block[p].solve(scratch + (p * k + r)) }
                                    }
                                }
                                for p in 0..<count { block[p].integrate(half: half) }
                            }
                            triggers += c.finishPairs(block, count: count)
                        }
                    }
                }
            }
        }
        return triggers
    }
}
