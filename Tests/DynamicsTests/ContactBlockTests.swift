import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// The contact solver's colouring and wide blocks (``ContactBlock``, issue 43): manifolds of one
/// colour share no movable body, every contact is in exactly one lane, and the wide path gives
/// bit for bit what one manifold at a time gives in the same order.
@Suite("Contact blocks")
struct ContactBlockTests {
    /// A pile of `count` squares and circles (sizes 12–30 pt) dropped in rows into a 300-pt box,
    /// with a pin between the first two and the last anchored (unless `joined` is false), so
    /// contacts with boundaries, items, circles, anchored and jointed bodies all occur.
    static func pile(count: Int = 120, laneWidth: Int = ContactLanes.scalarCount, joined: Bool = true) -> (DynamicAnimator, [Box]) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 300, height: 400))
        var boxes: [Box] = []
        for k in 0..<count {
            let size = 12 + Double((k * 7) % 19)
            let box = Box(18 + Double(k % 10) * 28 + Double(k / 10 % 2) * 6, 385 - Double(k / 10) * 30, size: size)
            if k % 3 == 1 { box.shape = .ellipse }
            box.transform = AffineTransform(rotationAngle: Double(k % 5) * 0.2)
            boxes.append(box)
        }
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: boxes))
        animator.world.contactLaneWidth = laneWidth
        guard joined else { return (animator, boxes) }
        let anchored = DynamicItemBehavior(items: [boxes[count - 1]])
        anchored.isAnchored = true
        animator.addBehavior(anchored)
        animator.addBehavior(AttachmentBehavior.pinAttachment(with: boxes[0], attachedTo: boxes[1],
                                                              attachmentAnchor: boxes[0].center))
        return (animator, boxes)
    }

    @Test("No two manifolds of one block move the same body, and every contact is in exactly one lane")
    func coloursShareNoBody() {
        let (animator, _) = Self.pile()
        var blocksChecked = 0, wideBlocks = 0
        for _ in 0..<120 {
            animator.step(1.0 / 60)
            let world = animator.world
            var seen = [Int](repeating: 0, count: world.contactPoints.count)
            for block in world.contactBlocks {
                var moved = Set<Int32>()
                for l in 0..<block.laneCount {
                    let k = Int(block.contact[l])
                    seen[k] += 1
                    #expect(world.contactPoints[k].pairedWithNext == block.isPair)
                    if block.isPair { seen[k + 1] += 1 }
                    for (body, isBody) in [(block.a[l], true), (block.b[l], block.hasB[l])] where isBody {
                        let i = Int(body)
                        guard world.bodies.im[i] > 0 || world.bodies.ii[i] > 0 else { continue }
                        #expect(moved.insert(body).inserted, "body \(body) twice in one block")
                    }
                }
                blocksChecked += 1
                if block.laneCount > 1 { wideBlocks += 1 }
            }
            #expect(seen.allSatisfy { $0 == 1 })
        }
        #expect(blocksChecked > 1000)
        #expect(wideBlocks * 2 > blocksChecked, "most blocks are wide: \(wideBlocks) of \(blocksChecked)")
    }

    @Test("Four lanes at once give bit for bit what one manifold at a time gives")
    func wideMatchesOneAtATime() {
        let (wide, wideBoxes) = Self.pile()
        let (narrow, narrowBoxes) = Self.pile(laneWidth: 1)
        for step in 0..<240 {
            wide.step(1.0 / 60)
            narrow.step(1.0 / 60)
            for (a, b) in zip(wideBoxes, narrowBoxes) {
                guard a.center.x.bitPattern == b.center.x.bitPattern, a.center.y.bitPattern == b.center.y.bitPattern,
                      a.transform.b.bitPattern == b.transform.b.bitPattern else {
                    Issue.record("step \(step): \(a.center) against \(b.center)")
                    return
                }
            }
        }
        #expect(wide.world.contactBlocks.count < narrow.world.contactBlocks.count)
    }

    @Test("A step longer than 1/30 s with collisions is cut into parts", arguments: [
        (1.0 / 60, 1), (1.0 / 30, 1), (0.034, 2), (0.2, 6), (1.0, 30), (10.0, 64), (Double.infinity, 1)])
    func collisionParts(dt: Double, parts: Int) {
        #expect(SolverPolicy.collisionParts(for: dt) == parts)
    }

    @Test("A 0.25-s frame spike while the pile falls finds at most 8 contacts a piece (each part collides again)")
    func aSpikeKeepsTheContactsFew() {
        let (animator, boxes) = Self.pile()
        var most = 0
        for _ in 0..<20 {
            animator.step(1.0 / 60)
            most = max(most, animator.world.contactPoints.count)
        }
        let fastest = boxes.map { animator.velocity(of: $0).length }.max() ?? 0
        #expect(fastest > 300, "still falling: \(fastest) pt/s")
        animator.step(0.25)
        // Without the parts, margins of some 150 pt took in most of the pile.
        #expect(animator.world.contactPoints.count <= 8 * boxes.count, "\(animator.world.contactPoints.count) against \(most)")
        #expect(animator.world.contactBlocks.allSatisfy { $0.laneCount > 1 || $0.a[0] >= 0 })
        for (k, box) in boxes.enumerated() { #expect(box.center.y <= 400 && box.center.y >= 0 && box.center.x >= 0 && box.center.x <= 300, "\(k) \(box.center) \(box.bounds.size)") }
    }
}

/// ``ContactPassProbe``, which `kinetic bench collision` times: it names the last step's blocks
/// and runs the same passes the substeps run, on velocities only.
@Suite("Contact pass probe")
struct ContactPassProbeTests {
    @Test("The probe counts the last step's blocks, manifolds and points, and its passes move velocities, never positions")
    func probeRunsTheStepsPasses() throws {
        let (animator, boxes) = ContactBlockTests.pile(joined: false)
        #expect(animator.contactPassProbe() == nil)  // before any step: no contacts
        for _ in 0..<180 { animator.step(1.0 / 60) }
        let probe = try #require(animator.contactPassProbe())
        let world = animator.world
        #expect(probe.blockCount == world.contactBlocks.count && probe.pointCount == world.contactPoints.count)
        #expect(probe.manifoldCount == world.contactBlocks.reduce(0) { $0 + $1.laneCount })
        #expect(probe.pointCount == world.contactBlocks.reduce(0) { $0 + $1.laneCount * ($1.isPair ? 2 : 1) })
        let centers = boxes.map(\.center)
        let before = (0..<world.count).map { (world.bodies.vx[$0], world.bodies.vy[$0], world.bodies.w[$0]) }
        for _ in 0..<20 { probe.warmStart(); probe.solve(); probe.relax() }
        #expect(boxes.map(\.center) == centers)
        var changed = false
        for i in 0..<world.count {
            let v = (world.bodies.vx[i], world.bodies.vy[i], world.bodies.w[i])
            #expect(v.0.isFinite && v.1.isFinite && v.2.isFinite)
            if v != before[i] { changed = true }
        }
        #expect(changed)
    }

    @Test("The probe's narrow phase finds the same contacts at every call, recycled from the last call's, and moves nothing")
    func narrowPhaseFindsTheSameContacts() throws {
        let (animator, boxes) = ContactBlockTests.pile(joined: false)
        animator.allowsSleeping = false
        for _ in 0..<180 { animator.step(1.0 / 60) }
        let probe = try #require(animator.contactPassProbe())
        let world = animator.world
        let centers = boxes.map(\.center)
        probe.narrowPhase()
        let keys = world.contactPoints.map(\.key), blocks = world.contactBlocks.count
        let recycled = world.contactPoints.reduce(0) { $0 + ($1.recycled ? 1 : 0) }
        #expect(!keys.isEmpty && recycled > 0)
        // From the second call on, each recycles what the call before found afresh at the same
        // positions, as the next step would: then every call is the same.
        probe.narrowPhase()
        let again = world.contactPoints.reduce(0) { $0 + ($1.recycled ? 1 : 0) }
        #expect(again >= recycled)
        for _ in 0..<3 { probe.narrowPhase() }
        #expect(world.contactPoints.map(\.key) == keys && world.contactBlocks.count == blocks)
        #expect(world.contactPoints.reduce(0) { $0 + ($1.recycled ? 1 : 0) } == again)
        #expect(boxes.map(\.center) == centers)
    }
}

/// The blocks carried from step to step (``World/refreshContactBlocks()``), the contacts carried
/// in place (``World/contactsCarriedInPlace``) and the warm start that leaves the separations as
/// the relax pass brought them (issue 43): all bit for bit the path they replace.
@Suite("Contact blocks refreshed")
struct ContactBlockRefreshTests {
    /// Two twin piles of `count` (``ContactBlockTests/pile(count:laneWidth:joined:)``) with
    /// friction 0.4, never sleeping, and in each a behavior over its first two boxes, to fling
    /// them into the pile.
    static func twinAwakePiles(count: Int)
        -> (DynamicAnimator, [Box], DynamicAnimator, [Box], [DynamicItemBehavior]) {
        let (a, aBoxes) = ContactBlockTests.pile(count: count)
        let (b, bBoxes) = ContactBlockTests.pile(count: count)
        var flights: [DynamicItemBehavior] = []
        for (animator, boxes) in [(a, aBoxes), (b, bBoxes)] {
            let rough = DynamicItemBehavior(items: boxes)
            rough.friction = 0.4
            animator.addBehavior(rough)
            let flight = DynamicItemBehavior(items: [boxes[0], boxes[1]])
            animator.addBehavior(flight)
            flights.append(flight)
            animator.allowsSleeping = false
        }
        return (a, aBoxes, b, bBoxes, flights)
    }

    /// Flings the first two boxes of each pile of ``twinAwakePiles(count:)`` at `velocity`
    /// (points per second) through its flight behavior.
    static func fling(_ flights: [DynamicItemBehavior], _ piles: [[Box]], _ velocity: Vector) {
        for (flight, boxes) in zip(flights, piles) {
            for item in [boxes[0], boxes[1]] { flight.addLinearVelocity(velocity, for: item) }
        }
    }

    /// Whether every box of `a` stands and turns as its twin in `b`, bit for bit; records the
    /// first that does not, at `step`.
    static func sameBits(_ a: [Box], _ b: [Box], step: Int) -> Bool {
        for (x, y) in zip(a, b) {
            guard x.center.x.bitPattern == y.center.x.bitPattern, x.center.y.bitPattern == y.center.y.bitPattern,
                  x.transform.b.bitPattern == y.transform.b.bitPattern else {
                Issue.record("step \(step): \(x.center) against \(y.center)")
                return false
            }
        }
        return true
    }

    /// A pile of 30 with a pin, awake (it rests on the same contacts for most of its steps, the
    /// pinned pair's found afresh each step), and the pile of 120 falling asleep; both with friction.
    @Test("Blocks refreshed from the last step's give bit for bit what blocks built afresh give", arguments: [(30, false), (120, true)])
    func refreshMatchesBuildingAfresh(count: Int, sleeping: Bool) {
        let (refreshed, refreshedBoxes) = ContactBlockTests.pile(count: count)
        let (built, builtBoxes) = ContactBlockTests.pile(count: count)
        // With friction: a frictionless pile of squares is not statically stable, and whether it
        // comes to rest is a matter of luck.
        for (animator, boxes) in [(refreshed, refreshedBoxes), (built, builtBoxes)] {
            let rough = DynamicItemBehavior(items: boxes)
            rough.friction = 0.4
            animator.addBehavior(rough)
        }
        built.world.refreshesContactBlocks = false
        refreshed.allowsSleeping = sleeping
        built.allowsSleeping = sleeping
        for step in 0..<600 {
            // A frame of another length now and then: the softness and the warm start's scale change.
            let dt = step % 97 == 0 ? 1.0 / 45 : 1.0 / 60
            refreshed.step(dt)
            built.step(dt)
            guard Self.sameBits(refreshedBoxes, builtBoxes, step: step) else { return }
        }
        #expect(built.world.contactBlockRefreshes == 0)
        // 557 and 178 refreshes of 600 steps when written (328 and 54 without friction).
        #expect(refreshed.world.contactBlockRefreshes > (sleeping ? 30 : 250), "\(refreshed.world.contactBlockRefreshes) refreshes")
        // Steps that carried every contact in place (the list swapped in, not copied): most of
        // the awake pile's refreshed steps (its pinned pair found afresh in place), some of the
        // pile falling asleep's.
        #expect(built.world.stepsCarriedInPlace == 0)
        #expect(refreshed.world.stepsCarriedInPlace > (sleeping ? 5 : refreshed.world.contactBlockRefreshes / 2),
                "\(refreshed.world.stepsCarriedInPlace) steps carried in place")
    }

    /// A contact found afresh where the last step had it takes its place in the list carried in
    /// place (``World/mirrorReplaced``); a narrow phase run again in the step (for the finer
    /// substeps of a joint striking fast, or an island woken) first puts the last step's back,
    /// so the step gives bit for bit what a world that never carries in place gives.
    @Test("A narrow phase run again in a step starts from the last step's contacts")
    func aNarrowPhaseRunAgainPutsTheLastContactsBack() {
        let (carried, carriedBoxes, built, builtBoxes, flights) = Self.twinAwakePiles(count: 60)
        built.world.refreshesContactBlocks = false
        for step in 0..<280 {
            // Now and then the pinned pair is flung into the pile: its contacts are found again
            // for finer substeps.
            if step >= 120 && step % 40 == 0 {
                Self.fling(flights, [carriedBoxes, builtBoxes], Vector(dx: step % 80 == 0 ? 1600 : -1600, dy: -900))
            }
            carried.step(1.0 / 60)
            built.step(1.0 / 60)
            guard Self.sameBits(carriedBoxes, builtBoxes, step: step) else { return }
        }
        #expect(built.world.replacedContactsPutBack == 0)
        #expect(carried.world.replacedContactsPutBack > 0, "no narrow phase ran again after a contact took its place")
        #expect(carried.world.stepsCarriedInPlace > 50, "\(carried.world.stepsCarriedInPlace) steps carried in place")
    }

    /// The same when an island wakes: a box resting on another, both asleep, pushed awake
    /// touches the sleeping one, so their contact is found afresh (a sleeper's touch decides
    /// whether it wakes) and takes the place of the one they fell asleep with; the narrow phase
    /// then runs again for the woken island, from the contacts they fell asleep with.
    @Test("A woken island's narrow phase starts from the contacts it fell asleep with")
    func aWokenIslandPutsTheLastContactsBack() {
        func stack() -> (DynamicAnimator, [Box], DynamicItemBehavior) {
            let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 300, height: 400))
            let boxes = [Box(150, 380, size: 40), Box(152, 340, size: 30)]
            let collision = CollisionBehavior(items: boxes)
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(collision)
            animator.addBehavior(GravityBehavior(items: boxes))
            let rough = DynamicItemBehavior(items: boxes)
            rough.friction = 0.4
            animator.addBehavior(rough)
            return (animator, boxes, rough)
        }
        let (carried, carriedBoxes, carriedPush) = stack()
        let (built, builtBoxes, builtPush) = stack()
        built.world.refreshesContactBlocks = false
        var pushed = 0
        for step in 0..<900 {
            if step > 0 && !carried.world.bodies.awake[0] && !carried.world.bodies.awake[1] && pushed < 3 {
                pushed += 1
                carriedPush.addLinearVelocity(Vector(dx: 12, dy: 0), for: carriedBoxes[1])
                builtPush.addLinearVelocity(Vector(dx: 12, dy: 0), for: builtBoxes[1])
            }
            carried.step(1.0 / 60)
            built.step(1.0 / 60)
            guard Self.sameBits(carriedBoxes, builtBoxes, step: step) else { return }
        }
        #expect(pushed > 0, "the stack never fell asleep")
        #expect(carried.world.replacedContactsPutBack > 0, "no woken island's narrow phase put a contact back")
    }

    @Test("A change of material or lane width builds the blocks afresh")
    func materialChangeBuildsAfresh() {
        let (animator, boxes) = ContactBlockTests.pile(count: 30, joined: false)
        animator.allowsSleeping = false
        // On until it rests on the same contacts.
        var steps = 0, streak = 0
        while streak < 2 && steps < 900 {
            let before = animator.world.contactBlockRefreshes
            animator.step(1.0 / 60)
            streak = animator.world.contactBlockRefreshes > before ? streak + 1 : 0
            steps += 1
        }
        #expect(streak == 2, "the pile refreshes its blocks at rest")
        let refreshes = animator.world.contactBlockRefreshes
        // Heavier pieces: the blocks' masses must be the new ones.
        let heavy = DynamicItemBehavior(items: Array(boxes.prefix(20)))
        heavy.density = 5
        animator.addBehavior(heavy)
        animator.step(1.0 / 60)
        #expect(animator.world.contactBlockRefreshes == refreshes)
        for block in animator.world.contactBlocks {
            for l in 0..<block.laneCount {
                let a = Int(block.a[l])
                #expect(block.frame.mA[l] == Float(animator.world.bodies.im[a]))
            }
        }
        animator.world.contactLaneWidth = 1
        animator.step(1.0 / 60)
        #expect(animator.world.contactBlocks.allSatisfy { $0.laneCount == 1 })
    }

    @Test("After the relax pass the separations are what a warm start would bring them up to")
    func relaxLeavesTheSeparationsUpToDate() throws {
        let (animator, _) = ContactBlockTests.pile(joined: false)
        animator.allowsSleeping = false
        for _ in 0..<120 { animator.step(1.0 / 60) }
        let world = animator.world
        // The step ended with a relax pass; the positions have not moved since.
        func separations() -> [UInt32] {
            world.contactBlocks.flatMap { b in (0..<b.laneCount).flatMap { l in [b.p1.separation[l].bitPattern, b.p2.separation[l].bitPattern] } }
        }
        let after = separations()
        #expect(!after.isEmpty)
        world.warmStartContacts(refreshingSeparations: true)
        #expect(separations() == after)
    }
}
