import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// A pair's speculative margin from the two bodies' speed relative to each other
/// (``World/pairMargin(_:_:awake:_:dt:)``, issue 43): pieces falling side by side find no contact
/// between them, while a piece closing on another fast still finds it before it arrives.
@Suite("Pair margins")
struct PairMarginTests {
    /// Two 20-pt squares `gap` points apart side by side (or one above the other), both moving at
    /// `velocity` and the second also at `extra`, without boundaries, under gravity or not.
    static func pair(gap: Double, sideBySide: Bool = true, velocity: Vector, extra: Vector = Vector(dx: 0, dy: 0),
                     gravity: Bool) -> (DynamicAnimator, Box, Box) {
        let animator = DynamicAnimator()
        let a = Box(0, 0, size: 20)
        let b = sideBySide ? Box(20 + gap, 0, size: 20) : Box(0, 20 + gap, size: 20)
        let collision = CollisionBehavior(items: [a, b])
        collision.collisionMode = .items
        let props = DynamicItemBehavior(items: [a, b])
        props.addLinearVelocity(velocity, for: a)
        props.addLinearVelocity(Vector(dx: velocity.dx + extra.dx, dy: velocity.dy + extra.dy), for: b)
        animator.addBehavior(collision)
        animator.addBehavior(props)
        if gravity { animator.addBehavior(GravityBehavior(items: [a, b])) }
        return (animator, a, b)
    }

    @Test("Pieces falling side by side 6 pt apart find no contact, where their own margins would")
    func fallingSideBySide() {
        let (animator, _, _) = Self.pair(gap: 6, velocity: Vector(dx: 0, dy: 600), gravity: true)
        for step in 0..<30 {
            animator.step(1.0 / 60)
            let world = animator.world
            #expect(world.contactPoints.isEmpty, "step \(step): \(world.contactPoints.count) contacts")
            // Each body's own margin alone spans the gap: the old sum would have made a contact.
            #expect(world.scratchMargin[0] + world.scratchMargin[1] > 6)
            // Both pulled alike: the pair's margin is the speculative distance and the pull.
            #expect(world.pairMargin(0, 1, awake: true, true, dt: 1.0 / 60) < 2 * SolverPolicy.speculativeDistance + 1)
        }
    }

    @Test("A piece closing on another at 1800 pt/s finds it before it arrives and never passes it")
    func closingFastIsFound() {
        // 30 pt a step against a 20-pt gap: without a speculative contact it would be inside the
        // other in one step.
        let (animator, a, b) = Self.pair(gap: 20, velocity: Vector(dx: 1800, dy: 0), extra: Vector(dx: -1800, dy: 0), gravity: false)
        animator.step(1.0 / 60)
        let pairs = animator.world.contactPoints.filter { $0.b >= 0 }
        #expect(!pairs.isEmpty, "no contact in the step that closes the gap")
        for _ in 0..<60 {
            #expect(b.center.x - a.center.x >= 20 - 0.5, "\(b.center.x - a.center.x) apart (20 touching)")
            animator.step(1.0 / 60)
        }
    }

    @Test("Falling together onto a resting piece: the relative speed counts, so none sinks in")
    func fallingOntoResting() {
        // The second is at rest below the first; the first falls at 1200 pt/s with 10 pt to go.
        let (animator, a, b) = Self.pair(gap: 10, sideBySide: false, velocity: Vector(dx: 0, dy: 1200),
                                         extra: Vector(dx: 0, dy: -1200), gravity: false)
        for _ in 0..<30 {
            animator.step(1.0 / 60)
            #expect(b.center.y - a.center.y >= 20 - 0.5, "\(b.center.y - a.center.y) apart (20 touching)")
        }
    }

    @Test("A pair's margin is never more than the sum of the two bodies' own margins")
    func neverMoreThanTheSum() {
        let (animator, _) = ContactBlockTests.pile(count: 60)
        let world = animator.world
        var checked = 0
        for _ in 0..<90 {
            animator.step(1.0 / 60)
            // The margins as the next step's narrow phase works them out, from the same velocities.
            world.collideContacts(StepContext(dt: 1.0 / 60, substeps: 4, iterations: 1, bodies: world.bodies))
            for i in 0..<world.count {
                for j in (i + 1)..<world.count {
                    let awakeI = world.bodies.awake[i], awakeJ = world.bodies.awake[j]
                    let m = world.pairMargin(i, j, awake: awakeI, awakeJ, dt: 1.0 / 60)
                    #expect(m <= world.scratchMargin[i] + world.scratchMargin[j] + 1e-9)
                    #expect(m >= 2 * SolverPolicy.speculativeDistance - 1e-9)
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
    }
}
