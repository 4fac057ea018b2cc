/// The general substep's position stage (``World/substep(_:index:)``): each awake body moves and
/// turns over the substep, by its end velocity where it touches something (and has no rows), by
/// the mean of its start and end velocities otherwise.
extension StepContext {
    /// Moves and turns every awake body of `bodies` (in order) over substep `index`: a body with
    /// a contact this step (`inContact`, with `colliding`) turns at most a quarter turn
    /// (``clampedTurn(_:limit:)``) and, unless it has rows (`hasRows`), moves by its end velocity;
    /// every other body by the midpoint rule (``SpringKernel/advance(_:start:end:half:)``).
    /// `dense` says `bodies` is every body `0 ..< bodies.count`: four neighbouring bodies then go
    /// side by side as the lanes of a `SIMD4<Double>`, in the same arithmetic (a step's last
    /// substep still turns each body exactly, one at a time: ``turn(_:by:substep:)``). Returns
    /// whether it held back any body's spin (``w`` changed).
    @inline(__always) @discardableResult
    func advancePositions(_ bodies: [Int32], index: Int, colliding: Bool, inContact: Column<Bool>,
                          hasRows: UnsafeBufferPointer<Bool>, dense: Bool) -> Bool {
        var held = false
        var k = 0
        // The fastest a touching body may spin, rad/s: a quarter turn per substep.
        let limit = SolverPolicy.maxContactTurn / h
        if dense && hasRows.count >= bodies.count {
            let n = bodies.count, half = SIMD4(repeating: self.half)
            let last = index + 1 == substeps
            let rowsBase = UnsafeRawPointer(hasRows.baseAddress!)
            while k + 4 <= n {
                let awake = self.awake.quadMask(at: k)
                guard any(awake) else { k += 4; continue }
                var spin = w.quad(at: k), spin0 = w0.quad(at: k)
                var endVelocity = SIMDMask<SIMD4<Int64>>(repeating: false)
                if colliding {
                    let touching = inContact.quadMask(at: k) .& awake
                    if any(touching) {
                        let clamped = Self.clampedTurn(spin, limit: limit)
                        if any(touching .& (clamped .!= spin)) { held = true }
                        spin.replace(with: clamped, where: touching)
                        spin0.replace(with: Self.clampedTurn(spin0, limit: limit), where: touching)
                        w.setQuad(spin, at: k)
                        w0.setQuad(spin0, at: k)
                        let rows = SIMD4<Int64>(truncatingIfNeeded: rowsBase.loadUnaligned(fromByteOffset: k, as: SIMD4<UInt8>.self)) .!= 0
                        endVelocity = touching .& .!rows
                    }
                }
                let x = px.quad(at: k), y = py.quad(at: k), ux = vx.quad(at: k), uy = vy.quad(at: k)
                let movedX = SpringKernel.advance(x, start: v0x.quad(at: k), end: ux, half: half)
                    .replacing(with: x + h * ux, where: endVelocity)
                let movedY = SpringKernel.advance(y, start: v0y.quad(at: k), end: uy, half: half)
                    .replacing(with: y + h * uy, where: endVelocity)
                px.setQuad(x.replacing(with: movedX, where: awake), at: k)
                py.setQuad(y.replacing(with: movedY, where: awake), at: k)
                let d = (half * (spin0 + spin)).replacing(with: h * spin, where: endVelocity)
                let angle = th.quad(at: k)
                if index == 0 { th0.setQuad(th0.quad(at: k).replacing(with: angle, where: awake), at: k) }
                if last {
                    for l in 0..<4 where awake[l] { turn(k + l, by: d[l], substep: index) }
                } else {
                    // ``turnWithin(_:to:)`` four at a time: a turn of ``seriesTurn`` or more is
                    // worked out afresh, one body at a time.
                    let turning = awake .& (d .!= 0)
                    if any(turning) {
                        let to = angle + d, by = to - angle
                        let (c, s) = Self.turned(cos: cosT.quad(at: k), sin: sinT.quad(at: k), by: by)
                        let small = turning .& (by .< Self.seriesTurn) .& (by .> -Self.seriesTurn)
                        th.setQuad(angle.replacing(with: to, where: turning), at: k)
                        cosT.setQuad(cosT.quad(at: k).replacing(with: c, where: small), at: k)
                        sinT.setQuad(sinT.quad(at: k).replacing(with: s, where: small), at: k)
                        for l in 0..<4 where turning[l] && !small[l] { turn(k + l, to: to[l]) }
                    }
                }
                k += 4
            }
        }
        for b in bodies[k...] where awake[Int(b)] {
            let i = Int(b)
            let touching = colliding && inContact[i]
            if touching {
                let clamped = Self.clampedTurn(w[i], limit: limit)
                if clamped != w[i] { held = true }
                w[i] = clamped
                w0[i] = Self.clampedTurn(w0[i], limit: limit)
            }
            if touching && !hasRows[i] {
                px[i] += h * vx[i]
                py[i] += h * vy[i]
                turn(i, by: h * w[i], substep: index)
                continue
            }
            px[i] = SpringKernel.advance(px[i], start: v0x[i], end: vx[i], half: half)
            py[i] = SpringKernel.advance(py[i], start: v0y[i], end: vy[i], half: half)
            let dw = w0[i] + w[i]
            turn(i, by: half * dw, substep: index)
        }
        return held
    }

    /// A touching body's spin `w` (rad/s) held to at most `limit` either way: at most a quarter
    /// turn per substep while touching (Box2D v3's maximum rotation), since the contacts' arms
    /// are the step's start ones and a body spun faster would turn them round and feed energy in.
    @inline(__always)
    static func clampedTurn(_ w: Double, limit: Double) -> Double {
        abs(w) > limit ? (w > 0 ? limit : -limit) : w
    }

    /// ``clampedTurn(_:limit:)`` of four spins.
    @inline(__always)
    static func clampedTurn(_ w: SIMD4<Double>, limit: Double) -> SIMD4<Double> {
        let held = SIMD4(repeating: limit).replacing(with: -limit, where: .!(w .> 0))
        return w.replacing(with: held, where: (w .> limit) .| (w .< -limit))
    }
}
