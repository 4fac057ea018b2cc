import Geometry

/// The rows' relax pass (Box2D v3's `useBias = false` joint pass): after a substep's positions
/// move and the contacts relax, each rigid row's attach points (a weld's angle, a rod's length)
/// are made to move together at the end velocity, without bias. The relaxed contacts alone would
/// hand the next substep a welded pair moving apart (a hard landing opened a weld by 1.4 pt);
/// the soft biased rows of the next substep only correct the drift after it happened.
extension Primitive {
    /// Removes the relative velocity along this rigid row (soft springs and limits are left as
    /// their biased passes left them), with the arms and effective mass of the substep start.
    @inline(__always)
    func relax(_ s: inout RowScratch, _ c: SolverColumns) {
        guard s.active, rigid else { return }
        switch kind {
        case .point:
            let (uX, uY) = relativeVelocity(s, c)
            applyLinearImpulse(-(s.k11 * uX + s.k12 * uY), -(s.k12 * uX + s.k22 * uY), s, c)
        case .distance, .line:
            let (uX, uY) = relativeVelocity(s, c)
            let d = -s.k11 * (s.nx * uX + s.ny * uY)
            applyLinearImpulse(d * s.nx, d * s.ny, s, c)
        case .angle:
            let a = Int(self.a), b = Int(self.b)
            let d = -s.k11 * (c.w[a] - (b >= 0 ? c.w[b] : 0))
            c.w[a] += c.ii[a] * d
            if b >= 0 { c.w[b] -= c.ii[b] * d }
        case .rope, .axisLimit:
            // A limit that pulled this substep (its end and start impulses) stops along its row,
            // without pushing past what it pulled; one that did not is left alone.
            guard s.lx + s.ly < 0 else { return }
            let (uX, uY) = relativeVelocity(s, c)
            let d = Swift.min(-s.k11 * (s.nx * uX + s.ny * uY), -(s.lx + s.ly))
            applyLinearImpulse(d * s.nx, d * s.ny, s, c)
        case .angleLimit:
            guard s.lx + s.ly < 0 else { return }
            let a = Int(self.a), b = Int(self.b), sense = s.nx
            let u = sense * (c.w[a] - (b >= 0 ? c.w[b] : 0))
            let d = sense * Swift.min(-s.k11 * u, -(s.lx + s.ly))
            c.w[a] += c.ii[a] * d
            if b >= 0 { c.w[b] -= c.ii[b] * d }
        case .angularFriction:
            break
        }
    }
}
