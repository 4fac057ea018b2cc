import Testing
import Geometry
@testable import Dynamics

/// The solo fast path (one centre spring to an anchor, advanced through all substeps at once)
/// must give exactly what the general row solver gives.
@Suite("Solo springs")
struct SoloRowTests {
    /// Positions and rotations after every step of a spring scene, with a spin, an anchor move and
    /// settling to sleep; `general` adds a zero-strength field, which keeps the body on the general path.
    private func trajectory(length: Double, general: Bool) -> (rows: Int, states: [UInt64]) {
        let animator = DynamicAnimator()
        let box = Box(50, 0, size: 40)
        let spring = AttachmentBehavior(item: box, attachedToAnchor: .zero)
        spring.length = length
        spring.frequency = 4
        spring.damping = 0.3
        animator.addBehavior(spring)
        let spin = DynamicItemBehavior(items: [box])
        animator.addBehavior(spin)
        if general {
            let field = FieldBehavior.linearGravityField(direction: .zero)
            field.addItem(box)
            animator.addBehavior(field)
        }
        var states: [UInt64] = []
        for step in 0..<400 {
            if step == 1 { spin.addAngularVelocity(2, for: box) }
            if step == 30 { spin.addAngularVelocity(-2, for: box) }
            if step == 60 { spring.anchorPoint = Point(x: -20, y: 35) }
            animator.step(step % 7 == 3 ? 1.0 / 30 : 1.0 / 120)
            states += [box.center.x.bitPattern, box.center.y.bitPattern, box.transform.rotationAngle.bitPattern,
                       animator.isRunning ? 1 : 0]
        }
        return (animator.world.soloRows.count, states)
    }

    @Test("A lone centre spring is solved solo, bit-identical to the general path", arguments: [0.0, 30.0])
    func matchesGeneralPath(length: Double) {
        let solo = trajectory(length: length, general: false)
        let general = trajectory(length: length, general: true)
        #expect(solo.rows == 1)
        #expect(general.rows == 0)
        #expect(solo.states == general.states)
        // A length-0 spring damps every direction, so the run also covers falling asleep (a longer
        // spring swings on tangentially: nothing damps that).
        if length == 0 { #expect(solo.states.last == 0) }
    }

    @Test("Rows share coefficient groups by settings, also past the linear scan")
    func groups() {
        let animator = DynamicAnimator()
        var springs: [AttachmentBehavior] = []
        for k in 0..<30 {
            let box = Box(Double(k) * 100, 0)
            let spring = AttachmentBehavior(item: box, attachedToAnchor: Point(x: Double(k) * 100, y: 50))
            spring.frequency = Double(1 + (k * 5) % 12)
            spring.damping = 0.5
            springs.append(spring)
            animator.addBehavior(spring)
        }
        animator.step(1.0 / 60)
        let world = animator.world
        #expect(world.soloRows.count == 30)
        #expect(world.soloGroups.count == 12)
        for (k, spring) in springs.enumerated() {
            let row = world.soloRows[k]
            #expect(Int(row.body) == k)
            #expect(world.soloGroups[Int(row.group)].omega == angularFrequency(spring.frequency))
        }
    }

    @Test("Bodies with several rows, an offset or a force stay on the general path")
    func classification() {
        let animator = DynamicAnimator()
        let twoRows = Box(0, 0), offset = Box(200, 0), pushed = Box(400, 0), solo = Box(600, 0)
        animator.addBehavior(AttachmentBehavior(item: twoRows, attachedToAnchor: Point(x: 0, y: 50)))
        animator.addBehavior(AttachmentBehavior(item: twoRows, attachedToAnchor: Point(x: 0, y: -50)))
        animator.addBehavior(AttachmentBehavior(item: offset, offsetFromCenter: Vector(dx: 10, dy: 0),
                                                attachedToAnchor: Point(x: 200, y: 50)))
        animator.addBehavior(AttachmentBehavior(item: pushed, attachedToAnchor: Point(x: 400, y: 50)))
        animator.addBehavior(GravityBehavior(items: [pushed]))
        animator.addBehavior(AttachmentBehavior(item: solo, attachedToAnchor: Point(x: 600, y: 50)))
        animator.step(1.0 / 60)
        let world = animator.world
        #expect(world.soloRows.map { Int($0.body) } == [animator.bodyIndex(for: solo)!])
        #expect(world.generalBodies.count == 3)
        #expect(world.generalRows.count == world.primCount - 1)
    }
}
