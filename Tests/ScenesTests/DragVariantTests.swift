import Testing
import Geometry
import Dynamics
import Layout
import Drawing
import Scenes

/// The drag scene's two variants (issue 12): seed hangs every selected cell from one square
/// around the pointer (the source document's `DraggableLayout`), refined keeps each cell's offset.
@Suite struct DragVariantTests {
    static let near = IndexPath(item: 0, section: 0)   // next to the press

    /// The first row's right end, about 1,200 pt from the press: item 20 in the seed grid (21
    /// columns), 24 in the refined one (25).
    static func far(_ s: DragScene) -> IndexPath {
        let frames = DragSceneTests.frames(s)
        return frames.filter { $0.value.minY == frames[near]!.minY }.max { $0.value.minX < $1.value.minX }!.key
    }

    /// Vertical lag of the near and the far cell 0.1 s after a fast 150-pt vertical move.
    static func lags(_ variant: SceneVariant) throws -> (near: Double, far: Double) {
        let s = DragScene(items: 1000, size: DragSceneTests.size)
        s.variant = variant
        let d = SceneDriver(s)
        let home = DragSceneTests.frames(s)
        let far = Self.far(s)
        #expect(far.item == (variant == .seed ? 20 : 24))
        for ip in [near, far] { d.click(home[ip]!.center); d.run(0.1) }
        d.longPress(at: DragSceneTests.pressPoint)
        #expect(s.layout.dragBehavior?.anchoring == (variant == .seed ? .sharedSquare : .keepingOffsets))
        d.drag(from: DragSceneTests.pressPoint, by: Vector(dx: 0, dy: 150), steps: 3)
        d.run(0.1)
        let now = DragSceneTests.frames(s)
        func lag(_ ip: IndexPath) throws -> Double {
            let f = try #require(now[ip])
            return abs(home[ip]!.midY + 150 - f.midY)
        }
        return (try lag(near), try lag(far))
    }

    @Test func seedHangsFarCellsLooselyFromOneSquare() throws {
        let (near, far) = try Self.lags(.seed)
        // Nearly parallel springs hold the far cell: it swings behind while the near one follows.
        #expect(far > 3 * near, "seed: near lag \(near) pt, far lag \(far) pt")
        #expect(far > 20)
    }

    @Test func refinedMovesTheFlockAsOne() throws {
        let (near, far) = try Self.lags(.refined)
        #expect(abs(far - near) < 0.25 * max(near, far) + 0.5, "refined: near lag \(near) pt, far lag \(far) pt")
    }

    /// Issue 25, item 9: seed is the source's grid (white background, `UIColor.gray` and
    /// `.red` squares, UIKit's flow-layout defaults, no numbers, no corners, no shadow); refined
    /// is Kinetic's dark grid of numbered 40-pt cells. Z switches the look at once.
    @Test func seedHasTheSourcesLookAndRefinedKinetics() throws {
        let s = DragScene(items: 1000, size: DragSceneTests.size)
        let d = SceneDriver(s)
        #expect(s.look == .source && s.variant == .seed)
        #expect(s.layout.itemSize == Size(width: 50, height: 50) && s.layout.sectionInset == .zero)
        #expect(s.layout.minimumLineSpacing == 10 && s.layout.minimumInteritemSpacing == 10)
        #expect(s.collectionView.backgroundColor == .white)
        d.click(Point(x: 25, y: 55)); d.run(0.1)   // item 0
        let zero = try #require(s.collectionView.cellForItem(at: Self.near))
        let one = try #require(s.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(zero.backgroundColor == Color(red: 1, green: 0, blue: 0))   // UIColor.red
        #expect(one.backgroundColor == Color(white: 0.5))                  // UIColor.gray
        #expect(zero.cornerRadius == 0 && one.cornerRadius == 0)
        // No numbers: nothing but fills is drawn.
        var list = DisplayList()
        s.draw(into: &list)
        #expect(!list.flattened.ordered.contains { if case .text = $0.command { return true }; return false })
        // A lifted seed cell casts no shadow (the source's cells have UIKit's default, none).
        d.longPress(at: DragSceneTests.pressPoint)
        d.run(0.3)
        #expect(s.isDragging && zero.shadowOpacity == 0)
        d.up(DragSceneTests.pressPoint); d.run(2)
        #expect(!s.isDragging)

        s.variant = .refined
        d.step()
        #expect(s.look == .kinetic)
        #expect(s.layout.itemSize == Size(width: 40, height: 40))
        #expect(s.layout.sectionInset == EdgeInsets(top: 16, left: 16, bottom: 16, right: 16))
        #expect(s.collectionView.backgroundColor == .clear)
        let selected = try #require(s.collectionView.cellForItem(at: Self.near))
        #expect(selected.backgroundColor == Color(hex: 0xD70015) && selected.cornerRadius == 6)
        #expect(s.collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.backgroundColor == Color(hex: 0x636366))
        #expect(DragSceneTests.frames(s)[Self.near] == Rect(x: 16, y: 46, width: 40, height: 40))
        list = DisplayList()
        s.draw(into: &list)
        #expect(list.flattened.ordered.contains { if case .text("0", _, _, _, _, _) = $0.command { return true }; return false })
        // Refined lifts cast a shadow.
        d.longPress(at: DragSceneTests.pressPoint)
        d.run(0.3)
        #expect(s.isDragging && selected.shadowOpacity > 0.4)
    }

    /// Z during a drag keeps the flock's grid until the flock is home, then switches the look.
    @Test func aVariantChosenMidDragTakesItsLookOnceTheFlockIsHome() {
        let (s, d, _) = DragSceneTests.sceneWithSelection()
        d.longPress(at: DragSceneTests.pressPoint)
        #expect(s.isDragging)
        s.variant = .refined
        #expect(s.look == .source && s.layout.itemSize.width == 50)
        d.up(DragSceneTests.pressPoint)
        #expect(d.run(until: 3) { !s.isDragging } != nil)
        #expect(s.look == .kinetic && s.layout.itemSize.width == 40)
    }

    @Test func seedIsTheDefaultAndTheVariantSwitchesTheAnchoring() {
        let s = DragScene(items: 10)
        #expect(s.variant == .seed && s.layout.anchoring == .sharedSquare)
        s.variant = .refined
        #expect(s.layout.anchoring == .keepingOffsets)
        #expect(s.variant.toggled == .seed)
        #expect(s.variantDescription.contains("offset"))
    }
}
