import Geometry

/// A body whose only coupling is one spring to a fixed anchor at its centre (the common case: an
/// ``AttachmentBehavior`` to an anchor point with no offset, and no forces, fields or collisions).
///
/// Such a body does not interact with anything else during a step, so the solver advances it
/// through all substeps at once in registers (one load and one store per step instead of one
/// memory pass per substep), with the same arithmetic as the general row path: the results are
/// identical to solving it with the other rows.
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

        soloRows.removeAll(keepingCapacity: true)
        soloGroups.removeAll(keepingCapacity: true)
        soloRowOfPrim.removeAll(keepingCapacity: true)
        soloRowOfPrim.append(contentsOf: repeatElement(-1, count: primCount))
        generalBodies.removeAll(keepingCapacity: true)
        generalRows.removeAll(keepingCapacity: true)
        var isSolo = [Bool](repeating: false, count: count)
        var groupIndex: [SoloGroupKey: Int32] = [:]
        for i in 0..<count {
            guard rows[i] == 1, !coupled[i], !inField[i], im[i] > 0,
                  ax[i] == 0, ay[i] == 0, aw[i] == 0, dl[i] == 0, da[i] == 0 else { continue }
            let j = Int(rowOf[i])
            let p = prims[j]
            guard p.b < 0, p.kind == .distance || p.kind == .point, p.localAx == 0, p.localAy == 0 else { continue }
            let key = SoloGroupKey(isPoint: p.kind == .point, rigid: p.rigid,
                                   omega: p.rigid ? 0 : p.omega.bitPattern, zeta: p.rigid ? 0 : p.zeta.bitPattern)
            let g: Int32
            if let found = groupIndex[key] {
                g = found
            } else {
                g = Int32(soloGroups.count)
                groupIndex[key] = g
                soloGroups.append(SoloGroup(isPoint: key.isPoint, rigid: p.rigid, omega: p.omega, zeta: p.zeta))
            }
            let mA = im[i]
            let k: Double
            if p.kind == .point {
                // The general path's 2×2 effective mass with zero arms: k11·(1/det), k12 = 0.
                k = mA * (1 / (mA * mA))
            } else {
                k = 1 / mA
            }
            guard k.isFinite, k > 0 else { continue }
            soloRowOfPrim[j] = Int32(soloRows.count)
            soloRows.append(SoloRow(body: Int32(i), group: g, anchorX: p.localBx, anchorY: p.localBy,
                                    length: p.length, inverseMass: mA, k: k))
            isSolo[i] = true
        }
        for i in 0..<count where !isSolo[i] { generalBodies.append(Int32(i)) }
        for j in 0..<primCount where soloRowOfPrim[j] < 0 { generalRows.append(Int32(j)) }
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
        let px = self.px, py = self.py, th = self.th, cosT = self.cosT, sinT = self.sinT
        let vx = self.vx, vy = self.vy, w = self.w, awake = self.awake, slowTime = self.slow
        let half = 0.5 * h
        let lin2 = SolverPolicy.sleepLinearSpeed * SolverPolicy.sleepLinearSpeed
        soloGroups.withUnsafeBufferPointer { groups in
            soloRows.withUnsafeBufferPointer { rows in
                for r in rows {
                    let i = Int(r.body)
                    guard awake[i] else { continue }
                    let group = groups[Int(r.group)]
                    let c = group.coef
                    let ms = c.massScale, br = c.biasRate
                    let k = r.k, m = r.inverseMass, axp = r.anchorX, ayp = r.anchorY
                    var x = px[i], y = py[i], ux = vx[i], uy = vy[i]
                    if group.isPoint {
                        for _ in 0..<n {
                            let bx = ms * (ux + ux) + br * (x - axp)
                            let by = ms * (uy + uy) + br * (y - ayp)
                            // The accumulated impulse starts at 0, so the softness term vanishes.
                            let pX = -(k * bx), pY = -(k * by)
                            let nvx = ux + m * pX, nvy = uy + m * pY
                            x += half * (ux + nvx)
                            y += half * (uy + nvy)
                            ux = nvx; uy = nvy
                        }
                    } else {
                        let length = r.length
                        for _ in 0..<n {
                            let dx = x - axp, dy = y - ayp
                            let len = (dx * dx + dy * dy).squareRoot()
                            var nx = 1.0, ny = 0.0
                            if len > 1e-9 { nx = dx / len; ny = dy / len }
                            let u0 = nx * ux + ny * uy
                            let d = -k * (ms * (u0 + u0) + br * (len - length))
                            let nvx = ux + m * (d * nx), nvy = uy + m * (d * ny)
                            x += half * (ux + nvx)
                            y += half * (uy + nvy)
                            ux = nvx; uy = nvy
                        }
                    }
                    px[i] = x; py[i] = y
                    let spin = w[i]
                    if spin + spin != 0 {
                        // No torque acts (the spring pulls at the centre): the spin just turns the body.
                        var t = th[i]
                        for _ in 0..<n { t += half * (spin + spin) }
                        th[i] = t
                        cosT[i] = cos(t)
                        sinT[i] = sin(t)
                    }
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
