import Testing
import Geometry
@testable import Dynamics

/// ``World/roundAxis(_:_:)`` (issue 43): a circle against a circle or a rectangle takes its axis
/// directly instead of trying the separating axis test's candidates; it must be the axis that
/// test finds, with the same overlap.
@Suite("Round contact axis")
struct RoundAxisTests {
    /// A seeded generator (the same cases every run).
    struct Rand {
        var state: UInt64
        mutating func next(_ lo: Double, _ hi: Double) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return lo + (hi - lo) * Double(state >> 11) / Double(1 << 53)
        }
    }

    static func piece(_ r: inout Rand, circle: Bool) -> PlacedPiece {
        let angle = r.next(-.pi, .pi), hw = r.next(3, 25)
        return PlacedPiece(kind: circle ? .ellipse : .rectangle, cx: r.next(-40, 40), cy: r.next(-40, 40),
                           c: cos(angle), s: sin(angle), hw: hw, hh: circle ? hw : r.next(3, 25))
    }

    @Test("Circle against circle, circle against rectangle and rectangle against circle: the separating axis test's overlap, along an axis with that overlap",
          arguments: [(true, true), (true, false), (false, true)])
    func matchesTheSeparatingAxisTest(circleA: Bool, circleB: Bool) {
        let world = World()
        var r = Rand(state: circleA && circleB ? 1 : circleA ? 2 : 3)
        var overlapping = 0, apart = 0
        for _ in 0..<20_000 {
            let a = Self.piece(&r, circle: circleA), b = Self.piece(&r, circle: circleB)
            // A margin wider than any gap here, so the general test always answers.
            guard let round = world.roundAxis(a, b), let general = world.separatingAxis(a, b, margin: 1000) else {
                Issue.record("no axis for \(a) against \(b)")
                return
            }
            #expect(abs(round.depth - general.depth) <= 1e-9, "\(a) against \(b)")
            #expect(abs(round.nx * round.nx + round.ny * round.ny - 1) <= 1e-12)
            // The overlap along the round axis is its depth (a tie may pick another side).
            let ia = world.interval(a, round.nx, round.ny), ib = world.interval(b, round.nx, round.ny)
            #expect(abs((ia.hi - ib.lo) - round.depth) <= 1e-9, "\(a) against \(b)")
            if round.depth > 0 { overlapping += 1 } else { apart += 1 }
        }
        #expect(overlapping > 1000 && apart > 1000)
    }

    @Test("Two single pieces whose outlines' circles are apart by more than the margin have no contact: the narrow phase may skip them (World.boundsApart)")
    func circlesApartMeanNoContact() {
        let world = World()
        var r = Rand(state: 5)
        var skipped = 0, kept = 0
        for k in 0..<30_000 {
            var a = Self.piece(&r, circle: k % 3 == 0), b = Self.piece(&r, circle: k % 5 == 0)
            // Some ellipses that are not circles.
            if k % 7 == 0 { a.kind = .ellipse }
            if k % 11 == 0 { b.kind = .ellipse }
            let margin = r.next(0, 12)
            func radius(_ p: PlacedPiece) -> Double {
                BodyInfo.reach(p.kind == .rectangle ? .rectangle : .ellipse, p.hw, p.hh)
            }
            guard World.outlinesApart(dx: b.cx - a.cx, dy: b.cy - a.cy, radius(a), radius(b), margin: margin) else { kept += 1; continue }
            skipped += 1
            #expect(world.contact(a, b, margin: margin) == nil, "\(a) against \(b), margin \(margin)")
        }
        #expect(skipped > 5_000 && kept > 5_000)
    }

    @Test("Other pairs take the general test")
    func otherPairsAreLeftToTheGeneralTest() {
        let world = World()
        var r = Rand(state: 4)
        let box = Self.piece(&r, circle: false), other = Self.piece(&r, circle: false)
        var ellipse = Self.piece(&r, circle: true)
        ellipse.hh = ellipse.hw / 2
        #expect(world.roundAxis(box, other) == nil)
        #expect(world.roundAxis(ellipse, box) == nil)
        #expect(world.roundAxis(box, ellipse) == nil)
        #expect(world.roundAxis(ellipse, Self.piece(&r, circle: true)) == nil)
        // Two circles on one centre: no axis, as the general test finds none.
        var c1 = Self.piece(&r, circle: true), c2 = Self.piece(&r, circle: true)
        c2.cx = c1.cx; c2.cy = c1.cy
        c1.hw += 1; c1.hh = c1.hw
        #expect(world.roundAxis(c1, c2) == nil)
    }
}
