import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// ``DynamicAnimator/allowsSleeping`` (issue 43): the collision benchmark's "sleeping off" run
/// keeps every body awake however slow it is, on the general path and on the solo path.
@Suite("Sleeping switch")
struct SleepingSwitchTests {
    @Test("A dropped box rests on the floor: asleep after 5 s with sleeping on, still awake with it off",
          arguments: [true, false])
    func droppedBox(allowsSleeping: Bool) {
        let (animator, box) = CollisionTests.droppedBox()
        animator.allowsSleeping = allowsSleeping
        for _ in 0..<300 { animator.step(1.0 / 60) }
        #expect(abs(box.center.y - 375) <= 0.5)
        #expect(animator.velocity(of: box).length < 1)
        #expect(animator.awakeItemCount == (allowsSleeping ? 0 : 1))
        #expect(animator.isRunning == !allowsSleeping)
        #expect(animator.isAtRest == allowsSleeping)
    }

    @Test("A lone centre spring (the solo path) never sleeps with sleeping off; turning it off wakes a sleeper")
    func soloSpring() {
        let animator = DynamicAnimator()
        let box = Box(50, 0, size: 40)
        let spring = AttachmentBehavior(item: box, attachedToAnchor: .zero)
        spring.length = 0
        spring.frequency = 4
        spring.damping = 0.3
        animator.addBehavior(spring)
        animator.allowsSleeping = false
        for _ in 0..<600 { animator.step(1.0 / 120) }
        #expect(animator.world.soloRows.count == 1)
        #expect(animator.awakeItemCount == 1 && animator.isRunning)
        // Still stepping: the spring has pulled it (almost) onto the anchor.
        #expect(abs(box.center.x) < 0.01 && abs(box.center.y) < 0.01)
        animator.allowsSleeping = true
        for _ in 0..<60 { animator.step(1.0 / 120) }
        #expect(animator.awakeItemCount == 0 && !animator.isRunning)
        animator.allowsSleeping = false
        #expect(animator.awakeItemCount == 1 && !animator.isAtRest)
    }
}
