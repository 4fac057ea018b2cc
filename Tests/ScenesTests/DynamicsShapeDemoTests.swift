import Testing
import Geometry
import Dynamics
@testable import Scenes

/// The dynamics scene's collision-shape, item-group and stress demos (issue 29), driven as the app
/// drives them: 60 frames a second in a 1280 × 800 window, the stage below the 30-pt title line.
@Suite struct DynamicsShapeDemoTests {
    static let floor = 800.0

    @Test func theShapesLandAndRestInsideTheStage() {
        let scene = DynamicsScene(demo: "shapes")
        let driver = SceneDriver(scene)
        #expect(driver.run(until: 15) { !scene.needsFrame } != nil, "\(scene.busyDescription)")
        let demo = scene.demo as! ShapesDemo
        #expect(demo.shapes.map(\.collisionBoundsType) == [.rectangle, .ellipse, .path, .path])
        // Their centres are on the stage (a turned polygon's dumped frame, its bounds turned, may reach past the floor).
        for item in scene.dump().dynamicItems {
            #expect(item.frame.midY < Self.floor && item.frame.midY > 30, "\(item)")
        }
        // The circle rests on something: the floor, or another shape, its bottom at most 0.5 pt into it.
        let circle = demo.shapes[1]
        let lowest = circle.center.y + circle.bounds.height / 2
        #expect(lowest <= demo.animator.referenceBounds!.maxY + 0.5)
    }

    @Test func theGroupFallsDraggedAndThrownWithItsSquaresInPlace() {
        let scene = DynamicsScene(demo: "group")
        let driver = SceneDriver(scene)
        let demo = scene.demo as! GroupDemo
        func spacing() -> [Double] {
            [demo.members[0].center.distance(to: demo.members[1].center), demo.members[0].center.distance(to: demo.members[2].center),
             demo.members[1].center.distance(to: demo.members[2].center)]
        }
        let start = spacing()
        var worst = 0.0
        func check() { worst = max(worst, zip(spacing(), start).map { abs($0 - $1) }.max()!) }
        driver.run(2) { check() }
        // Grab the L by its upper right square and fling it up and to the right.
        let grab = scene.dump().dynamicItems[1].frame
        let p = Point(x: grab.midX, y: grab.midY)
        driver.down(p)
        driver.drag(from: p, by: Vector(dx: 150, dy: -250), steps: 20)
        // While it holds the L, the drag's line is the demo's decoration (PointerDraggingDemo); gone on release.
        #expect(demo.pointer.decoration != nil && scene.demo.decorations == [demo.pointer.decoration!])
        driver.up(Point(x: p.x + 150, y: p.y - 250))
        #expect(scene.demo.decorations.isEmpty)
        driver.run(8) { check() }
        #expect(worst < 0.5, "the squares moved against each other by \(worst) pt")
        for s in demo.members { #expect(abs(s.transform.rotationAngle - demo.group.transform.rotationAngle) < 1e-9) }
        #expect(!scene.needsFrame, "\(scene.busyDescription)")
    }

    @Test func theStressPileIsTheSameEveryTimeAndStaysInTheBox() {
        let pile = StressPile(box: StressPile.benchBox)
        #expect(pile.pieces.count == 500 && pile == StressPile(box: StressPile.benchBox))
        #expect(pile.pieces.map(\.size).min()! > 10 && pile.pieces.map(\.size).max()! < 40)
        let circles = pile.pieces.filter(\.isCircle).count
        #expect(circles > 200 && circles < 300)
        // No two pieces start overlapping (their bounding squares).
        for (k, a) in pile.pieces.enumerated() {
            for b in pile.pieces[(k + 1)...] where abs(a.center.y - b.center.y) < 40 {
                let reach = (a.size + b.size) / 2
                #expect(abs(a.center.x - b.center.x) >= reach || abs(a.center.y - b.center.y) >= reach)
            }
        }
        let scenes = (0..<2).map { _ in DynamicsScene(demo: "stress") }
        for s in scenes { SceneDriver(s).run(3) }
        let dumps = scenes.map { $0.dump().dynamicItems }
        #expect(dumps[0].count == 500 && dumps[0].map(\.frame) == dumps[1].map(\.frame), "deterministic")
        for item in dumps[0] {
            #expect(item.frame.maxY < Self.floor + 1 && item.frame.minX > -1 && item.isFinite, "\(item)")
        }
    }
}
