import Testing
import Geometry
import KineticTestSupport
import Scenes
@testable import Dynamics

/// The flock path (bodies on several distance springs to fixed anchors, advanced body by body in
/// SIMD pairs) must give exactly what the general row solver gives.
@Suite("Flock springs")
struct FlockRowTests {
    /// A drag flock (four springs per cell) beside bodies on 2, 3, 5 and 8 springs with mixed
    /// settings, odd counts per row count (a lone last lane), bodies apart in the columns (a solo
    /// body and a general-path body in between), a spinning body, velocity kicks, a stiff
    /// under-resolved pair of springs kicked round its anchors (the energy guard steps in), flicks
    /// of the pointer (large anchor jumps), mixed step lengths, then a rest where the damped
    /// bodies fall asleep. `flock` false turns the flock path off. Returns each body's position,
    /// rotation and velocity after every step, the flock pair count and the guard's triggers.
    private func scene(flock: Bool) -> (pairs: Int, triggers: Int, asleep: Int, states: [[UInt64]]) {
        let animator = DynamicAnimator()
        animator.world.usesFlockPath = flock
        let cells = (0..<9).map { Box(36 + Double($0 % 3) * 50, 66 + Double($0 / 3) * 50, size: 40) }
        let drag = DragBehavior(items: cells, point: Point(x: 100, y: 100))
        drag.frequency = 8
        drag.damping = 0.6
        animator.addBehavior(drag)
        var others: [Box] = []
        var springs: [AttachmentBehavior] = []
        for (k, rowCount) in [2, 3, 5, 8, 2, 3, 1, 5, 2].enumerated() {
            let box = Box(400 + Double(k) * 90, 300 + 20 * sin(Double(k)), size: 40)
            others.append(box)
            for r in 0..<rowCount {
                let angle = Double(r) * 2.4 + Double(k)
                let s = AttachmentBehavior(item: box, attachedToAnchor: Point(x: 400 + Double(k) * 90 + 35 * cos(angle),
                                                                            y: 300 + 35 * sin(angle)))
                s.length = 20 + Double((k + r) % 4) * 8
                s.frequency = k == 4 ? 1000 : 2 + Double((k + r) % 5)
                s.damping = k == 4 ? 0 : 0.15 + 0.2 * Double((k * 3 + r) % 4)
                springs.append(s)
                animator.addBehavior(s)
            }
        }
        // A body with gravity stays on the general path, and makes it add external accelerations to
        // every body it walks.
        let heavy = Box(900, 0, size: 40)
        let hang = AttachmentBehavior(item: heavy, attachedToAnchor: Point(x: 900, y: -60))
        hang.frequency = 3
        hang.damping = 0.4
        animator.addBehavior(hang)
        let gravity = GravityBehavior(items: [heavy])
        animator.addBehavior(gravity)
        let all = cells + others
        let push = DynamicItemBehavior(items: all)
        animator.addBehavior(push)
        var states = [[UInt64]](repeating: [], count: all.count)
        for step in 0..<700 {
            let t = Double(step)
            if step == 0 { push.addLinearVelocity(Vector(dx: 0, dy: 5000), for: others[4]) }
            if step == 3 { push.addAngularVelocity(3, for: cells[4]) }
            if step == 5 { push.addAngularVelocity(-2, for: others[1]) }
            if step == 30 { push.addLinearVelocity(Vector(dx: 600, dy: -300), for: others[3]) }
            if step < 200 {
                // The pointer circles, with flicks: large jumps every 40 steps.
                let jump = step % 40 == 20 ? 900.0 : 0
                drag.updateDragLocation(Point(x: 100 + 150 * cos(t * 0.3) + jump, y: 100 + 100 * sin(t * 0.45) - jump / 2))
            } else if step == 200 {
                drag.updateDragLocation(Point(x: 100, y: 100))
            }
            if step == 60 { springs[4].anchorPoint = Point(x: 700, y: 200) }
            animator.step(step % 7 == 3 ? 1.0 / 30 : 1.0 / 120)
            for (b, box) in all.enumerated() {
                let v = animator.linearVelocity(for: box)
                states[b] += [box.center.x.bitPattern, box.center.y.bitPattern, box.transform.rotationAngle.bitPattern,
                              v.dx.bitPattern, v.dy.bitPattern, animator.angularVelocity(for: box).bitPattern]
            }
        }
        let world = animator.world
        var asleep = 0
        for box in all where !world.bodies.awake[animator.bodyIndex(for: box)!] { asleep += 1 }
        return (world.flockPairs.count, world.guardTriggers, asleep, states)
    }

    @Test("Bodies on several springs take the flock path, bit-identical to the general path")
    func matchesGeneralPath() {
        let fast = scene(flock: true)
        let general = scene(flock: false)
        // 9 cells on 4 rows (5 pairs), 3 bodies on 2 (2), 2 on 3 (1), 2 on 5 (1), 1 on 8 (1).
        #expect(fast.pairs == 10)
        #expect(general.pairs == 0)
        #expect(fast.triggers > 0)
        #expect(fast.triggers == general.triggers)
        #expect(fast.asleep > 0)
        #expect(fast.asleep == general.asleep)
        for b in fast.states.indices {
            let same = fast.states[b] == general.states[b]
            #expect(same, "body \(b)")
        }
    }
}
