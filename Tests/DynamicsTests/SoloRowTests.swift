import Testing
import Geometry
import KineticTestSupport
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

    /// Lone springs side by side, so the solo path packs them into SIMD pairs: neighbours in the
    /// columns (loaded and stored as vectors), an odd count (a lone last lane), point rows in
    /// between (the pair across one is not neighbours), mixed settings within a pair, bodies falling
    /// asleep at different steps, a spinning body, anchor moves and velocity kicks, mixed step
    /// lengths. `stiff` makes body 5 an under-resolved 1000 Hz spring kicked round its anchor, which
    /// makes the energy guard step in (and adds a stiff general-path body, so that the substep does
    /// not depend on which bodies take part); `general` keeps every body on the general path (a
    /// zero-strength field). Returns, for each of `bodies`, its position, rotation and velocity
    /// after every step, and how many rows were solo, in how many pairs, with how many guard triggers.
    private func springs(_ bodies: [Int], stiff: Bool, general: Bool = false)
        -> (solo: Int, pairs: Int, triggers: Int, states: [[UInt64]]) {
        let animator = DynamicAnimator()
        let boxes = bodies.map { k in
            Box(Double(k) * 80 + 50 * cos(Double(k) * 2.4), 50 * sin(Double(k) * 2.4), size: 40)
        }
        var springs: [AttachmentBehavior] = []
        for (box, k) in zip(boxes, bodies) {
            let spring = AttachmentBehavior(item: box, attachedToAnchor: Point(x: Double(k) * 80, y: 0))
            spring.length = k == 3 || k == 7 ? 0 : 30
            spring.frequency = stiff && k == 5 ? 1000 : 2 + Double(k % 4)
            spring.damping = stiff && k == 5 ? 0 : 0.2 + 0.15 * Double(k % 3)
            springs.append(spring)
            animator.addBehavior(spring)
        }
        if stiff {
            // A body on two 1000 Hz springs (general path) sets the substep for every run alike.
            let pace = Box(-200, 0, size: 40)
            for y in [-30.0, 30] {
                let spring = AttachmentBehavior(item: pace, attachedToAnchor: Point(x: -200, y: y))
                spring.frequency = 1000
                animator.addBehavior(spring)
            }
        }
        let push = DynamicItemBehavior(items: boxes)
        animator.addBehavior(push)
        if general {
            let field = FieldBehavior.linearGravityField(direction: .zero)
            for box in boxes { field.addItem(box) }
            animator.addBehavior(field)
        }
        func body(_ k: Int) -> Int? { bodies.firstIndex(of: k) }
        var states = [[UInt64]](repeating: [], count: bodies.count)
        for step in 0..<500 {
            if step == 0, stiff, let b = body(5) { push.addLinearVelocity(Vector(dx: 0, dy: 4000), for: boxes[b]) }
            if step == 2, let b = body(9) { push.addAngularVelocity(3, for: boxes[b]) }
            if step == 40, let b = body(1) { springs[b].anchorPoint = Point(x: 100, y: 60) }
            if step == 50, let b = body(10) { springs[b].anchorPoint = Point(x: 760, y: -40) }
            if step == 200, let b = body(0) { push.addLinearVelocity(Vector(dx: 300, dy: 0), for: boxes[b]) }
            animator.step(step % 7 == 3 ? 1.0 / 30 : 1.0 / 120)
            for (b, box) in boxes.enumerated() {
                let v = animator.linearVelocity(for: box)
                states[b] += [box.center.x.bitPattern, box.center.y.bitPattern, box.transform.rotationAngle.bitPattern,
                              v.dx.bitPattern, v.dy.bitPattern]
            }
        }
        let world = animator.world
        return (world.soloRows.count, world.soloPairs.count, world.guardTriggers, states)
    }

    @Test("Lone springs packed in SIMD pairs are bit-identical to the general path")
    func pairsMatchGeneralPath() {
        let all = Array(0..<11)
        let solo = springs(all, stiff: false)
        let general = springs(all, stiff: false, general: true)
        #expect(solo.solo == 11 && solo.pairs == 5)
        #expect(general.solo == 0)
        #expect(solo.triggers == 0)
        #expect(solo.states == general.states)
    }

    /// The general path does not guard bodies in a field, so a guard trigger cannot be compared
    /// with it: each body solved alone (a lone lane, finished lane by lane) must match the same
    /// body solved beside the others (neighbouring lanes, finished as vectors where possible).
    @Test("A lone spring gives the same bits alone or packed with others, energy guard included")
    func pairsMatchLoneLanes() {
        let all = Array(0..<11)
        let together = springs(all, stiff: true)
        #expect(together.solo == 11 && together.pairs == 5)
        #expect(together.triggers > 0)
        var triggers = 0
        for k in all {
            let alone = springs([k], stiff: true)
            #expect(alone.solo == 1)
            #expect(alone.states[0] == together.states[k], "body \(k)")
            triggers += alone.triggers
        }
        #expect(triggers == together.triggers)
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
