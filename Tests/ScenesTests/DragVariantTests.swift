import Testing
import Geometry
import Dynamics
import Layout
import Scenes

/// The drag scene's two variants (issue 12): seed hangs every selected cell from one square
/// around the pointer (the source document's `DraggableLayout`), refined keeps each cell's offset.
@Suite struct DragVariantTests {
    static let near = IndexPath(item: 0, section: 0)   // centre (36, 66), next to the press
    static let far = IndexPath(item: 24, section: 0)   // the row's right end, ~1,180 pt away

    /// Vertical lag of the near and the far cell 0.1 s after a fast 150-pt vertical move.
    static func lags(_ variant: SceneVariant) throws -> (near: Double, far: Double) {
        let s = DragScene(items: 1000, size: DragSceneTests.size)
        s.variant = variant
        let d = SceneDriver(s)
        let home = DragSceneTests.frames(s)
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

    @Test func seedIsTheDefaultAndTheVariantSwitchesTheAnchoring() {
        let s = DragScene(items: 10)
        #expect(s.variant == .seed && s.layout.anchoring == .sharedSquare)
        s.variant = .refined
        #expect(s.layout.anchoring == .keepingOffsets)
        #expect(s.variant.toggled == .seed)
        #expect(s.variantDescription.contains("offset"))
    }
}
