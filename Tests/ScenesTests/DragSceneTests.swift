import Testing
import Geometry
import Dynamics
import Layout
import Scenes

/// The drag scene driven in-process (issue 6 "Tests", issue 7's first bullet).
///
/// Geometry (window coordinates, content starts at y = 30). Seed, the source's flow-layout
/// defaults: 50×50 cells, 10 pt spacing, no inset, 21 columns at 1280 pt spaced 11.5 pt, so item 0
/// is (0, 30)–(50, 80), item 1 starts at x = 61.5, the second row (items 21, 22, …) at y = 90.
/// Refined: 40×40 cells, inset 16, 25 columns, so item 0 is (16, 46)–(56, 86), item 1 starts at
/// x = 66.33, the second row (items 25, 26, …) at y = 96.
@Suite struct DragSceneTests {
    static let size = Size(width: 1280, height: 800)
    /// Where the gaps between the first two rows and columns cross in both variants (seed: between
    /// items 0, 1, 21 and 22; refined: 0, 1, 25 and 26): a long press here touches no cell.
    static let pressPoint = Point(x: 59, y: 88)
    static let dragBy = Vector(dx: 200, dy: 120)

    /// Frames of every dumped item by index path.
    static func frames(_ s: DragScene) -> [IndexPath: Rect] {
        Dictionary(uniqueKeysWithValues: s.dump().items.map { ($0.indexPath, $0.frame) })
    }

    /// Expects every item not in `moving` to sit exactly where `home` has it.
    static func expectUnmoved(_ s: DragScene, home: [IndexPath: Rect], except moving: Set<IndexPath>,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        var moved: [IndexPath] = []
        for item in s.dump().items where !moving.contains(item.indexPath) {
            guard let h = home[item.indexPath] else { moved.append(item.indexPath); continue }
            if item.frame.origin.distance(to: h.origin) > 1e-9 || item.zIndex != 0 { moved.append(item.indexPath) }
        }
        #expect(moved.isEmpty, "unselected items moved: \(moved.prefix(5))", sourceLocation: sourceLocation)
    }

    /// The item whose frame (window points) contains `p`, or nil.
    static func item(at p: Point, in s: DragScene) -> IndexPath? {
        frames(s).first { $0.value.contains(p) }?.key
    }

    /// A scene in `variant` with items 0, 1 and the one below 1 (seed 22, refined 26), the three
    /// cells around ``pressPoint`` but the one below-left, selected by clicks.
    static func sceneWithSelection(_ variant: SceneVariant = .seed) -> (DragScene, SceneDriver, [IndexPath]) {
        let s = DragScene(items: 1000, size: size)
        s.variant = variant
        let d = SceneDriver(s)
        let belowRight = item(at: pressPoint + Vector(dx: 20, dy: 20), in: s)!
        #expect(belowRight.item == (variant == .seed ? 22 : 26))
        let ips = [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), belowRight]
        for ip in ips {
            let f = frames(s)[ip]!
            d.click(f.center)
            d.run(0.1)
        }
        return (s, d, ips)
    }

    @Test func clickTogglesSelection() throws {
        let s = DragScene(items: 1000, size: Self.size)
        let d = SceneDriver(s)
        #expect(s.dump()[field: "selection"] == .indexPaths([]))
        let zero = IndexPath(item: 0, section: 0), one = IndexPath(item: 1, section: 0)
        #expect(Self.frames(s)[zero] == Rect(x: 0, y: 30, width: 50, height: 50))
        d.click(Point(x: 36, y: 66)); d.run(0.1)
        #expect(s.dump()[field: "selection"] == .indexPaths([zero]))
        d.click(Point(x: 86, y: 66)); d.run(0.1)
        #expect(s.dump()[field: "selection"] == .indexPaths([zero, one]))
        #expect(s.dump().items.filter(\.selected).map(\.indexPath) == [zero, one])
        d.click(Point(x: 36, y: 66)); d.run(0.1)
        #expect(s.dump()[field: "selection"] == .indexPaths([one]))
        d.click(Point(x: 86, y: 66)); d.run(0.1)
        #expect(s.dump()[field: "selection"] == .indexPaths([]))
        // A click in the gap between cells selects nothing.
        d.click(Self.pressPoint); d.run(0.1)
        #expect(s.dump()[field: "selection"] == .indexPaths([]))
        #expect(s.layout.dynamicAnimator == nil)
    }

    @Test func dragHoldReleaseAndClear() throws {
        let (s, d, selected) = Self.sceneWithSelection()
        let home = Self.frames(s)
        let moving = Set(selected)
        d.longPress(at: Self.pressPoint)
        #expect(s.layout.draggedIndexPaths == moving)
        #expect(s.layout.dragBehavior?.rectangleAttachments.count == 3)
        d.drag(from: Self.pressPoint, by: Self.dragBy, steps: 5)
        var frame = 0
        d.run(2) {
            frame += 1
            if frame % 10 == 0 { Self.expectUnmoved(s, home: home, except: moving) }
        }
        // Held for 2 s: the flock sits at start + (dx, dy), upright, above the grid.
        let dumped = Dictionary(uniqueKeysWithValues: s.dump().items.map { ($0.indexPath, $0) })
        for ip in selected {
            let item = try #require(dumped[ip])
            let want = home[ip]!.center + Self.dragBy
            #expect(item.frame.center.distance(to: want) < 1, "item \(ip.item) at \(item.frame.center), want \(want)")
            #expect(abs(item.rotation) < 0.01)
            #expect(item.zIndex == 1)
        }
        Self.expectUnmoved(s, home: home, except: moving)

        // Release: the items fly home; the pause clears the drag state within 3 s.
        d.up(Self.pressPoint + Self.dragBy)
        var last: [IndexPath: Point] = [:]
        let took = d.run(until: 3, each: {
            for a in s.layout.draggedAttributes { last[a.indexPath] = a.center }
            for a in s.layout.draggedAttributes { #expect(a.center.x.isFinite && a.center.y.isFinite) }
        }) { s.layout.dynamicAnimator == nil }
        #expect(took != nil, "the animator did not pause within 3 s")
        for ip in selected {
            // Content coordinates are window coordinates shifted up by the 30 pt title line.
            let homeCentre = home[ip]!.center + Vector(dx: 0, dy: -30)
            let p = try #require(last[ip])
            #expect(p.distance(to: homeCentre) < 0.5, "item \(ip.item) came to rest at \(p), home \(homeCentre)")
        }
        #expect(s.layout.draggedIndexPaths.isEmpty)
        #expect(s.layout.dragBehavior == nil)
        #expect(!s.isDragging)
        d.step()
        #expect(s.dump().items.allSatisfy { $0.zIndex == 0 })
        Self.expectUnmoved(s, home: home, except: []) // the whole grid back in its flow slots
        #expect(s.dump()[field: "selection"] == .indexPaths(selected))
    }

    @Test func escapeSendsTheFlockHome() throws {
        let (s, d, selected) = Self.sceneWithSelection()
        let home = Self.frames(s)
        d.longPress(at: Self.pressPoint)
        d.drag(from: Self.pressPoint, by: Self.dragBy, steps: 5)
        d.run(0.5)
        let z = try #require(s.dump().items.first { $0.indexPath == selected[0] })
        #expect(z.frame.center.distance(to: home[selected[0]]!.center) > 100)
        #expect(d.key("escape"))
        #expect(s.layout.isReturning)
        // Moves and the release after the cancel change nothing.
        d.move(Self.pressPoint + Vector(dx: 400, dy: 300)); d.step()
        d.up(Self.pressPoint + Vector(dx: 400, dy: 300))
        var last: [IndexPath: Point] = [:]
        let took = d.run(until: 3, each: {
            for a in s.layout.draggedAttributes { last[a.indexPath] = a.center }
        }) { s.layout.dynamicAnimator == nil }
        #expect(took != nil, "the animator did not pause within 3 s of Escape")
        for ip in selected {
            let p = try #require(last[ip])
            #expect(p.distance(to: home[ip]!.center + Vector(dx: 0, dy: -30)) < 0.5)
        }
        #expect(s.layout.draggedIndexPaths.isEmpty && s.layout.dragBehavior == nil)
        d.step()
        Self.expectUnmoved(s, home: home, except: []) // the whole grid back in its flow slots
        // Escape with no drag is not the scene's.
        #expect(!d.key("escape"))
    }

    @Test func longPressWithNothingSelectedDoesNothing() {
        let s = DragScene(items: 1000, size: Self.size)
        let d = SceneDriver(s)
        let home = Self.frames(s)
        d.longPress(at: Point(x: 36, y: 66))
        #expect(s.longPress.state == .began || s.longPress.state == .changed)
        #expect(s.layout.dynamicAnimator == nil)
        d.drag(from: Point(x: 36, y: 66), by: Self.dragBy, steps: 5)
        d.run(0.5)
        #expect(s.layout.dynamicAnimator == nil && s.layout.dragBehavior == nil)
        #expect(s.collectionView.contentOffset == .zero, "a long-press drag must not scroll")
        Self.expectUnmoved(s, home: home, except: [])
        d.up(Point(x: 36, y: 66) + Self.dragBy); d.run(0.5)
        #expect(s.layout.dynamicAnimator == nil)
        #expect(s.dump()[field: "selection"] == .indexPaths([]), "a long press is not a click")
        Self.expectUnmoved(s, home: home, except: [])
    }

    /// Issue 7, first test bullet: a parameter change reaches every live attachment at once.
    @Test func frequencyChangeReachesLiveAttachments() throws {
        let (s, d, _) = Self.sceneWithSelection()
        d.longPress(at: Self.pressPoint)
        d.drag(from: Self.pressPoint, by: Self.dragBy, steps: 3)
        let drag = try #require(s.layout.dragBehavior)
        let springs = drag.rectangleAttachments.flatMap(\.attachments)
        #expect(springs.count == 12)
        #expect(springs.allSatisfy { $0.frequency == 8 && $0.damping == 0.6 })
        s.setParameter("frequency", to: 12)
        s.setParameter("damping", to: 0.9)
        #expect(s.parameter("frequency")?.value == 12)
        #expect(springs.allSatisfy { $0.frequency == 12 && $0.damping == 0.9 })
        // Out-of-range values clamp to the parameter's range (0.1…100 Hz).
        s.setParameter("frequency", to: 1000)
        #expect(springs.allSatisfy { $0.frequency == 100 })
        s.setParameter("frequency", to: 12)
        d.run(0.5)
        #expect(drag.rectangleAttachments.flatMap(\.attachments).allSatisfy { $0.frequency == 12 })
    }

    /// Every visible item selected (about 400): the drag stays finite in both variants, and in the
    /// refined one everything comes home within 3 s.
    ///
    /// Known limitation of the source's four-springs-to-a-square design (the seed variant): an item L points from the press is
    /// held only radially, its tangential stiffness falling as (squareSize / L)²; items hundreds of
    /// points away swing around the pointer (≈200 pt off their place after 1 s) and, after the
    /// release, the animator has not paused even 60 s later.
    @Test(arguments: [SceneVariant.refined, .seed])
    func wholeScreenSelectionDragsAndReturns(variant: SceneVariant) throws {
        let s = DragScene(items: 1000, size: Self.size)
        s.variant = variant
        let d = SceneDriver(s)
        let home = Self.frames(s)
        let visible = s.collectionView.indexPathsForVisibleItems
        // Seed: 21 columns × 13 rows of 60 pt in 770 pt; refined: 25 columns × 15+ rows.
        #expect(visible.count >= (variant == .seed ? 273 : 375))
        for ip in visible { s.collectionView.selectItem(at: ip) }
        d.longPress(at: Self.pressPoint)
        #expect(s.layout.draggedIndexPaths.count == visible.count)
        d.drag(from: Self.pressPoint, by: Self.dragBy, steps: 5)
        var finite = true
        let check = {
            for a in s.layout.draggedAttributes where !(a.center.x.isFinite && a.center.y.isFinite && a.transform.rotationAngle.isFinite) {
                finite = false
            }
        }
        d.run(1, each: check)
        #expect(finite, "a dragged item's centre or angle is not finite")
        // Items near the press keep their place in the flock.
        let near = s.layout.draggedAttributes.filter { home[$0.indexPath]!.center.distance(to: Self.pressPoint) < 60 }
        #expect(near.count == 4)
        for a in near {
            #expect(a.center.distance(to: home[a.indexPath]!.center + Vector(dx: 0, dy: -30) + Self.dragBy) < 1)
        }
        d.up(Self.pressPoint + Self.dragBy)
        let took = d.run(until: 3, each: check) { s.layout.dynamicAnimator == nil }
        #expect(finite)
        if variant == .refined {
            // Each item's square keeps its offset (DragBehavior.Anchoring.keepingOffsets), so even
            // items far from the pointer are held firmly and the whole flock settles.
            #expect(took != nil)
        }
        // Seed (the source's shared square): far items swing for a long time, but nothing is lost.
        #expect(s.dump().items.allSatisfy { $0.frame.origin.x.isFinite && $0.frame.origin.y.isFinite })
    }
}
