import Geometry

/// Point rows (``PrimitiveKind/point``): two attach points coincide — length-0 attachments, pins,
/// welds, snaps. Two coupled rows solved as one 2×2 block.
extension Primitive {
    @inline(__always)
    func preparePoint(_ s: inout RowScratch, _ g: RowGeometry) {
        s.cx = g.dx; s.cy = g.dy
        s.ux = g.vAx; s.uy = g.vAy
        let rAx = g.rAx, rAy = g.rAy, rBx = g.rBx, rBy = g.rBy
        let k11 = g.mA + g.mB + g.iA * rAy * rAy + g.iB * rBy * rBy
        let k12 = -g.iA * rAx * rAy - g.iB * rBx * rBy
        let k22 = g.mA + g.mB + g.iA * rAx * rAx + g.iB * rBx * rBx
        let det = k11 * k22 - k12 * k12
        guard det > 0 else { s.active = false; return }
        let inv = 1 / det
        s.k11 = k22 * inv; s.k12 = -k12 * inv; s.k22 = k11 * inv
    }

    @inline(__always)
    func solvePoint(_ s: inout RowScratch, _ c: SolverColumns) {
        let (uX, uY) = relativeVelocity(s, c)
        let bx = coef.massScale * (uX + s.ux) + coef.biasRate * s.cx
        let by = coef.massScale * (uY + s.uy) + coef.biasRate * s.cy
        let pX = -(s.k11 * bx + s.k12 * by) - coef.impulseScale * s.lx
        let pY = -(s.k12 * bx + s.k22 * by) - coef.impulseScale * s.ly
        s.lx += pX; s.ly += pY
        applyLinearImpulse(pX, pY, s, c)
    }
}
