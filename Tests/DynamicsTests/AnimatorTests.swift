import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

@Suite("Animator")
struct AnimatorTests {
    /// A box at the origin on a zero-length 4 Hz, ζ 0.7 spring to (50, 0), added to `animator`.
    static func boxOnSpring(in animator: DynamicAnimator) -> (Box, AttachmentBehavior) {
        let box = Box(0, 0)
        let spring = AttachmentBehavior(item: box, attachedToAnchor: Point(x: 50, y: 0))
        spring.length = 0
        spring.frequency = 4
        spring.damping = 0.7
        animator.addBehavior(spring)
        return (box, spring)
    }

    @Test("Pause exactly once after motion stops; resume once when an anchor moves")
    func pauseAndResume() {
        let animator = DynamicAnimator()
        let counter = PauseCounter()
        animator.delegate = counter
        let (box, spring) = Self.boxOnSpring(in: animator)
        var moves = 0
        animator.itemsDidMove = { moves += 1 }
        for _ in 0..<300 { animator.step(1.0 / 60) }
        #expect(counter.resumes == 1 && counter.pauses == 1)
        #expect(!animator.isRunning)
        let movesAtRest = moves
        for _ in 0..<30 { animator.step(1.0 / 60) }
        #expect(moves == movesAtRest)
        spring.anchorPoint = Point(x: 80, y: 0)
        for _ in 0..<300 { animator.step(1.0 / 60) }
        #expect(counter.resumes == 2 && counter.pauses == 2)
        #expect(box.center.distance(to: Point(x: 80, y: 0)) < 0.1)
        #expect(animator.elapsedTime < 10)
    }

    @Test("At rest when compiled and asleep; not after any change, nor before the first step")
    func isAtRest() {
        let animator = DynamicAnimator()
        #expect(animator.isAtRest)                      // nothing to simulate
        let (box, spring) = Self.boxOnSpring(in: animator)
        #expect(!animator.isAtRest)                     // not compiled yet
        animator.step(1.0 / 60)
        #expect(!animator.isAtRest && animator.isRunning)
        var frames = 1
        while !animator.isAtRest && frames < 600 { animator.step(1.0 / 60); frames += 1 }
        #expect(animator.isAtRest && !animator.isRunning)
        #expect(frames > 30 && frames < 600)
        // Resting means a step changes nothing.
        let c = box.center
        animator.step(1.0 / 60)
        #expect(box.center == c && animator.isAtRest)
        // Moving the anchor, or the item from outside, wakes it.
        spring.anchorPoint = Point(x: 80, y: 0)
        #expect(!animator.isAtRest)
        while !animator.isAtRest && frames < 1200 { animator.step(1.0 / 60); frames += 1 }
        #expect(animator.isAtRest)
        box.center = Point(x: 0, y: 0)
        animator.updateItem(usingCurrentState: box)
        #expect(!animator.isAtRest)
        animator.removeBehavior(spring)
        #expect(!animator.isAtRest)                     // the removal waits for the next step
        animator.step(1.0 / 60)
        #expect(animator.isAtRest)
    }

    @Test("items(in:) matches a brute-force scan")
    func itemsInRect() {
        let animator = DynamicAnimator()
        var boxes: [Box] = []
        for r in 0..<40 { for c in 0..<10 { boxes.append(Box(Double(c) * 50 + 20, Double(r) * 50 + 20, size: 40)) } }
        boxes[7].transform = AffineTransform(rotationAngle: .pi / 4)
        let props = DynamicItemBehavior(items: boxes)
        animator.addBehavior(props)
        for rect in [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 130, y: 410, width: 220, height: 300),
                     Rect(x: -50, y: -50, width: 10, height: 10), Rect(x: 0, y: 0, width: 1000, height: 3000)] {
            let found = Set(animator.items(in: rect).map { ObjectIdentifier($0) })
            let expected = Set(boxes.filter { b in
                Rect(center: b.center, size: b.bounds.size).applying(.identity).intersects(rect)
                    || (b === boxes[7] && Rect(center: b.center, size: Size(width: 56.57, height: 56.57)).intersects(rect))
            }.map { ObjectIdentifier($0) })
            #expect(found == expected)
        }
    }

    @Test("updateItem(usingCurrentState:) re-reads the position and keeps the velocity")
    func updateItem() {
        let animator = DynamicAnimator()
        let box = Box(0, 0)
        let props = DynamicItemBehavior(items: [box])
        props.addLinearVelocity(Vector(dx: 60, dy: 0), for: box)
        animator.addBehavior(props)
        animator.step(0.5)
        #expect(abs(box.center.x - 30) < 1e-9)
        box.center = Point(x: 1000, y: 10)
        animator.updateItem(usingCurrentState: box)
        animator.step(0.5)
        #expect(abs(box.center.x - 1030) < 1e-9 && box.center.y == 10)
    }

    @Test("Removing behaviors removes items; composites notify the animator")
    func treeChanges() {
        let animator = DynamicAnimator()
        let box = Box(0, 0)
        let parent = DynamicBehavior()
        animator.addBehavior(parent)
        let g = GravityBehavior(items: [box])
        parent.addChildBehavior(g)
        #expect(g.dynamicAnimator === animator)
        animator.step(0.1)
        #expect(box.center.y > 0 && animator.items(in: .infinite).count == 1)
        parent.removeChildBehavior(g)
        #expect(g.dynamicAnimator == nil)
        animator.step(0.1)
        #expect(animator.items(in: .infinite).isEmpty)
        var ran = 0
        parent.action = { ran += 1 }
        parent.addChildBehavior(g)
        animator.step(0.1)
        #expect(ran == 1)
    }
}
