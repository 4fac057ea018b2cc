import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

@Suite("Stability")
struct StabilityTests {
    /// Total energy of a mass-1 item on a length-0 spring to the origin under gravity `g` (pt/s²):
    /// kinetic + spring (½·ω²·|x|², since m_eff = m = 1) + gravitational (−g·y).
    static func energy(_ animator: DynamicAnimator, _ box: Box, omega: Double, g: Double) -> Double {
        let v = animator.velocity(of: box)
        let p = box.center
        return 0.5 * v.lengthSquared + 0.5 * omega * omega * (p.x * p.x + p.y * p.y) - g * p.y
    }

    @Test("No NaN, and energy never grows with damping > 0",
          arguments: [0.5, 8.0, 30.0, 240.0, 1000.0], [0.0, 0.01, 0.3, 1.0, 10.0])
    func sweep(frequency: Double, damping: Double) {
        for dt in [1.0 / 1000, 1.0 / 60, 0.25, 1.0] {
            for g in [0.0, 1000.0] {
                let animator = DynamicAnimator()
                let box = Box(120, -80)
                let s = AttachmentBehavior(item: box, attachedToAnchor: .zero)
                s.length = 0
                s.frequency = frequency
                s.damping = damping
                animator.addBehavior(s)
                if g > 0 { animator.addBehavior(GravityBehavior(items: [box])) }
                let props = DynamicItemBehavior(items: [box])
                props.addLinearVelocity(Vector(dx: 0, dy: 300), for: box)
                animator.addBehavior(props)
                let omega = 2 * Double.pi * frequency
                _ = animator.items(in: .zero)  // compiles the behaviors, applying the initial velocity
                var e = Self.energy(animator, box, omega: omega, g: g)
                let scale = max(abs(e), 1)
                for _ in 0..<30 {
                    animator.step(dt)
                    #expect(box.center.isFinite && box.transform.rotationAngle.isFinite)
                    let now = Self.energy(animator, box, omega: omega, g: g)
                    #expect(now.isFinite)
                    if damping > 0 {
                        #expect(now <= e + 1e-6 * scale, "f \(frequency) ζ \(damping) dt \(dt) g \(g): \(e) → \(now)")
                    }
                    e = now
                }
            }
        }
    }
}
