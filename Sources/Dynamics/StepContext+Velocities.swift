/// The general substep's first stage (``World/substep(_:index:)``): each awake body keeps its
/// velocity as the substep's start velocity and takes its constant acceleration and resistance.
extension StepContext {
    /// Stores each awake body's velocity as its substep-start velocity (``v0x``, ``v0y``, ``w0``)
    /// and, with `forces`, pulls it by its acceleration and resistance over `h` seconds
    /// (``SpringKernel/pulled(_:accel:resistance:h:)``). `bodies` lists the bodies, in order;
    /// `dense` says it is every body `0 ..< bodies.count`, and then four neighbouring bodies go
    /// side by side as the lanes of a `SIMD4<Double>` (the same arithmetic: a pile's resistance
    /// divisions, two a body a substep, had bound the loop one body at a time).
    @inline(__always)
    func pullVelocities(_ bodies: [Int32], h: Double, forces: Bool, dense: Bool) {
        var k = 0
        if dense {
            let n = bodies.count
            while k + 4 <= n {
                let awake = self.awake.quadMask(at: k)
                if any(awake) {
                    let ux = vx.quad(at: k), uy = vy.quad(at: k), spin = w.quad(at: k)
                    v0x.setQuad(v0x.quad(at: k).replacing(with: ux, where: awake), at: k)
                    v0y.setQuad(v0y.quad(at: k).replacing(with: uy, where: awake), at: k)
                    w0.setQuad(w0.quad(at: k).replacing(with: spin, where: awake), at: k)
                    if forces {
                        let d = dl.quad(at: k)
                        let pulledX = SpringKernel.pulled(ux, accel: ax.quad(at: k), resistance: d, h: h)
                        let pulledY = SpringKernel.pulled(uy, accel: ay.quad(at: k), resistance: d, h: h)
                        let pulledW = SpringKernel.pulled(spin, accel: aw.quad(at: k), resistance: da.quad(at: k), h: h)
                        vx.setQuad(ux.replacing(with: pulledX, where: awake), at: k)
                        vy.setQuad(uy.replacing(with: pulledY, where: awake), at: k)
                        w.setQuad(spin.replacing(with: pulledW, where: awake), at: k)
                    }
                }
                k += 4
            }
        }
        for b in bodies[k...] where awake[Int(b)] {
            let i = Int(b)
            v0x[i] = vx[i]; v0y[i] = vy[i]; w0[i] = w[i]
            guard forces else { continue }
            vx[i] = SpringKernel.pulled(vx[i], accel: ax[i], resistance: dl[i], h: h)
            vy[i] = SpringKernel.pulled(vy[i], accel: ay[i], resistance: dl[i], h: h)
            w[i] = SpringKernel.pulled(w[i], accel: aw[i], resistance: da[i], h: h)
        }
    }
}
