import Geometry

/// A body whose only coupling is one spring to a fixed anchor at its centre (the common case: an
/// ``AttachmentBehavior`` to an anchor point with no offset, and no forces, fields or collisions).
///
/// Such a body does not interact with anything else during a step, so the solver advances it
/// through all substeps at once (one load and one store of its columns per step instead of
/// several memory passes per substep), with the spring kernel (``SpringKernel``) the general row
/// path runs: the results are bit-identical to solving it with the other rows (`SoloRowTests`),
/// so which path a body takes never shows. Distance rows are packed two by two into
/// ``SoloDistancePair``s, which the step advances as SIMD lanes; point rows into ``SoloPointRow``s.
/// The packed row holds the row's live anchor (``World/setAnchor(ofRow:_:)`` writes it there only).
/// ``SoloPath`` holds them all.
struct SoloRow {
    /// Body index.
    var body: Int32
    /// Index into ``SoloPath/groups`` (the coefficients shared by rows with the same settings).
    var group: Int32
    /// Where the row is packed: a distance row's lane in ``SoloPath/pairs`` (pair `lane / 2`,
    /// SIMD lane `lane % 2`), or a point row's index in ``SoloPath/points``.
    var lane: Int32
}

/// A solo point row (a length-0 spring), packed for the step: body, anchor (points), and the
/// effective-mass factor and inverse mass as the general path computes them.
struct SoloPointRow {
    var body: Int32, group: Int32
    var anchorX: Double, anchorY: Double
    var k: Double, inverseMass: Double
}

/// Two solo distance rows side by side, their settings packed as SIMD lanes once per rebuild, so a
/// step loads them with a few vector loads instead of assembling lanes row by row.
///
/// Pairs follow ``SoloPath/rows`` order (distance rows only). When the count is odd, the last
/// pair's lane 1 repeats lane 0's body and settings as they were compiled; it is computed but
/// never stored back (``lanes`` is 1), so anchor moves need not follow it.
struct SoloDistancePair: LanePair {
    /// The lanes' body indices.
    var body0: Int32, body1: Int32
    /// Rows in the pair: 2, or 1 for the last pair of an odd count.
    var lanes: Int32
    /// The lanes' ``SpringGroup`` indices (their coefficients are copied into ``massScale`` and
    /// ``biasRate`` when the substep changes).
    var group0: Int32, group1: Int32
    /// Whether `body1 == body0 + 1` with two lanes: the columns then load and store as one vector.
    var contiguous: Bool
    /// Anchors (points), rest lengths (points), effective-mass factors, inverse masses.
    var anchorX, anchorY, length, k, m: SIMD2<Double>
    /// The groups' soft coefficients for the current substep.
    var massScale = SIMD2<Double>(), biasRate = SIMD2<Double>()
    /// `½ω²` per lane, for the energy guard (``EnergyGuard/springScale(omega:)``).
    var energyScale: SIMD2<Double>
}

/// The solo path: every solo row of a rebuild (see ``SoloRow``), packed for its step, with the
/// coefficients its groups share.
struct SoloPath {
    /// The solo rows, in body order, and the settings groups they share.
    private(set) var rows: ContiguousArray<SoloRow> = []
    private(set) var groups: ContiguousArray<SpringGroup> = []
    /// The distance rows packed two by two (see ``SoloDistancePair``), and the point rows.
    private(set) var pairs: ContiguousArray<SoloDistancePair> = []
    private(set) var points: ContiguousArray<SoloPointRow> = []
    /// For each compiled row, its index in ``rows``, or -1.
    private(set) var rowOfPrim: [Int32] = []
    /// The substep the groups' coefficients were computed for.
    private var coefficientStep = Double.nan

    init() {}

    /// Picks the solo rows among the `primCount` compiled rows: a body with exactly one row
    /// (`rowOf[i]`; `rowsPerBody` counts every body's rows), a point or distance row to a fixed
    /// anchor at its centre, and no coupling, field, force or resistance. Marks their bodies in
    /// `isSolo`.
    init(prims: Column<Primitive>, primCount: Int, bodies b: BodyColumns, count: Int, rowsPerBody: [Int32],
         rowOf: [Int32], inField: [Bool], isSolo: inout [Bool]) {
        // Columns are read into locals once (10,000-body loops).
        let coupled = b.coupled, im = b.im, ax = b.ax, ay = b.ay, aw = b.aw, dl = b.dl, da = b.da
        var table = SpringGroupTable()
        var distances: [(row: Primitive, k: Double, group: Int32)] = []
        rows.reserveCapacity(count)
        rowOfPrim = [Int32](repeating: -1, count: primCount)
        for i in 0..<count {
            guard rowsPerBody[i] == 1, !coupled[i], !inField[i], im[i] > 0,
                  ax[i] == 0, ay[i] == 0, aw[i] == 0, dl[i] == 0, da[i] == 0 else { continue }
            let j = Int(rowOf[i])
            let p = prims[j]
            guard p.b < 0, p.kind == .distance || p.kind == .point, p.localAx == 0, p.localAy == 0 else { continue }
            let g = table.group(of: p)
            let mA = im[i]
            // The effective-mass factor exactly as the general path computes it with zero arms.
            let k = p.kind == .point ? mA * (1 / (mA * mA)) : 1 / mA
            guard k.isFinite, k > 0 else { continue }
            rowOfPrim[j] = Int32(rows.count)
            if p.kind == .point {
                rows.append(SoloRow(body: Int32(i), group: g, lane: Int32(points.count)))
                points.append(SoloPointRow(body: Int32(i), group: g, anchorX: p.localBx, anchorY: p.localBy, k: k, inverseMass: mA))
            } else {
                rows.append(SoloRow(body: Int32(i), group: g, lane: Int32(distances.count)))
                distances.append((p, k, g))
            }
            isSolo[i] = true
        }
        groups = table.groups
        let groups = self.groups
        func scale(_ g: Int32) -> Double { EnergyGuard.springScale(omega: groups[Int(g)].omega) }
        pairs.reserveCapacity((distances.count + 1) / 2)
        for s in stride(from: 0, to: distances.count, by: 2) {
            let a = distances[s], b = s + 1 < distances.count ? distances[s + 1] : a
            let lanes: Int32 = s + 1 < distances.count ? 2 : 1
            pairs.append(SoloDistancePair(
                body0: a.row.a, body1: b.row.a, lanes: lanes, group0: a.group, group1: b.group,
                contiguous: lanes == 2 && b.row.a == a.row.a + 1,
                anchorX: SIMD2(a.row.localBx, b.row.localBx), anchorY: SIMD2(a.row.localBy, b.row.localBy),
                length: SIMD2(a.row.length, b.row.length), k: SIMD2(a.k, b.k),
                m: SIMD2(im[Int(a.row.a)], im[Int(b.row.a)]), energyScale: SIMD2(scale(a.group), scale(b.group))))
        }
    }

    /// Moves the anchor of compiled row `j` if it is a solo row (its one live copy, in its packed
    /// row); returns false otherwise.
    @inline(__always)
    mutating func setAnchor(ofPrim j: Int, _ point: Point) -> Bool {
        guard j < rowOfPrim.count, case let r = Int(rowOfPrim[j]), r >= 0 else { return false }
        let row = rows[r], lane = Int(row.lane)
        if groups[Int(row.group)].isPoint {
            points[lane].anchorX = point.x
            points[lane].anchorY = point.y
        } else {
            pairs[lane / 2].anchorX[lane % 2] = point.x
            pairs[lane / 2].anchorY[lane % 2] = point.y
        }
        return true
    }

    /// Advances every awake solo body through the step's substeps, then applies the energy guard
    /// and updates its sleep state (solo bodies are never coupled, so they sleep alone). Returns
    /// how many times the guard stepped in.
    mutating func advance(_ c: StepContext) -> Int {
        guard !rows.isEmpty else { return 0 }
        SpringGroup.refresh(&groups, into: &pairs, h: c.h, step: &coefficientStep)
        let awake = c.awake
        if !points.isEmpty {
            groups.withUnsafeBufferPointer { groups in
                for row in points where awake[Int(row.body)] { row.advance(groups[Int(row.group)].coef, c) }
            }
        }
        guard !pairs.isEmpty else { return 0 }
        // Distance rows are solved in blocks of 16 pairs (32 lanes), substep by substep, so the
        // pairs' independent chains (a square root and two divisions each) overlap instead of
        // waiting on each other. The block lives on the stack: nothing allocates per step.
        var triggers = 0
        let half = SIMD2(repeating: c.half)
        withUnsafeTemporaryAllocation(of: SoloPairState.self, capacity: soloBlock) { block in
            let block = block.baseAddress!
            pairs.withUnsafeBufferPointer { pairs in
                let pairCount = pairs.count
                let pairs = pairs.baseAddress!
                var q = 0
                while q < pairCount {
                    // Gather the next block of pairs with an awake lane.
                    let count = c.gatherAwakePairs(pairs, count: pairCount, from: &q, into: block, capacity: soloBlock) {
                        SoloPairState($0, $1, $2, active: $3, c)
                    }
                    for _ in 0..<c.substeps {
                        for p in 0..<count { block[p].substep(half: half) }
                    }
                    // Both lanes stored at once where possible; anything else lane by lane: a lone
                    // or sleeping lane, a guard trigger, a spinning body, one falling asleep, or
                    // bodies apart in the columns.
                    triggers += c.finishPairs(block, count: count) { s, end in s.storeBoth(endEnergy: end, c) }
                }
            }
        }
        return triggers
    }
}

/// Pairs per block in ``SoloPath/advance(_:)``: enough independent work to hide the latency
/// of a substep, small enough to stay in L1.
private let soloBlock = 16

extension SoloDistancePair: SpringGroupLanes {
    mutating func setCoefficients(_ lane0: SoftCoefficients, _ lane1: SoftCoefficients) {
        massScale = SIMD2(lane0.massScale, lane1.massScale)
        biasRate = SIMD2(lane0.biasRate, lane1.biasRate)
    }
}

extension SoloPointRow {
    /// Advances the row's body through every substep (the general path's point row with one
    /// row: the accumulated impulse starts at 0, so the softness term vanishes), then finishes it.
    @inline(__always)
    func advance(_ coef: SoftCoefficients, _ c: StepContext) {
        let ms = coef.massScale, br = coef.biasRate, i = Int(body)
        var x = c.px[i], y = c.py[i], ux = c.vx[i], uy = c.vy[i]
        for _ in 0..<c.substeps {
            let bx = ms * (ux + ux) + br * (x - anchorX)
            let by = ms * (uy + uy) + br * (y - anchorY)
            let pX = -(k * bx), pY = -(k * by)
            let nvx = ux + inverseMass * pX, nvy = uy + inverseMass * pY
            x = SpringKernel.advance(x, start: ux, end: nvx, half: c.half)
            y = SpringKernel.advance(y, start: uy, end: nvy, half: c.half)
            ux = nvx; uy = nvy
        }
        _ = c.finishAnchoredBody(i, x: x, y: y, ux: ux, uy: uy, energy: nil)
    }
}

/// One ``SoloDistancePair`` in flight during a step: its lanes' positions and velocities (points,
/// points per second) and its energy per unit mass at the step start.
struct SoloPairState: LanePairState {
    /// The pair's settings.
    let pair: UnsafePointer<SoloDistancePair>
    /// Both lanes hold awake bodies.
    let bothActive: Bool
    var x, y, ux, uy: SIMD2<Double>
    /// Energy per unit mass at the step start (see ``EnergyGuard``).
    var energy = SIMD2<Double>()

    /// Loads a pair's bodies (`b0`, `b1`) and their energy; `active` says both lanes are awake.
    @inline(__always)
    init(_ p: UnsafePointer<SoloDistancePair>, _ b0: Int, _ b1: Int, active: Bool, _ c: StepContext) {
        pair = p
        bothActive = active
        if p.pointee.contiguous {
            x = c.px.pair(at: b0); y = c.py.pair(at: b0); ux = c.vx.pair(at: b0); uy = c.vy.pair(at: b0)
        } else {
            x = SIMD2(c.px[b0], c.px[b1]); y = SIMD2(c.py[b0], c.py[b1])
            ux = SIMD2(c.vx[b0], c.vx[b1]); uy = SIMD2(c.vy[b0], c.vy[b1])
        }
        energy = currentEnergy()
    }

    /// Energy per unit mass of both lanes: `½|u|² + ½ω²(len − length)²`. A solo body's spin
    /// cannot change during a step (the spring pulls at its centre), so it is left out.
    @inline(__always)
    func currentEnergy() -> SIMD2<Double> {
        let p = pair.pointee
        let dx = x - p.anchorX, dy = y - p.anchorY
        let c = (dx * dx + dy * dy).squareRoot() - p.length
        return EnergyGuard.kinetic(vx: ux, vy: uy) + EnergyGuard.spring(scale: p.energyScale, squaredError: c * c)
    }

    /// One midpoint substep of each spring: the spring kernel's distance row and first impulse (a
    /// single row's only pass: the accumulated impulse is 0, so the softness term vanishes).
    @inline(__always)
    mutating func substep(half: SIMD2<Double>) {
        let p = pair.pointee
        let row = SpringKernel.distanceRow(dx: x - p.anchorX, dy: y - p.anchorY, vx: ux, vy: uy, length: p.length, half: half)
        let d = SpringKernel.impulse(u: row.u0, u0: row.u0, bias: p.biasRate * row.c, negativeK: -p.k, massScale: p.massScale)
        let nvx = SpringKernel.push(ux, inverseMass: p.m, impulse: d, along: row.nx)
        let nvy = SpringKernel.push(uy, inverseMass: p.m, impulse: d, along: row.ny)
        x = SpringKernel.advance(x, start: ux, end: nvx, half: half)
        y = SpringKernel.advance(y, start: uy, end: nvy, half: half)
        ux = nvx; uy = nvy
    }

    /// ``StepContext/finishAnchoredBody(_:x:y:ux:uy:energy:)`` for both lanes of a contiguous pair
    /// at once, in the common case where it reduces to stores: both awake, no guard trigger,
    /// no spin, neither falling asleep. Returns false, having stored nothing, otherwise.
    @inline(__always)
    func storeBoth(endEnergy end: SIMD2<Double>, _ c: StepContext) -> Bool {
        guard bothActive, pair.pointee.contiguous,
              EnergyGuard.excess(start: energy[0], end: end[0]) == nil,
              EnergyGuard.excess(start: energy[1], end: end[1]) == nil else { return false }
        let i = Int(pair.pointee.body0)
        let spin = c.w.pair(at: i)
        guard all((spin + spin) .== 0) else { return false }
        let slow = c.slow.pair(at: i)
        let time = SIMD2(SolverPolicy.slowTime(after: slow[0], vx: ux[0], vy: uy[0], w: 0, dt: c.dt),
                         SolverPolicy.slowTime(after: slow[1], vx: ux[1], vy: uy[1], w: 0, dt: c.dt))
        guard !SolverPolicy.isReadyToSleep(time[0]) && !SolverPolicy.isReadyToSleep(time[1]) else { return false }
        c.px.setPair(x, at: i); c.py.setPair(y, at: i)
        c.slow.setPair(time, at: i)
        c.vx.setPair(ux, at: i); c.vy.setPair(uy, at: i)
        return true
    }
}
