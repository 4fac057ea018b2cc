import Testing
import Geometry
import Dynamics
import Layout
import Scenes

/// The springy scene driven in-process (issue 6 "Tests").
///
/// Geometry: the list starts at window y = 30; rows are 44 pt tall with 6 pt spacing and a 12 pt
/// inset, so row i rests with its centre at content y = 34 + 50 i (window y = 64 + 50 i − offset).
@Suite struct SpringySceneTests {
    static let size = Size(width: 1280, height: 800)
    static let frequency = 6.8, resistance = 0.002
    static var omega: Double { 2 * Double.pi * frequency }

    static func restCentreY(_ row: Int) -> Double { 34 + 50 * Double(row) }

    /// The rows whose rest frames meet content rect `r` (FlowLayout arithmetic, one column).
    static func rows(meeting r: Rect, count: Int) -> Set<Int> {
        let first = max(0, Int(((r.minY - 12 - 44) / 50).rounded(.down)))
        let last = min(count - 1, Int(((r.maxY - 12) / 50).rounded(.up)))
        guard first <= last else { return [] }
        return Set((first...last).filter { i in
            let top = 12 + 50 * Double(i)
            return top < r.maxY && top + 44 > r.minY
        })
    }

    /// A row's displayed centre minus its rest centre (content y, points); positive = lower.
    static func displacement(_ s: SpringyScene, _ row: Int) -> Double? {
        let ip = IndexPath(item: row, section: 0)
        guard let shown = s.collectionView.displayedAttributesForItem(at: ip) else { return nil }
        return shown.center.y - restCentreY(row)
    }

    @Test func springsAnchorAtFlowRestPositions() throws {
        let s = SpringyScene(items: 1000, size: Self.size)
        _ = SceneDriver(s)
        #expect(!s.layout.springs.isEmpty)
        for (ip, b) in s.layout.springs {
            #expect(b.anchorPoint == Point(x: 640, y: Self.restCentreY(ip.item)))
            #expect(b.length == 0 && b.damping == 1 && b.frequency == 6.8)
        }
        #expect(!s.layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 5, width: 1280, height: 770)))
    }

    /// Drags the list up 10 pt per frame (600 pt/s) for 30 frames with the pointer at content y 570,
    /// then holds still 0.25 s and releases. Calls `during` after each moving frame and `after`
    /// after each frame from the moment the pointer stops.
    static func steadyScroll(_ s: SpringyScene, _ d: SceneDriver, during: (Int) -> Void, after: () -> Void) {
        var p = Point(x: 640, y: 600)
        d.down(p); d.step()
        for frame in 1...30 {
            p.y -= 10
            d.move(p); d.step()
            during(frame)
        }
        d.run(0.25, each: after)
        d.up(p); d.step(); after()
    }

    /// Seed cuts each 10-pt frame's shift to whole points (the source's), refined keeps it exact.
    @Test(arguments: [SceneVariant.seed, .refined])
    func farRowsLagMoreThanNearOnes(variant: SceneVariant) throws {
        let s = SpringyScene(items: 1000, size: Self.size)
        s.variant = variant
        let d = SceneDriver(s)
        // The pointer stays at content y 570 (it moves up with the content), but the layout reads it
        // during the bounds change, before the offset moves: at content y 560, as UIKit's
        // `locationInView:` inside `shouldInvalidateLayoutForBoundsChange:` does. Row 10 rests
        // 26 pt from it, row 19 424 pt.
        let near = 10, far = 19
        var lagNear = 0.0, lagFar = 0.0
        Self.steadyScroll(s, d, during: { frame in
            if frame == 30 {
                lagNear = Self.displacement(s, near) ?? .nan
                lagFar = Self.displacement(s, far) ?? .nan
            }
        }, after: {})
        #expect(s.collectionView.contentOffset.y == 300) // 30 moves of 10 pt; the pan catches up its hysteresis at once
        // A critically damped spring kicked at c = v·d·r pt/s averages x = 2c/ω; it is sampled
        // after each frame's spring step, half a kick (c·dt/2) below that average.
        // Seed: 10 pt a frame shifts row 19 by 8 pt (8.48 cut) and row 10 by 0 (0.52 cut).
        func predicted(_ row: Int) -> Double {
            let shift = 10 * abs(Self.restCentreY(row) - 560) * Self.resistance
            let c = 60 * (variant == .seed ? shift.rounded(.towardZero) : shift)
            return 2 * c / Self.omega - c * SceneDriver.dt / 2
        }
        #expect(lagFar > 10 * lagNear, "far \(lagFar) near \(lagNear)")
        #expect(abs(lagFar - predicted(far)) < 0.05 * predicted(far), "far lag \(lagFar), predicted \(predicted(far))")
        #expect(abs(lagNear - predicted(near)) <= 0.05 * predicted(near), "near lag \(lagNear), predicted \(predicted(near))")
        if variant == .seed { #expect(lagNear == 0) }
    }

    /// Issue 25, item 8: the source computes each row's shift as `MIN(abs(simpleScroll),
    /// abs(resistedScroll))` with C's integer `abs()`, so seed shifts are whole points; refined
    /// shifts are exact. With no pointer the layout takes the view's middle (content y 385).
    @Test func seedShiftsRowsInWholePointsRefinedExactly() throws {
        for variant in [SceneVariant.seed, .refined] {
            let s = SpringyScene(items: 1000, size: Self.size)
            s.variant = variant
            #expect(s.layout.shiftsInWholePoints == (variant == .seed))
            _ = SceneDriver(s)
            func shift(_ row: Int) throws -> Double {
                let b = try #require(s.layout.springs[IndexPath(item: row, section: 0)])
                return b.items[0].center.y - b.anchorPoint.y
            }
            let bounds = s.collectionView.bounds
            // 10 pt down: row 0 (351 pt from the middle) 7.02, row 1 (301) 6.02, row 13 (299)
            // 5.98, row 7 (1) 0.02.
            _ = s.layout.shouldInvalidateLayout(forBoundsChange: bounds.offsetBy(dx: 0, dy: 10))
            let want: [Int: (seed: Double, refined: Double)] = [0: (7, 7.02), 1: (6, 6.02), 13: (5, 5.98), 7: (0, 0.02)]
            for (row, w) in want {
                let got = try shift(row), expected = variant == .seed ? w.seed : w.refined
                #expect(abs(got - expected) < 1e-9, "\(variant) row \(row): \(got), want \(expected)")
                if variant == .seed { #expect(got == got.rounded()) }
            }
            // Half a point up (from the same bounds): no row moves in seed; row 0 moves 0.351 pt back in refined.
            let before = try shift(0)
            _ = s.layout.shouldInvalidateLayout(forBoundsChange: bounds.offsetBy(dx: 0, dy: -0.5))
            #expect(abs(try shift(0) - before - (variant == .seed ? 0 : -0.351)) < 1e-9)
            // Up 10 pt: seed cuts −5.98 to −5 (the sign comes back after the cut).
            let row13 = try shift(13)
            _ = s.layout.shouldInvalidateLayout(forBoundsChange: bounds.offsetBy(dx: 0, dy: -10))
            #expect(abs(try shift(13) - row13 - (variant == .seed ? -5 : -5.98)) < 1e-9)
        }
    }

    /// A slow scroll, 0.5 pt a frame for a second: seed rows never leave their places relative to
    /// the content (every step is cut to 0), refined rows far from the pointer lag.
    @Test(arguments: [SceneVariant.seed, .refined])
    func subPointScrollStepsLagOnlyInRefined(variant: SceneVariant) throws {
        let s = SpringyScene(items: 1000, size: Self.size)
        s.variant = variant
        let d = SceneDriver(s)
        var largest = 0.0
        for _ in 0..<60 {
            s.collectionView.contentOffset.y += 0.5
            d.step()
            for ip in s.collectionView.indexPathsForVisibleItems {
                largest = max(largest, abs(try #require(Self.displacement(s, ip.item))))
            }
        }
        #expect(s.collectionView.contentOffset.y == 30)
        if variant == .seed {
            #expect(largest == 0, "a seed row moved \(largest) pt")
        } else {
            #expect(largest > 0.5, "refined rows lag by at most \(largest) pt")
        }
    }

    @Test func rowsSettleWithoutOvershoot() throws {
        let s = SpringyScene(items: 1000, size: Self.size)
        let d = SceneDriver(s)
        var worstOvershoot = 0.0
        var maxLagAtStop = 0.0
        var stopped = false
        Self.steadyScroll(s, d, during: { _ in }, after: {
            for ip in s.collectionView.indexPathsForVisibleItems {
                guard let x = Self.displacement(s, ip.item) else { continue }
                if !stopped { maxLagAtStop = max(maxLagAtStop, x) }
                // Scrolling up, rows lag below their rest (x > 0); overshoot is x < 0.
                worstOvershoot = max(worstOvershoot, -x)
            }
            stopped = true
        })
        let offset = s.collectionView.contentOffset
        #expect(maxLagAtStop > 10, "the rows should still lag when the pointer stops")
        d.run(1.0, each: {
            for ip in s.collectionView.indexPathsForVisibleItems {
                if let x = Self.displacement(s, ip.item) { worstOvershoot = max(worstOvershoot, -x) }
            }
        })
        #expect(s.collectionView.contentOffset == offset, "a release at rest must not fling")
        #expect(worstOvershoot <= 0.5, "a row overshot its rest by \(worstOvershoot) pt")
        let visible = s.collectionView.indexPathsForVisibleItems
        #expect(visible.count >= 15)
        for ip in visible {
            let x = try #require(Self.displacement(s, ip.item))
            #expect(abs(x) < 1, "row \(ip.item) is \(x) pt from rest")
        }
    }

    @Test func springsOnlyNearTheVisibleRect() throws {
        let count = 100_000
        let s = SpringyScene(items: count, size: Self.size)
        let d = SceneDriver(s)
        let margin = s.layout.tilingMargin
        #expect(margin == 100)
        func check(_ sourceLocation: SourceLocation = #_sourceLocation) {
            let area = s.collectionView.bounds.insetBy(dx: -margin, dy: -margin)
            let want = Self.rows(meeting: area, count: count)
            let have = Set(s.layout.springs.keys.map(\.item))
            #expect(have == want, "springs for rows \(have.sorted().prefix(3))…, want \(want.sorted().prefix(3))…",
                    sourceLocation: sourceLocation)
            #expect(have.count <= 21, sourceLocation: sourceLocation) // (770 + 2·100 + 44) / 50 + 1
            for b in s.layout.springs.values {
                #expect(b.anchorPoint.y > area.minY - 22 && b.anchorPoint.y < area.maxY + 22, sourceLocation: sourceLocation)
            }
            let visible = Set(s.collectionView.indexPathsForVisibleItems.map(\.item))
            #expect(visible.isSubset(of: have), sourceLocation: sourceLocation)
        }
        check()
        // Scroll 40 pt a frame for 100 frames (2400 pt/s), checking every frame.
        for _ in 0..<100 {
            s.collectionView.contentOffset.y += 40
            d.step()
            check()
        }
        d.run(1)
        check()
        // Far away: row ~50,000.
        s.collectionView.contentOffset.y = 2_500_000
        d.step()
        check()
        // A programmatic jump is taken for a scroll of 2.5 million points: the rows tiled in join
        // "already displaced like their neighbours", i.e. far off screen, and fly in over ~0.2 s.
        // A jump farther than a screen is not a scroll: rows tiled in after it start at rest.
        #expect(!s.collectionView.indexPathsForVisibleItems.isEmpty)
        d.run(1)
        check()
        let visible = s.collectionView.indexPathsForVisibleItems.map(\.item)
        #expect(visible == Array(Self.rows(meeting: s.collectionView.bounds, count: count)).sorted())
        for row in visible { #expect(abs(Self.displacement(s, row) ?? .infinity) < 1) }
    }

    /// Issue 16 (found by the fuzzer): rows tiled in during a long fast scroll start no farther
    /// from their anchors than the rows already hanging, so the displacement stays bounded. It
    /// used to grow row after row (each entering row continued its neighbours' step) until rows
    /// flew 10⁷ pt away.
    @Test func aLongFastScrollKeepsTheLagBounded() {
        let s = SpringyScene(items: 1_000_000, size: Self.size)
        let d = SceneDriver(s)
        d.step()
        var largest = 0.0
        // 700 pt a frame (42 000 pt/s, just under a screen: a scroll, not a jump) for 4 s, with
        // the pointer at the bottom, where rows enter: their lags differ from row to row there.
        _ = s.handle(.moved(Point(x: 600, y: 790), at: d.time))
        for _ in 0..<240 {
            s.collectionView.contentOffset.y += 700
            d.step()
            for b in s.layout.springs.values { largest = max(largest, abs(b.items[0].center.y - b.anchorPoint.y)) }
        }
        // A critically damped 6.8 Hz spring trails a target moving at v by 2v/ω ≈ 1 970 pt.
        #expect(largest < 4_000, "rows lag by up to \(largest) pt")
        d.run(2)
        for row in s.collectionView.indexPathsForVisibleItems.map(\.item) { #expect(abs(Self.displacement(s, row) ?? .infinity) < 1) }
    }

    @Test func aMillionRows() throws {
        let count = 1_000_000
        let s = SpringyScene(items: count, size: Self.size)
        let d = SceneDriver(s)
        d.step()
        #expect(s.collectionView.contentSize.height == 12 + 50 * Double(count) - 6 + 12)
        let items = s.dump().items
        #expect(items.map(\.indexPath.item) == Array(0...15))
        for item in items {
            #expect(item.frame == Rect(x: 12, y: 42 + 50 * Double(item.indexPath.item), width: 1256, height: 44))
            #expect(item.label == "Row \(item.indexPath.item)")
        }
        #expect(s.layout.springs.count <= 21)
        // The end of the list.
        s.collectionView.contentOffset.y = s.collectionView.contentSize.height - s.collectionView.bounds.height
        d.run(1)
        let last = s.dump().items
        #expect(last.last?.indexPath.item == count - 1)
        #expect(last.last.map { abs($0.frame.maxY - (800 - 12)) < 1 } == true)
        #expect(s.layout.springs.count <= 21)
    }
}
