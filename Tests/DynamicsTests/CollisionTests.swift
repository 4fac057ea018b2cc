import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

final class ContactLog: CollisionBehaviorDelegate {
    var began: [AnyHashable?] = []
    var ended = 0
    var pairs = 0
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?, at point: Point) { began.append(identifier) }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: AnyHashable?) { ended += 1 }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                           with item2: any DynamicItem, at point: Point) { pairs += 1 }
}

@Suite("Collisions")
struct CollisionTests {
    /// A 50-pt box at (200, 100) falling onto the bounds of a 400×400 animator: the collision
    /// (reporting to `log`), then an item behavior of `elasticity` if given, then gravity.
    static func droppedBox(log: ContactLog? = nil, elasticity: Double? = nil) -> (DynamicAnimator, Box) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let box = Box(200, 100, size: 50)
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionDelegate = log
        animator.addBehavior(collision)
        if let elasticity {
            let props = DynamicItemBehavior(items: [box])
            props.elasticity = elasticity
            animator.addBehavior(props)
        }
        animator.addBehavior(GravityBehavior(items: [box]))
        return (animator, box)
    }

    @Test("A dropped box rests on the boundary without sinking more than 0.5 pt")
    func restsOnFloor() {
        let log = ContactLog()
        let (animator, box) = Self.droppedBox(log: log)
        var deepest = 0.0
        for _ in 0..<180 {
            animator.step(1.0 / 60)
            deepest = max(deepest, box.center.y + 25 - 400)
        }
        #expect(deepest <= 0.5)
        #expect(abs(box.center.y - 375) <= 0.5)
        #expect(!animator.isRunning)
        #expect(log.began.count == 1 && log.began[0] == nil)
    }

    @Test("Elasticity 1 bounces back to at least 95 % of the height")
    func elasticBounce() {
        let (animator, box) = Self.droppedBox(elasticity: 1)
        var bounced = false, highest = Double.infinity
        for _ in 0..<200 {
            animator.step(1.0 / 120)
            if box.center.y > 374 { bounced = true }
            if bounced { highest = min(highest, box.center.y) }
        }
        let drop = 375.0 - 100
        #expect(bounced)
        #expect(375 - highest >= 0.95 * drop, "rose \(375 - highest) of \(drop)")
    }

    @Test("No tunnelling through a boundary segment at 5000 pt/s")
    func noTunnelling() {
        let animator = DynamicAnimator()
        let box = Box(0, 0, size: 20)
        let collision = CollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "wall", from: Point(x: -1000, y: 300), to: Point(x: 1000, y: 300))
        let log = ContactLog()
        collision.collisionDelegate = log
        let props = DynamicItemBehavior(items: [box])
        props.addLinearVelocity(Vector(dx: 0, dy: 5000), for: box)
        animator.addBehavior(collision)
        animator.addBehavior(props)
        for _ in 0..<30 {
            animator.step(1.0 / 30)
            #expect(box.center.y <= 290 + 0.5)
        }
        #expect(log.began.count == 1 && log.began[0] == AnyHashable("wall"))
        #expect(collision.boundaryIdentifiers == ["wall"])
    }

    @Test("Items push each other apart")
    func itemsCollide() {
        let animator = DynamicAnimator()
        let a = Box(0, 0, size: 40), b = Box(100, 5, size: 40)
        b.shape = .ellipse
        let collision = CollisionBehavior(items: [a, b])
        collision.collisionMode = .items
        let log = ContactLog()
        collision.collisionDelegate = log
        let props = DynamicItemBehavior(items: [a, b])
        props.addLinearVelocity(Vector(dx: 300, dy: 0), for: a)
        animator.addBehavior(collision)
        animator.addBehavior(props)
        for _ in 0..<60 {
            animator.step(1.0 / 60)
            #expect(b.center.x - a.center.x >= 40 - 0.5)
        }
        #expect(log.pairs >= 1)
        #expect(props.linearVelocity(for: b).dx > 0)
    }
}
