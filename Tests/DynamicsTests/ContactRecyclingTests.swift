import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// Box2D v3's contact recycling (``World/recycleContacts(_:_:_:elasticity:friction:)``): a
/// contact whose bodies barely moved since the narrow phase found it is carried over, and is where
/// a fresh narrow phase would put it within the drift allowed; anything that moved farther, or is
/// held by a row, is found afresh.
@Suite("Contact recycling")
struct ContactRecyclingTests {
    /// ``ContactBlockTests/pile(count:laneWidth:)`` with sleeping off, stepped `steps` times.
    static func settledPile(steps: Int = 240) -> (DynamicAnimator, [Box]) {
        let (animator, boxes) = ContactBlockTests.pile()
        animator.allowsSleeping = false
        for _ in 0..<steps { animator.step(1.0 / 60) }
        return (animator, boxes)
    }

    /// The narrow phase run twice on the same positions (as a step starts), with recycling and
    /// without: the carried-over contacts and the fresh ones.
    static func recycledAndFresh(_ world: World) -> (recycled: [ContactPoint], fresh: [ContactPoint]) {
        let context = StepContext(dt: 1.0 / 60, substeps: 4, iterations: 1, bodies: world.bodies)
        world.collideContacts(context)
        let recycled = world.contactPoints
        world.recyclesContacts = false
        world.collideContacts(context)
        let fresh = world.contactPoints
        world.recyclesContacts = true
        return (recycled, fresh)
    }

    @Test("A resting pile carries over most of its contacts, each where a fresh narrow phase puts it")
    func recycledContactsMatchFreshOnes() {
        let (animator, _) = Self.settledPile()
        let world = animator.world
        let (recycled, fresh) = Self.recycledAndFresh(world)
        let carried = recycled.filter(\.recycled)
        #expect(Double(carried.count) > 0.5 * Double(recycled.count), "\(carried.count) of \(recycled.count) carried over")
        let carriedWithout = fresh.filter(\.recycled).count
        #expect(carriedWithout == 0, "the run without recycling carries none over")
        var byKey: [ContactImpulseKey: ContactPoint] = [:]
        for c in fresh { byKey[c.key] = c }
        var compared = 0
        let tolerance = SolverPolicy.contactRecycleDistance
        for c in carried {
            // A fresh manifold may have one point where the carried one has two (or the other
            // way round) when an edge is within the feature tolerance of flat: compare the keys both have.
            guard let f = byKey[c.key], f.pairedWithNext == c.pairedWithNext else { continue }
            compared += 1
            // The same normal (within the turn allowed: 0.5 pt at the 10-pt arm of the smallest piece).
            #expect(c.nx * f.nx + c.ny * f.ny > 0.99, "normal (\(c.nx), \(c.ny)) against fresh (\(f.nx), \(f.ny))")
            // The separation within the drift allowed (plus what a turned normal makes of the overlap).
            #expect(abs(c.separation - f.separation) <= 2 * tolerance, "separation \(c.separation) against fresh \(f.separation)")
            // The impulses are the last step's, as the fresh contact's warm start has them.
            #expect(c.normalImpulse == f.normalImpulse && c.tangentImpulse == f.tangentImpulse)
            #expect(c.normalMass > 0 && c.softness.biasRate == f.softness.biasRate)
        }
        #expect(compared > carried.count / 2, "compared \(compared) of \(carried.count)")
    }

    @Test("Recycling follows the bodies' motion relative to each other: a pile shifted together keeps its item contacts, not its floor's")
    func relativeMotionDecides() {
        let (animator, _) = Self.settledPile()
        let world = animator.world
        // Move every body 0.6 pt sideways (more than the drift allowed): each pair of items is
        // where it was relative to each other, but every body moved against the boundaries.
        for i in 0..<world.count { world.bodies.px[i] += 0.6 }
        let (recycled, _) = Self.recycledAndFresh(world)
        #expect(recycled.contains { $0.recycled && $0.b >= 0 }, "item pairs are carried over")
        #expect(!recycled.contains { $0.recycled && $0.b < 0 }, "no boundary contact is carried over")
    }

    @Test("Contacts of a body held by a row are always found afresh")
    func rowBodiesCollideAfresh() {
        let (animator, boxes) = Self.settledPile()
        let world = animator.world
        guard let pinned = world.bodyIndex(of: boxes[0]), let partner = world.bodyIndex(of: boxes[1]) else {
            Issue.record("the pinned boxes are not in the world")
            return
        }
        for _ in 0..<30 {
            animator.step(1.0 / 60)
            for c in world.contactPoints where c.recycled {
                #expect(![pinned, partner].contains(Int(c.a)) && ![pinned, partner].contains(Int(c.b)))
            }
        }
        #expect(world.contactPoints.contains { $0.recycled }, "others are carried over")
    }

    @Test("A pile without rows settles as with fresh contacts: the same height within 2 %, and all asleep in 10 s")
    func settlesAsWithFreshContacts() {
        func settle(recycling: Bool) -> (height: Double, awake: Int) {
            let (animator, boxes) = ContactBlockTests.pile(count: 80, joined: false)
            // The stress pile's material: without resistance a pile keeps a slosh of a point or
            // two per second and never sleeps, either way.
            let material = DynamicItemBehavior(items: boxes)
            material.resistance = 1
            material.angularResistance = 4
            material.friction = 0.4
            animator.addBehavior(material)
            animator.world.recyclesContacts = recycling
            for _ in 0..<600 { animator.step(1.0 / 60) }
            let top = boxes.map { $0.center.y - $0.bounds.height / 2 }.min() ?? 0
            let world = animator.world
            return (400 - top, boxes.filter { world.bodyIndex(of: $0).map { world.bodies.awake[$0] } ?? false }.count)
        }
        let recycled = settle(recycling: true), fresh = settle(recycling: false)
        #expect(abs(recycled.height - fresh.height) <= 0.02 * fresh.height, "height \(recycled.height) against \(fresh.height)")
        #expect(recycled.awake == 0 && fresh.awake == 0, "\(recycled.awake) awake after 10 s (fresh: \(fresh.awake))")
    }
}
