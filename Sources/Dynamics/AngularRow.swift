import Geometry

/// Angular rows: ``PrimitiveKind/angle`` (a fixed relative angle: welds, sliding, snap rotation),
/// ``PrimitiveKind/angleLimit`` (a range, a ``LimitRow``) and ``PrimitiveKind/angularFriction`` (resisted spin).
extension Primitive {
    @inline(__always)
    func prepareAngular(_ s: inout RowScratch, _ g: RowGeometry, _ c: SolverColumns, h: Double) {
        let k = g.iA + g.iB
        guard k > 0 else { s.active = false; return }
        s.k11 = 1 / k
        s.ux = g.wA - g.wB
        let a = Int(self.a), b = Int(self.b)
        let relAngle = b >= 0 ? c.th[a] - c.th[b] : c.th[a]
        switch kind {
        case .angle: s.cx = relAngle - length
        case .angleLimit:
            // The nearer end of the range, as a one-sided row (``LimitRow``): `s.nx` is +1 at the
            // maximum and −1 at the minimum, the row's sense.
            if upper - relAngle <= relAngle - length { s.nx = 1; s.cx = relAngle - upper } else { s.nx = -1; s.cx = length - relAngle }
            if LimitRow.isFar(s.cx, speed: s.nx * s.ux, h: h, margin: LimitRow.angularMargin) { s.active = false }
        default: s.cx = 0
        }
    }

    @inline(__always)
    func solveAngular(_ s: inout RowScratch, h: Double, _ c: SolverColumns) {
        let a = Int(self.a), b = Int(self.b)
        let u = c.w[a] - (b >= 0 ? c.w[b] : 0)
        var d: Double
        switch kind {
        case .angularFriction:
            let old = s.lx
            let limit = upper * h
            s.lx = Swift.max(-limit, Swift.min(limit, old - s.k11 * u))
            d = s.lx - old
        case .angleLimit:
            // One-sided and inelastic (``LimitRow``), in the row's sense `s.nx`: the end spin,
            // then the substep-start one.
            let sense = s.nx
            d = sense * LimitRow.endImpulse(u: sense * u, c: s.cx, h: h, k11: s.k11, accumulated: &s.lx)
            let u0 = c.w0[a] - (b >= 0 ? c.w0[b] : 0)
            let e = sense * LimitRow.startImpulse(u0: sense * u0, u: sense * (u + d / s.k11), c: s.cx, h: h, k11: s.k11,
                                                  accumulated: &s.ly)
            let w = c.limitsOnEnd ? c.w : c.w0
            w[a] += c.ii[a] * e
            if b >= 0 { w[b] -= c.ii[b] * e }
        default:
            d = -s.k11 * (coef.massScale * (u + s.ux) + coef.biasRate * s.cx) - coef.impulseScale * s.lx
            s.lx += d
        }
        c.w[a] += c.ii[a] * d
        if b >= 0 { c.w[b] -= c.ii[b] * d }
    }
}
