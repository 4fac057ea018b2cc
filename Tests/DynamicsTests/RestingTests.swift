import Testing
import Geometry
import KineticTestSupport
@testable import Dynamics

/// Issue 43's piles that never slept: a touching body that stays in place, or rocks about one
/// spot, counts as slow (``RestAnchor``), and a contact's warm start is scaled to the substep it is carried into
/// (``World/warmStartScale``), so uneven frames do not kick a resting pile.
@Suite("Resting in place")
struct RestingTests {
    /// A 20-pt box resting on the floor of a 200 × 200 box (gravity and collisions), after
    /// `steps` frames of 1/60 s.
    static func restingBox(steps: Int = 90) -> (DynamicAnimator, Box) {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 200))
        let box = Box(100, 189, size: 20)
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [box]))
        for _ in 0..<steps { animator.step(1.0 / 60) }
        return (animator, box)
    }

    /// Steps `animator` `frames` frames of 1/60 s, setting its only body's velocity to
    /// `velocity(frame)` (points/s, along x) before each frame while it is awake; the first frame
    /// after which it was asleep (nil: never).
    static func asleepFrame(_ animator: DynamicAnimator, frames: Int, velocity: (Int) -> Double) -> Int? {
        for k in 0..<frames {
            if animator.world.bodies.awake[0] { animator.world.bodies.vx[0] = velocity(k) }
            animator.step(1.0 / 60)
            if !animator.world.bodies.awake[0] { return k }
        }
        return nil
    }

    /// Wakes the only body with its slow time and rest cleared.
    static func wake(_ animator: DynamicAnimator) {
        animator.world.wake(0)
        animator.world.bodies.rest[0] = RestAnchor()
    }

    @Test("A body trembling in place on the floor at 3 pt/s sleeps after resting half a second; by its speed alone it never would")
    func tremblingInPlaceSleeps() throws {
        let (animator, _) = Self.restingBox()
        Self.wake(animator)
        // ±3 pt/s, three frames each way: it stays within a tenth of a point.
        let frame = try #require(Self.asleepFrame(animator, frames: 120) { ($0 / 3) % 2 == 0 ? 3 : -3 })
        #expect(frame >= 28 && frame <= 36, "asleep after frame \(frame)")  // 0.5 s of rest, the 0.2-s window within it
    }

    @Test("A body creeping along the floor at 3 pt/s never counts as resting")
    func creepingNeverRests() {
        let (animator, _) = Self.restingBox()
        Self.wake(animator)
        #expect(Self.asleepFrame(animator, frames: 180) { _ in 3 } == nil)
    }

    @Test("A body trembling in place in the air (touching nothing) sleeps by its speed only: never at 3 pt/s")
    func tremblingInTheAirNeverRests() {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 200))
        let box = Box(100, 100, size: 20)
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.step(1.0 / 60)  // compiles the bodies
        #expect(Self.asleepFrame(animator, frames: 180) { ($0 / 3) % 2 == 0 ? 3 : -3 } == nil)
    }

    @Test("Shaking faster than the tremble limit, or wandering over a point, a touching body does not rest")
    func restAnchorLimits() {
        #expect(RestAnchor(near: RestSpot(time: 0.5)).slowTime >= SolverPolicy.sleepWindow)
        #expect(RestAnchor(near: RestSpot(time: 0.49)).slowTime < SolverPolicy.sleepWindow)
        #expect(RestAnchor(wide: RestSpot(time: 2.01)).slowTime >= SolverPolicy.sleepWindow)
        #expect(RestAnchor(near: RestSpot(time: 0.49), wide: RestSpot(time: 1.99)).slowTime < SolverPolicy.sleepWindow)
        #expect(RestAnchor().slowTime == 0)
        let (animator, _) = Self.restingBox()
        Self.wake(animator)
        // ±45 pt/s, one frame each way: within a point, but faster than either tremble limit
        // (20 and 40 pt/s).
        #expect(Self.asleepFrame(animator, frames: 240) { $0 % 2 == 0 ? 45 : -45 } == nil)
    }

    @Test("A body rocking in place by ±1.2 pt at 2.5 Hz (up to 20 pt/s) sleeps after rocking 2 s about one spot, not after the half second of the near rest")
    func rockingInPlaceSleepsAfterTheWideWindow() throws {
        let (animator, _) = Self.restingBox()
        Self.wake(animator)
        // 2.5 Hz: 24 frames a period, ±1.2 pt (peak speed 2π · 2.5 · 1.2 ≈ 19 pt/s): over the
        // near rest's point and under its tremble limit, within the wide rest's 3 pt.
        let frame = try #require(Self.asleepFrame(animator, frames: 300) { k in
            19 * cos(2 * .pi * 2.5 * (Double(k) + 0.5) / 60)
        })
        #expect(frame >= 118 && frame <= 126, "asleep after frame \(frame)")  // 2 s of rest, the 0.2-s window within it
    }

    @Test("A body rocking ±2 pt about a spot that creeps 1.5 pt/s never rests: over 3 pt within the wide window")
    func rockingAndCreepingNeverRests() {
        let (animator, _) = Self.restingBox()
        Self.wake(animator)
        #expect(Self.asleepFrame(animator, frames: 360) { k in
            1.5 + 19 * cos(2 * .pi * 2.5 * (Double(k) + 0.5) / 60)
        } == nil)
    }

    @Test("The warm start is scaled by this step's substep over the one the impulses were taken in (1 at a steady rate)")
    func warmStartScale() {
        let (animator, _) = Self.restingBox()
        animator.allowsSleeping = false
        animator.step(1.0 / 60)
        let world = animator.world
        #expect(world.warmStartScale == 1)
        let h60 = world.contactSubstep
        animator.step(1.15 / 60)
        #expect(world.warmStartScale == world.contactSubstep / h60)
        #expect(world.warmStartScale != 1)
        let h = world.contactSubstep
        animator.step(0.85 / 60)
        #expect(world.warmStartScale == world.contactSubstep / h)
    }

    @Test("Each contact carried into a longer substep starts its block from its stored impulses times the ratio, found afresh or recycled (unscaled on a jointed body)")
    func warmStartImpulsesAreScaled() throws {
        let (animator, _) = ContactRecyclingTests.settledPile()
        let world = animator.world
        let stored = Dictionary(world.contactPoints.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let h = world.contactSubstep
        let context = StepContext(dt: 1.15 / 60, substeps: 4, iterations: 1, bodies: world.bodies)
        world.collideContacts(context)
        let scale = context.h / h
        #expect(world.warmStartScale == scale && scale > 1.1)
        // The contacts keep the impulses as stored; their blocks' lanes take them scaled.
        var carried = 0, recycled = 0
        for block in world.contactBlocks {
            for l in 0..<block.laneCount {
                let k = Int(block.contact[l])
                for (n, lane) in block.isPair ? [(k, block.p1), (k + 1, block.p2)] : [(k, block.p1)] {
                    let c = world.contactPoints[n]
                    guard let last = stored[c.key], c.normalImpulse != 0 else { continue }
                    // A body held by a row keeps its impulses unscaled (its steps may be cut finer for an impact).
                    let held = world.hasRows[Int(c.a)] || (c.b >= 0 && world.hasRows[Int(c.b)])
                    let s = held ? 1 : scale
                    #expect(c.normalImpulse == last.normalImpulse && c.tangentImpulse == last.tangentImpulse)
                    #expect(lane.normalImpulse[l] == Float(last.normalImpulse * s) && lane.tangentImpulse[l] == Float(last.tangentImpulse * s))
                    carried += 1
                    if c.recycled { recycled += 1 }
                }
            }
        }
        #expect(carried > 50 && recycled > 0 && recycled < carried + 1)
    }

    @Test("A rebuild, which renumbers the bodies and wakes them all, clears every rest as it clears the slow times")
    func aRebuildClearsRests() throws {
        let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 300, height: 200))
        let a = Box(80, 189, size: 20), b = Box(200, 189, size: 20)
        let collision = CollisionBehavior(items: [a, b])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [a, b]))
        for _ in 0..<20 { animator.step(1.0 / 60) }
        let before = try #require(animator.bodyIndex(for: a))
        #expect(animator.world.bodies.rest[before].near.time >= 0 && animator.world.bodies.rest[before].wide.time >= 0)
        // Behaviors naming a new box and b first put them ahead of a.
        animator.removeAllBehaviors()
        animator.addBehavior(DynamicItemBehavior(items: [Box(150, 50, size: 10), b]))
        animator.addBehavior(GravityBehavior(items: [a, b]))
        animator.addBehavior(collision)
        _ = animator.dynamicItems  // rebuilds
        let after = try #require(animator.bodyIndex(for: a))
        #expect(after != before)
        for i in 0..<animator.world.count {
            let rest = animator.world.bodies.rest[i]
            #expect(rest.near.time < 0 && rest.wide.time < 0 && animator.world.bodies.slow[i] == 0 && animator.world.bodies.awake[i])
        }
    }

    @Test("Waking every body clears each one's rest as waking one does")
    func wakingAllClearsRests() {
        let (animator, _) = Self.restingBox(steps: 20)
        #expect(animator.world.bodies.rest[0].near.time >= 0 && animator.world.bodies.rest[0].wide.time >= 0)
        animator.allowsSleeping = false  // wakes every body
        #expect(animator.world.bodies.rest[0].near.time < 0 && animator.world.bodies.rest[0].wide.time < 0 && animator.world.bodies.slow[0] == 0)
    }
}
