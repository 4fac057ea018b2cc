import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// The flock path takes bodies on any number of springs (it once stopped at 8): bodies on 9, 12
/// and 130 springs (more rows than one block's scratch holds) must give exactly what the general
/// row solver gives.
@Suite("Flock path past eight springs")
struct ManySpringFlockTests {
    /// Each body's position and velocity bits after every step, with the flock path on or off, and
    /// the number of flock pairs.
    private func run(flock: Bool) -> (pairs: Int, states: [[UInt64]]) {
        let animator = DynamicAnimator()
        animator.world.usesFlockPath = flock
        var springs: [AttachmentBehavior] = []
        let boxes = [9, 12, 12, 130].enumerated().map { k, rowCount -> Box in
            let box = Box(Double(k) * 200, 0, size: 40)
            for r in 0..<rowCount {
                let angle = Double(r) * 2.4 + Double(k)
                let s = AttachmentBehavior(item: box, attachedToAnchor: Point(x: Double(k) * 200 + 40 * cos(angle), y: 40 * sin(angle)))
                s.length = 25 + Double((k + r) % 3) * 5
                s.frequency = 2 + Double((k + r) % 4)
                s.damping = 0.1 + 0.1 * Double(r % 3)
                springs.append(s)
                animator.addBehavior(s)
            }
            return box
        }
        let kick = DynamicItemBehavior(items: boxes)
        animator.addBehavior(kick)
        var states = [[UInt64]](repeating: [], count: boxes.count)
        for step in 0..<300 {
            if step == 0 { for box in boxes { kick.addLinearVelocity(Vector(dx: 300, dy: -200), for: box) } }
            if step == 40 { springs[3].anchorPoint = Point(x: 60, y: 30) }
            animator.step(step % 5 == 2 ? 1.0 / 30 : 1.0 / 120)
            for (b, box) in boxes.enumerated() {
                let v = animator.linearVelocity(for: box)
                states[b] += [box.center.x.bitPattern, box.center.y.bitPattern, v.dx.bitPattern, v.dy.bitPattern]
            }
        }
        return (animator.world.flockPairs.count, states)
    }

    @Test("Bodies on 9, 12 and 130 springs take the flock path, bit-identical to the general path")
    func matchesGeneralPath() {
        let fast = run(flock: true), general = run(flock: false)
        // 9 (a lone lane), 12 + 12 (one pair), 130 (a lone lane).
        #expect(fast.pairs == 3)
        #expect(general.pairs == 0)
        for b in fast.states.indices { #expect(fast.states[b] == general.states[b], "body \(b)") }
    }
}
