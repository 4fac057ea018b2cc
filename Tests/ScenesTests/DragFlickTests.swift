import Testing
import Geometry
import Dynamics
import Scenes

/// Issue 15 through the drag scene's gestures: the reproducer (a quick flick of four one-frame
/// jumps of 200–300 pt) in a 640×400 window, with both anchorings of the drag.
@Suite struct DragFlickTests {
    @Test(arguments: [DragBehavior.Anchoring.keepingOffsets, .sharedSquare])
    func issueReproducerComesHome(anchoring: DragBehavior.Anchoring) throws {
        let s = DragScene(items: 1000, size: Size(width: 640, height: 400))
        s.layout.anchoring = anchoring
        let d = SceneDriver(s)
        let cell = IndexPath(item: 0, section: 0)
        let home = try #require(s.dump().items.first { $0.indexPath == cell }).frame
        // The script's events at their times, one 60 fps frame apart as the headless app runs them.
        let script: [(t: Double, kind: String, p: Point)] = [
            (0.1, "down", Point(x: 36, y: 66)), (0.13, "up", Point(x: 36, y: 66)),
            (0.3, "down", Point(x: 320, y: 200)),
            (0.9, "move", Point(x: 128.68, y: 289.14)), (0.95, "move", Point(x: 208.43, y: 131.72)),
            (1.0, "move", Point(x: 505.25, y: 289.38)), (1.05, "move", Point(x: 239.09, y: 310.75)),
            (1.1, "up", Point(x: 320, y: 200)),
        ]
        var next = 0
        var pausedAt: Double?
        let limit = anchoring == .keepingOffsets ? 5.0 : 30.0
        while d.time < 1.1 + limit {
            while next < script.count && script[next].t <= d.time + 1e-9 {
                let e = script[next]
                switch e.kind {
                case "down": d.down(e.p)
                case "move": d.move(e.p)
                default: d.up(e.p)
                }
                next += 1
            }
            d.step()
            let dump = s.dump()
            // Every item the animator holds is dumped, on or off screen, and stays finite.
            #expect(dump.dynamicItems.allSatisfy { $0.isFinite })
            if next == script.count && s.layout.dynamicAnimator == nil { pausedAt = d.time - 1.1; break }
        }
        #expect(s.dump()[field: "selection"] == .indexPaths([cell]))
        #expect(pausedAt != nil, "\(anchoring): the drag state did not clear within \(limit) s of the release")
        let now = try #require(s.dump().items.first { $0.indexPath == cell })
        #expect(now.frame.origin.distance(to: home.origin) < 0.5)
        #expect(s.dump().dynamicItems.isEmpty)
    }

    @Test func dumpListsDraggedItemsOffScreen() throws {
        let s = DragScene(items: 1000, size: Size(width: 640, height: 400))
        let d = SceneDriver(s)
        d.click(Point(x: 36, y: 66)); d.run(0.1)
        d.longPress(at: Point(x: 320, y: 200))
        // Drag far outside the window: the cell leaves the screen but stays in the dump.
        d.drag(from: Point(x: 320, y: 200), by: Vector(dx: 2000, dy: 1500), steps: 10)
        d.run(1)
        let dump = s.dump()
        #expect(!dump.items.contains { $0.indexPath == IndexPath(item: 0, section: 0) && $0.zIndex == 1 })
        let held = try #require(dump.dynamicItems.first)
        #expect(dump.dynamicItems.count == 1)
        #expect(held.indexPath == IndexPath(item: 0, section: 0))
        #expect(held.frame.midX > 1000 && held.isFinite)
    }
}
