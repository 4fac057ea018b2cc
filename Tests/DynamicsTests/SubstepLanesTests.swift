import Testing
import Foundation
import Geometry
import KineticTestSupport
@testable import Dynamics

/// The general substep's body stages, ``StepContext/pullVelocities(_:h:forces:dense:)`` and
/// ``StepContext/advancePositions(_:index:colliding:inContact:hasRows:dense:)``, run four
/// neighbouring bodies at a time as the lanes of a `SIMD4<Double>` when the general bodies are
/// every body. The lanes share the one-body arithmetic (``SpringKernel/pulled(_:accel:resistance:h:)``,
/// ``StepContext/turned(cos:sin:by:)``, ``StepContext/clampedTurn(_:limit:)``), so they must leave
/// every column bit for bit as the one-body loop does: asleep or awake, touching or not, with
/// rows or without, turning by series or afresh, with or without resistance.
@Suite("Four bodies at a time in a substep")
struct SubstepLanesTests {
    /// `n` bodies in random states, the same for every seed.
    private static func bodies(_ n: Int, seed: UInt64) -> (BodyColumns, inContact: [Bool], hasRows: [Bool]) {
        var random = SeededRandom(seed: seed)
        let b = BodyColumns()
        b.reserve(n, live: 0)
        var inContact: [Bool] = [], hasRows: [Bool] = []
        for i in 0..<n {
            b.px[i] = random.range(-500, 500); b.py[i] = random.range(-500, 500)
            let angle = random.range(-20, 20)
            b.th[i] = angle; b.cosT[i] = cos(angle); b.sinT[i] = sin(angle)
            b.vx[i] = random.range(-800, 800); b.vy[i] = random.range(-800, 800)
            // Spins that turn under and over 0.1 rad a substep, past a quarter turn, or not at all.
            b.w[i] = random.chance(0.2) ? 0 : random.chance(0.2) ? random.range(-1000, 1000) : random.range(-20, 20)
            b.ax[i] = random.chance(0.3) ? 0 : random.range(-1000, 1000)
            b.ay[i] = random.range(-1000, 1000)
            b.aw[i] = random.chance(0.5) ? 0 : random.range(-50, 50)
            b.dl[i] = random.chance(0.3) ? 0 : random.range(0, 5)
            b.da[i] = random.chance(0.3) ? 0 : random.range(0, 8)
            b.awake[i] = random.chance(0.8)
            inContact.append(random.chance(0.6))
            hasRows.append(random.chance(0.2))
        }
        return (b, inContact, hasRows)
    }

    /// Every column a substep's body stages write.
    private static func columns(_ b: BodyColumns, _ n: Int) -> [[Double]] {
        [b.px, b.py, b.th, b.th0, b.cosT, b.sinT, b.vx, b.vy, b.w, b.v0x, b.v0y, b.w0].map { c in (0..<n).map { c[$0] } }
    }

    @Test("Four at a time leaves every column as one at a time", arguments: [(4, true, true), (3, true, false), (1, false, true), (8, true, true)])
    func lanesMatchOneAtATime(substeps: Int, forces: Bool, colliding: Bool) {
        // Not a multiple of four: the last bodies go one at a time in either case.
        let n = 103
        let (one, inContact, hasRows) = Self.bodies(n, seed: 91)
        let (four, _, _) = Self.bodies(n, seed: 91)
        let list = (0..<n).map { Int32($0) }
        // Whether each substep held back a touching body's spin, one at a time and four at a time.
        var held: [[Bool]] = []
        for (b, dense) in [(one, false), (four, true)] {
            let touching = b.inContact
            for i in 0..<n { touching[i] = inContact[i] }
            let c = StepContext(dt: 1.0 / 60, substeps: substeps, iterations: 1, bodies: b)
            var heldHere: [Bool] = []
            for k in 0..<substeps {
                c.pullVelocities(list, h: c.h, forces: forces, dense: dense)
                heldHere.append(hasRows.withUnsafeBufferPointer { rows in
                    c.advancePositions(list, index: k, colliding: colliding, inContact: touching, hasRows: rows, dense: dense)
                })
            }
            held.append(heldHere)
        }
        #expect(held[0] == held[1])
        // Spins past a quarter turn a substep are held back wherever bodies touch.
        if colliding { #expect(held[1].contains(true)) }
        let a = Self.columns(one, n), b = Self.columns(four, n)
        for (column, (x, y)) in zip(a, b).enumerated() {
            for i in 0..<n {
                #expect(x[i].bitPattern == y[i].bitPattern, "column \(column), body \(i): \(x[i]) against \(y[i])")
            }
        }
        // Between steps every turned body's cosine and sine are its angle's (the last substep turns exactly).
        for i in 0..<n where four.awake[i] {
            #expect(four.cosT[i] == cos(four.th[i]) && four.sinT[i] == sin(four.th[i]))
        }
        withExtendedLifetime((one, four)) {}
    }
}
