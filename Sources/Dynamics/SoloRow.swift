import Geometry

/// A body whose only coupling is one spring to a fixed anchor at its centre (the common case: an
/// ``AttachmentBehavior`` to an anchor point with no offset, and no forces, fields or collisions).
///
/// Such a body does not interact with anything else during a step, so the solver advances it
/// through all substeps at once (one load and one store of its columns per step instead of
/// several memory passes per substep), with the same arithmetic as the general row path: the
/// results are bit-identical to solving it with the other rows (`SoloRowTests`), so which path a
/// body takes never shows. Distance rows are also packed two by two into ``SoloDistancePair``s,
/// which the step advances as SIMD lanes.
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
    /// A distance row's lane in ``World/soloPairs`` (pair `lane / 2`, SIMD lane `lane % 2`); -1
    /// for a point row, which ``World/soloPointRows`` lists instead.
    var lane: Int32 = -1
}

/// Settings shared by solo rows, and their coefficients for the current substep.
struct SoloGroup {
    var isPoint: Bool
    var rigid: Bool
    var omega: Double
    var zeta: Double
    var coef = SoftCoefficients(omega: 0, zeta: 0, h: 0)
}

/// Two solo distance rows side by side, their settings packed as SIMD lanes once per rebuild, so a
/// step loads them with a few vector loads instead of assembling lanes row by row.
///
/// Pairs follow ``World/soloRows`` order (distance rows only). When the count is odd, the last
/// pair's lane 1 repeats lane 0 and is never stored back (``lanes`` is 1).
struct SoloDistancePair {
    /// The lanes' body indices.
    var body0: Int32, body1: Int32
    /// Rows in the pair: 2, or 1 for the last pair of an odd count.
    var lanes: Int32
    /// The lanes' ``SoloGroup`` indices (their coefficients are copied into ``massScale`` and
    /// ``biasRate`` when the substep changes).
    var group0: Int32, group1: Int32
    /// Whether `body1 == body0 + 1` with two lanes: the columns then load and store as one vector.
    var contiguous: Bool
    /// Anchors (points), rest lengths (points), effective-mass factors, inverse masses.
    var anchorX, anchorY, length, k, m: SIMD2<Double>
    /// The groups' soft coefficients for the current substep.
    var massScale = SIMD2<Double>(), biasRate = SIMD2<Double>()
    /// Spring angular frequency (rad/s), for the energy guard.
    var omega: SIMD2<Double>

    init(_ a: SoloRow, _ b: SoloRow, lanes: Int32, groups: ContiguousArray<SoloGroup>) {
        body0 = a.body; body1 = b.body
        self.lanes = lanes
        group0 = a.group; group1 = b.group
        contiguous = lanes == 2 && b.body == a.body + 1
        anchorX = SIMD2(a.anchorX, b.anchorX); anchorY = SIMD2(a.anchorY, b.anchorY)
        length = SIMD2(a.length, b.length); k = SIMD2(a.k, b.k); m = SIMD2(a.inverseMass, b.inverseMass)
        omega = SIMD2(groups[Int(a.group)].omega, groups[Int(b.group)].omega)
    }
}

extension World {
    /// Splits bodies and rows into solo rows (advanced by ``advanceSoloRows(_:substeps:dt:)``) and
    /// the general lists the substep loop walks. Called after every row and force has compiled.
    func classifySoloRows() {
        // Columns and lists are read into locals once: World's properties would each cost an
        // exclusivity check per access in these 10,000-body loops.
        let count = self.count, primCount = self.primCount, prims = rows.prims
        let coupled = bodies.coupled, im = bodies.im, ax = bodies.ax, ay = bodies.ay, aw = bodies.aw
        let dl = bodies.dl, da = bodies.da
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
        var points = ContiguousArray<Int32>()
        var distances = ContiguousArray<Int32>()
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
            var row = SoloRow(body: Int32(i), group: g, anchorX: p.localBx, anchorY: p.localBy,
                              length: p.length, inverseMass: mA, k: k)
            if key.isPoint {
                points.append(Int32(solo.count))
            } else {
                row.lane = Int32(distances.count)
                distances.append(Int32(solo.count))
            }
            solo.append(row)
            isSolo[i] = true
        }
        var pairs = ContiguousArray<SoloDistancePair>()
        pairs.reserveCapacity((distances.count + 1) / 2)
        for s in stride(from: 0, to: distances.count, by: 2) {
            let a = solo[Int(distances[s])]
            if s + 1 < distances.count {
                pairs.append(SoloDistancePair(a, solo[Int(distances[s + 1])], lanes: 2, groups: groups))
            } else {
                pairs.append(SoloDistancePair(a, a, lanes: 1, groups: groups))
            }
        }
        // Bodies on several distance springs and nothing else take the flock path (``FlockPair``).
        var isFlock = [Bool](repeating: false, count: count)
        classifyFlock(rowsPerBody: rows, inField: inField, isSolo: isSolo, isFlock: &isFlock)
        let flockOfPrim = flockRowOfPrim
        var bodies: [Int32] = [], general: [Int32] = []
        bodies.reserveCapacity(count - solo.count)
        general.reserveCapacity(primCount - solo.count)
        for i in 0..<count where !isSolo[i] && !isFlock[i] { bodies.append(Int32(i)) }
        for j in 0..<primCount where soloOfPrim[j] < 0 && flockOfPrim[j] < 0 { general.append(Int32(j)) }
        for i in 0..<count where isFlock[i] { isSolo[i] = true }
        // Solo and flock bodies guard themselves.
        classifyGuardedBodies(rowsPerBody: rows, inField: inField, isSolo: isSolo)
        soloRows = solo
        soloGroups = groups
        soloPairs = pairs
        soloPointRows = points
        soloRowOfPrim = soloOfPrim
        generalBodies = bodies
        generalRows = general
        soloCoefficientStep = .nan
    }

    /// Moves a compiled anchor (row `j`) without recompiling.
    func setAnchor(ofRow j: Int, _ point: Point) {
        rows.prims[j].localBx = point.x
        rows.prims[j].localBy = point.y
        setFlockAnchor(ofRow: j, point)
        if j < soloRowOfPrim.count, case let r = Int(soloRowOfPrim[j]), r >= 0 {
            soloRows[r].anchorX = point.x
            soloRows[r].anchorY = point.y
            let lane = Int(soloRows[r].lane)
            if lane >= 0 {
                let q = lane / 2
                // A lone last lane is mirrored in lane 1.
                let lanes = soloPairs[q].lanes == 1 ? 0...1 : (lane % 2)...(lane % 2)
                for c in lanes {
                    soloPairs[q].anchorX[c] = point.x
                    soloPairs[q].anchorY[c] = point.y
                }
            }
        }
    }

    /// Recomputes the solo groups' coefficients for substep `h` and copies them into the pairs.
    private func refreshSoloCoefficients(_ h: Double) {
        let rigid = SoftCoefficients.rigid(h: h)
        for g in soloGroups.indices {
            let s = soloGroups[g]
            soloGroups[g].coef = s.rigid ? rigid : SoftCoefficients(omega: s.omega, zeta: s.zeta, h: h)
        }
        let groups = soloGroups
        for q in soloPairs.indices {
            let a = groups[Int(soloPairs[q].group0)].coef, b = groups[Int(soloPairs[q].group1)].coef
            soloPairs[q].massScale = SIMD2(a.massScale, b.massScale)
            soloPairs[q].biasRate = SIMD2(a.biasRate, b.biasRate)
        }
        soloCoefficientStep = h
    }

    /// Advances every awake solo body through `n` substeps of `h` seconds, then updates its sleep
    /// state for the step of `dt` seconds (solo bodies are never coupled, so they sleep alone).
    func advanceSoloRows(_ h: Double, substeps n: Int, dt: Double) {
        guard !soloRows.isEmpty else { return }
        if h != soloCoefficientStep { refreshSoloCoefficients(h) }
        let c = bodies
        let state = SoloState(px: c.px, py: c.py, th: c.th, cosT: c.cosT, sinT: c.sinT, vx: c.vx, vy: c.vy, w: c.w,
                              awake: c.awake, slowTime: c.slow, half: 0.5 * h, substeps: n, dt: dt)
        let awake = c.awake
        if !soloPointRows.isEmpty {
            soloGroups.withUnsafeBufferPointer { groups in
                soloRows.withUnsafeBufferPointer { rows in
                    for r in soloPointRows {
                        let row = rows[Int(r)]
                        let i = Int(row.body)
                        if awake[i] { state.advancePoint(row, groups[Int(row.group)].coef, i) }
                    }
                }
            }
        }
        guard !soloPairs.isEmpty else { return }
        // Distance rows are solved in blocks of 16 pairs (32 lanes), substep by substep, so the
        // pairs' independent chains (a square root and two divisions each) overlap instead of
        // waiting on each other. The block lives on the stack: nothing allocates per step.
        var triggers = 0
        defer { guardTriggers += triggers }
        withUnsafeTemporaryAllocation(of: SoloPairState.self, capacity: soloBlock) { block in
            let block = block.baseAddress!
            soloPairs.withUnsafeBufferPointer { pairs in
                let pairs = pairs.baseAddress!
                let pairCount = soloPairs.count
                var q = 0
                while q < pairCount {
                    // Gather the next block of pairs with an awake lane.
                    var count = 0
                    while q < pairCount && count < soloBlock {
                        let pair = pairs + q
                        q += 1
                        let b0 = Int(pair.pointee.body0), b1 = Int(pair.pointee.body1)
                        let awake0 = awake[b0], awake1 = pair.pointee.lanes == 2 && awake[b1]
                        guard awake0 || awake1 else { continue }
                        (block + count).initialize(to: state.gather(pair, b0, b1, active: awake0 && awake1))
                        count += 1
                    }
                    // The energy guard (see ``EnergyGuard``): a solo body is a guarded body.
                    for p in 0..<count { block[p].energy = block[p].currentEnergy(block[p].pair) }
                    for _ in 0..<n {
                        for p in 0..<count { block[p].substep(block[p].pair, half: state.half) }
                    }
                    for p in 0..<count {
                        let s = block[p]
                        let end = s.currentEnergy(s.pair)
                        let scale = s.energy + end, excess = end - s.energy
                        let trigger = (excess .> 0) .& .!(excess .<= EnergyGuard.tolerance * scale + 1e-12)
                        if s.bothActive && !any(trigger) && state.finishBoth(s) { continue }
                        // Anything else lane by lane: a lone or sleeping lane, a guard trigger, a
                        // spinning body, one falling asleep, or bodies apart in the columns.
                        let pair = s.pair.pointee
                        for c in 0..<Int(pair.lanes) {
                            let i = Int(c == 0 ? pair.body0 : pair.body1)
                            guard awake[i] else { continue }
                            var x = s.x[c], y = s.y[c], ux = s.ux[c], uy = s.uy[c]
                            if trigger[c] {
                                let excess = excess[c]
                                let kinetic = 0.5 * (ux * ux + uy * uy)
                                if kinetic.isFinite && kinetic > excess {
                                    let scale = ((kinetic - excess) / kinetic).squareRoot()
                                    ux *= scale; uy *= scale
                                } else {
                                    // Undo the step: the columns still hold its start.
                                    x = state.px[i]; y = state.py[i]; ux = 0; uy = 0
                                }
                                triggers += 1
                            }
                            state.finish(i, x: x, y: y, ux: ux, uy: uy)
                        }
                    }
                    if count > 0 { block.deinitialize(count: count) }
                }
            }
        }
    }
}

/// Pairs per block in ``World/advanceSoloRows(_:substeps:dt:)``: enough independent work to
/// hide the latency of a substep, small enough to stay in L1.
private let soloBlock = 16

/// One ``SoloDistancePair`` in flight during a step: its lanes' positions and velocities (points,
/// points per second) and its energy per unit mass at the step start. Each lane's arithmetic is
/// exactly the scalar general path's.
struct SoloPairState {
    /// The pair's settings.
    let pair: UnsafePointer<SoloDistancePair>
    /// Both lanes hold awake bodies.
    let bothActive: Bool
    var x, y, ux, uy: SIMD2<Double>
    var energy = SIMD2<Double>()

    /// Energy per unit mass of both lanes: ½|u|² + ½ω²(len − length)² (see ``EnergyGuard``).
    @inline(__always)
    func currentEnergy(_ p: UnsafePointer<SoloDistancePair>) -> SIMD2<Double> {
        let dx = x - p.pointee.anchorX, dy = y - p.pointee.anchorY
        let c = (dx * dx + dy * dy).squareRoot() - p.pointee.length
        let omega = p.pointee.omega
        return 0.5 * (ux * ux + uy * uy) + 0.5 * (omega * omega) * (c * c)
    }

    /// One midpoint substep of each spring, as the general path's prepare + solve with one row:
    /// the accumulated impulse starts at 0, so the softness term vanishes.
    @inline(__always)
    mutating func substep(_ p: UnsafePointer<SoloDistancePair>, half: Double) {
        // `distanceRow(dx:dy:vx:vy:length:half:)` on both lanes: direction and error at the
        // predicted midpoint.
        let mx = (x - p.pointee.anchorX) + half * ux, my = (y - p.pointee.anchorY) + half * uy
        let len = (mx * mx + my * my).squareRoot()
        let degenerate = len .<= 1e-9
        let nx = (mx / len).replacing(with: 1, where: degenerate)
        let ny = (my / len).replacing(with: 0, where: degenerate)
        let u0 = nx * ux + ny * uy
        let c = (len - p.pointee.length) - half * u0
        let d = -p.pointee.k * (p.pointee.massScale * (u0 + u0) + p.pointee.biasRate * c)
        let m = p.pointee.m
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

    /// Loads a pair's bodies (`b0`, `b1`) into a block entry; `active` says both lanes are awake.
    @inline(__always)
    func gather(_ p: UnsafePointer<SoloDistancePair>, _ b0: Int, _ b1: Int, active: Bool) -> SoloPairState {
        if p.pointee.contiguous {
            return SoloPairState(pair: p, bothActive: active, x: load(px, b0), y: load(py, b0),
                                 ux: load(vx, b0), uy: load(vy, b0))
        }
        return SoloPairState(pair: p, bothActive: active, x: SIMD2(px[b0], px[b1]), y: SIMD2(py[b0], py[b1]),
                             ux: SIMD2(vx[b0], vx[b1]), uy: SIMD2(vy[b0], vy[b1]))
    }

    /// Elements `i` and `i + 1` of a column.
    @inline(__always)
    private func load(_ c: Column<Double>, _ i: Int) -> SIMD2<Double> {
        UnsafeRawPointer(c.base + i).loadUnaligned(as: SIMD2<Double>.self)
    }

    /// Stores elements `i` and `i + 1` of a column.
    @inline(__always)
    private func store(_ v: SIMD2<Double>, _ c: Column<Double>, _ i: Int) {
        UnsafeMutableRawPointer(c.base + i).storeBytes(of: v, as: SIMD2<Double>.self)
    }

    /// The common case of ``finish(_:x:y:ux:uy:)`` for both lanes of a contiguous pair at once:
    /// neither body spins nor falls asleep. Returns false, having stored nothing, otherwise.
    @inline(__always)
    func finishBoth(_ s: SoloPairState) -> Bool {
        guard s.pair.pointee.contiguous else { return false }
        let i = Int(s.pair.pointee.body0)
        let spin = load(w, i)
        guard all((spin + spin) .== 0) else { return false }
        let lin2 = SolverPolicy.sleepLinearSpeed * SolverPolicy.sleepLinearSpeed
        // Without spin, `abs(spin) < sleepAngularSpeed` holds.
        let slow = (s.ux * s.ux + s.uy * s.uy) .< lin2
        let time = (load(slowTime, i) + dt).replacing(with: 0, where: .!slow)
        guard !any(time .>= SolverPolicy.sleepWindow) else { return false }
        store(s.x, px, i); store(s.y, py, i)
        store(time, slowTime, i)
        store(s.ux, vx, i); store(s.uy, vy, i)
        return true
    }

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
