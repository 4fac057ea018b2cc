import Testing
import Foundation
import Geometry
import KineticTestSupport
@testable import Dynamics

/// A step's inner substeps turn a body's cosine and sine on by series
/// (``StepContext/turnWithin(_:to:)``) instead of `sincos` afresh, and its last substep turns
/// exactly (``StepContext/turn(_:by:substep:)``): within a step they stay within a few units in
/// the last place of the exact values, and between steps they are the angle's bit for bit.
@Suite("Turning within a step")
struct TurnWithinTests {
    /// A step context over `n` bodies at `angles`, cut into `substeps`.
    private static func context(_ angles: [Double], substeps: Int) -> (StepContext, BodyColumns) {
        let bodies = BodyColumns()
        bodies.reserve(angles.count, live: 0)
        let c = StepContext(dt: 1.0 / 60, substeps: substeps, iterations: 1, bodies: bodies)
        for (i, a) in angles.enumerated() { c.turn(i, to: a) }
        return (c, bodies)
    }

    @Test("Series turns stay within a few units in the last place of sin and cos")
    func seriesIsAccurate() {
        var random = SeededRandom(seed: 43)
        let angles = (0..<2000).map { _ in random.range(-50, 50) }
        let (c, bodies) = Self.context(angles, substeps: 4)
        var worst = 0.0
        for (i, a) in angles.enumerated() {
            var angle = a
            for _ in 0..<3 {
                // Up to the largest turn taken by series, either way.
                let d = random.range(-0.0999, 0.0999)
                angle += d
                c.turnWithin(i, to: angle)
                #expect(c.th[i] == angle)
                worst = max(worst, abs(c.cosT[i] - cos(angle)), abs(c.sinT[i] - sin(angle)))
            }
        }
        #expect(worst < 1e-15, "worst \(worst)")
        withExtendedLifetime(bodies) {}
    }

    @Test("A larger turn within a step is worked out afresh")
    func largeTurnIsExact() {
        let (c, bodies) = Self.context([0.3], substeps: 4)
        c.turnWithin(0, to: 0.3 + 0.5)
        #expect(c.cosT[0] == cos(0.8) && c.sinT[0] == sin(0.8))
        withExtendedLifetime(bodies) {}
    }

    /// Turning in the first substeps and not in the last (an angular speed that comes to exactly
    /// 0 late in the step) still ends the step with the angle's exact cosine and sine.
    @Test("Between steps, cosine and sine are the angle's bit for bit", arguments: [[0.05, 0.05, 0, 0], [0.02, 0, 0.03, 0], [0.01, 0.01, 0.01, 0.01], [0, 0, 0, 0]])
    func exactBetweenSteps(turns: [Double]) {
        var random = SeededRandom(seed: 7)
        let angles = (0..<500).map { _ in random.range(-10, 10) }
        let (c, bodies) = Self.context(angles, substeps: turns.count)
        var inexactWithin = 0
        for (k, d) in turns.enumerated() {
            for i in angles.indices {
                c.turn(i, by: d, substep: k)
                if c.cosT[i] != cos(c.th[i]) || c.sinT[i] != sin(c.th[i]) { inexactWithin += 1 }
            }
        }
        for i in angles.indices {
            #expect(c.cosT[i] == cos(c.th[i]) && c.sinT[i] == sin(c.th[i]))
        }
        // The series path ran and was off by a unit in the last place somewhere mid-step (else this
        // test would not tell the last substep's repair from luck).
        if turns.dropLast().contains(where: { $0 != 0 }) { #expect(inexactWithin > 0) }
        withExtendedLifetime(bodies) {}
    }

    /// A pile with a pin (whose bodies turn by the midpoint rule) and spinning pieces.
    @Test("A pile's bodies end every step with their angle's exact cosine and sine")
    func pileStaysExact() {
        let (animator, boxes) = ContactBlockTests.pile(count: 60)
        let spin = DynamicItemBehavior(items: boxes)
        spin.friction = 0.4
        animator.addBehavior(spin)
        var random = SeededRandom(seed: 11)
        for box in boxes { spin.addAngularVelocity(random.range(-6, 6), for: box) }
        let world = animator.world
        var turned = 0
        for _ in 0..<240 {
            animator.step(1.0 / 60)
            for i in 0..<world.count {
                if world.bodies.th[i] != 0 { turned += 1 }
                #expect(world.bodies.cosT[i] == cos(world.bodies.th[i]) && world.bodies.sinT[i] == sin(world.bodies.th[i]))
            }
        }
        #expect(turned > 0)
    }
}
