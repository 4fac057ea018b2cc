import Geometry

/// Axis rows: one row along a direction — ``PrimitiveKind/distance`` (springs and rods with a
/// length), ``PrimitiveKind/rope`` (at most a length), ``PrimitiveKind/line`` (sliding) and
/// ``PrimitiveKind/axisLimit`` (a sliding range). Ropes and ranges are limits (``LimitRow``).
extension Primitive {
    @inline(__always)
    func prepareAxis(_ s: inout RowScratch, _ g: RowGeometry, h: Double) {
        let dx = g.dx, dy = g.dy
        var nx: Double, ny: Double, c: Double
        switch kind {
        case .line, .axisLimit:
            var axX = axisX, axY = axisY
            if b >= 0 { (axX, axY) = rotate(axisX, axisY, cos(g.thB), sin(g.thB)) }
            if kind == .line {
                nx = -axY; ny = axX
                c = nx * dx + ny * dy
            } else {
                // The nearer end of the range, as a one-sided row (see ``LimitRow``): along the axis
                // at the maximum, against it at the minimum.
                let t = axX * dx + axY * dy
                if upper - t <= t - length { nx = axX; ny = axY; c = t - upper } else { nx = -axX; ny = -axY; c = length - t }
            }
        case .distance:
            (nx, ny, c, _) = SpringKernel.distanceRow(dx: dx, dy: dy, vx: g.vAx, vy: g.vAy, length: length, half: 0.5 * h)
        default:
            let len = (dx * dx + dy * dy).squareRoot()
            if len > 1e-9 { nx = dx / len; ny = dy / len } else { nx = 1; ny = 0 }
            c = len - length
        }
        var u0 = nx * g.vAx + ny * g.vAy
        var rBx = g.rBx, rBy = g.rBy
        if b >= 0 && (kind == .line || kind == .axisLimit) {
            // The axis turns with b, so the row holds a's attach point against b's material point
            // under it (Box2D's prismatic joint: the arm `d + r`): b's arm reaches to a's point, and
            // b's spin sweeps the axis across the offset `d` along it.
            rBx += dx; rBy += dy
            u0 += g.wB * (nx * dy - ny * dx)
            s.rBx = rBx; s.rBy = rBy
        }
        if (kind == .rope || kind == .axisLimit) && LimitRow.isFar(c, speed: u0, h: h, margin: LimitRow.linearMargin) {
            s.active = false; return
        }
        let crA = g.rAx * ny - g.rAy * nx, crB = rBx * ny - rBy * nx
        let k = g.mA + g.mB + g.iA * crA * crA + g.iB * crB * crB
        guard k > 0 else { s.active = false; return }
        s.nx = nx; s.ny = ny; s.cx = c; s.ux = u0; s.k11 = 1 / k
    }

    @inline(__always)
    func solveAxis(_ s: inout RowScratch, h: Double, _ c: SolverColumns) {
        let (uX, uY) = relativeVelocity(s, c)
        let u = s.nx * uX + s.ny * uY
        if kind == .rope || kind == .axisLimit {
            // One-sided and inelastic (``LimitRow``): the end velocity, then the substep-start one.
            let d = LimitRow.endImpulse(u: u, c: s.cx, h: h, k11: s.k11, accumulated: &s.lx)
            applyLinearImpulse(d * s.nx, d * s.ny, s, c)
            let (u0X, u0Y) = relativeStartVelocity(s, c)
            let e = LimitRow.startImpulse(u0: s.nx * u0X + s.ny * u0Y, u: u + d / s.k11, c: s.cx, h: h, k11: s.k11,
                                          accumulated: &s.ly)
            applyLinearImpulse(e * s.nx, e * s.ny, s, c, toStart: !c.limitsOnEnd)
            return
        }
        let d = SpringKernel.impulse(u: u, u0: s.ux, bias: coef.biasRate * s.cx, negativeK: -s.k11, massScale: coef.massScale,
                                     accumulated: s.lx, impulseScale: coef.impulseScale)
        s.lx += d
        applyLinearImpulse(d * s.nx, d * s.ny, s, c)
    }
}
