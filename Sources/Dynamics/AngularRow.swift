import Geometry

/// Angular rows: ``PrimitiveKind/angle`` (a fixed relative angle: welds, sliding, snap rotation),
/// ``PrimitiveKind/angleLimit`` (a range) and ``PrimitiveKind/angularFriction`` (resisted spin).
extension Primitive {
    @inline(__always)
    func prepareAngular(_ s: inout RowScratch, _ g: RowGeometry, _ c: SolverColumns) {
        let k = g.iA + g.iB
        guard k > 0 else { s.active = false; return }
        s.k11 = 1 / k
        s.ux = g.wA - g.wB
        let a = Int(self.a), b = Int(self.b)
        let relAngle = b >= 0 ? c.th[a] - c.th[b] : c.th[a]
        switch kind {
        case .angle: s.cx = relAngle - length
        case .angleLimit:
            if relAngle < length { s.cx = relAngle - length } else if relAngle > upper { s.cx = relAngle - upper } else { s.active = false }
        default: s.cx = 0
        }
    }

    @inline(__always)
    func solveAngular(_ s: inout RowScratch, h: Double, _ c: SolverColumns) {
        let a = Int(self.a), b = Int(self.b)
        let u = c.w[a] - (b >= 0 ? c.w[b] : 0)
        var d: Double
        if kind == .angularFriction {
            let old = s.lx
            let limit = upper * h
            s.lx = Swift.max(-limit, Swift.min(limit, old - s.k11 * u))
            d = s.lx - old
        } else {
            d = -s.k11 * (coef.massScale * (u + s.ux) + coef.biasRate * s.cx) - coef.impulseScale * s.lx
            if kind == .angleLimit {
                let old = s.lx
                s.lx = s.cx > 0 ? Swift.min(old + d, 0) : Swift.max(old + d, 0)
                d = s.lx - old
            } else {
                s.lx += d
            }
        }
        c.w[a] += c.ii[a] * d
        if b >= 0 { c.w[b] -= c.ii[b] * d }
    }
}
