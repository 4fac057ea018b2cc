import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// Box2D v3's contact recycling (``World/recycleContacts(_:_:_:material:)``): a
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
            #expect(c.normalMass > 0 && c.rigid == f.rigid)
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

    /// A box (20.8 pt) held on a circle (15.4 pt) that can roll on the floor of the bench box,
    /// pressed from above by a second circle wedged against two anchored pieces (a neighbourhood
    /// taken from a pile of 585 that never slept), the floor circle nudged at 5 pt/s, stepped
    /// `seconds` with sleeping off; the floor circle's fastest speed over the last two seconds.
    static func rockingBoxPeak(seconds: Double, recycling: Bool) -> Double {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1280, height: 770))
        func piece(_ x: Double, _ y: Double, _ size: Double, round: Bool, angle: Double = 0) -> Box {
            let b = Box(x, y, size: size)
            b.shape = round ? .ellipse : .rectangle
            b.transform = AffineTransform(rotationAngle: angle)
            return b
        }
        let box = piece(582.46, 745.20, 20.78, round: false, angle: -0.338), roll = piece(588.04, 762.29, 15.44, round: true)
        let top = piece(577.96, 726.45, 17.70, round: true)
        let fixed = [piece(558.28, 721.02, 23.12, round: false, angle: 0.202), piece(584.15, 710.43, 16.74, round: true)]
        let moving = [box, roll, top]
        let collision = CollisionBehavior(items: moving + fixed)
        collision.translatesReferenceBoundsIntoBoundary = true
        let material = DynamicItemBehavior(items: moving)
        material.resistance = 1; material.angularResistance = 4; material.friction = 0.4
        let anchors = DynamicItemBehavior(items: fixed)
        anchors.isAnchored = true; anchors.friction = 0.4
        for b in [GravityBehavior(items: moving), collision, material, anchors] as [DynamicBehavior] { animator.addBehavior(b) }
        animator.allowsSleeping = false
        material.addLinearVelocity(Vector(dx: 5, dy: 0), for: roll)
        animator.world.recyclesContacts = recycling
        let frames = Int(seconds * 60)
        var peak = 0.0
        for k in 0..<frames {
            animator.step(1.0 / 60)
            if k >= frames - 120, let i = animator.bodyIndex(for: roll) { peak = Swift.max(peak, abs(animator.world.bodies.vx[i])) }
        }
        return peak
    }

    @Test("A box rocking on a circle that rolls on the floor is fed little by recycled contacts: under 4 pt/s after 10 s (6.6 within 0.5 pt, Box2D v3's allowance 5 pt: 23)")
    func recyclingFeedsARockingBoxLittle() {
        let recycled = Self.rockingBoxPeak(seconds: 10, recycling: true), fresh = Self.rockingBoxPeak(seconds: 10, recycling: false)
        #expect(recycled < 4, "rocking at \(recycled) pt/s")
        #expect(fresh < 1.5, "rocking at \(fresh) pt/s without recycling")
    }
}
