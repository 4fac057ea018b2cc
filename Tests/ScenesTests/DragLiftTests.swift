import Testing
import Geometry
@testable import Scenes

/// The dragged cells' lift (their shadow) runs on the scene's simulated clock, the `dt` the app
/// hands to `update` (0 while paused, a tenth of a frame in slow motion), not on the unscaled
/// app time that gesture timers use (issue 23).
@Suite struct DragLiftTests {
    static let frame = 1.0 / 60
    static let zero = IndexPath(item: 0, section: 0)

    /// A drag scene with item 0 selected and the pointer held down in the gap beside it, at
    /// real time `time`; the long press begins 0.5 s later.
    final class Rig {
        let scene = DragScene(items: 1000, size: Size(width: 1280, height: 800))
        private(set) var time = 0.0

        init() {
            let d = SceneDriver(scene)
            d.click(Point(x: 36, y: 66))
            d.run(0.1)
            time = d.time
            scene.handle(.down(DragSceneTests.pressPoint, at: time))
        }

        /// One frame: the app clock moves by a whole frame, the scene's clock by `scale` of one.
        func step(scale: Double) {
            time += DragLiftTests.frame
            scene.update(time: time, dt: DragLiftTests.frame * scale)
        }

        /// Steps at `scale` until the long press has picked the selection up (that frame included).
        func stepUntilLifted(scale: Double) {
            for _ in 0..<60 where scene.layout.draggedIndexPaths.isEmpty { step(scale: scale) }
            #expect(scene.layout.draggedIndexPaths == [DragLiftTests.zero])
        }

        var lift: Double { (scene.collectionView.cellForItem(at: DragLiftTests.zero) as? GridCell)?.lift ?? -1 }
    }

    @Test func liftRisesOverItsDurationAtFullSpeed() {
        let r = Rig()
        r.stepUntilLifted(scale: 1)
        #expect(r.lift == 0)
        r.step(scale: 1)
        #expect(abs(r.lift - 1.0 / 9) < 1e-9)   // 1/60 s of 0.15 s
        for _ in 0..<8 { r.step(scale: 1) }
        #expect(abs(r.lift - 1) < 1e-9)
    }

    @Test func pauseFreezesTheLift() {
        let r = Rig()
        // Picked up while paused (gesture timers keep real time): no shadow until time runs.
        r.stepUntilLifted(scale: 0)
        for _ in 0..<30 { r.step(scale: 0) }
        #expect(r.lift == 0)
        // Paused mid-rise: it stays where it was.
        for _ in 0..<3 { r.step(scale: 1) }
        let held = r.lift
        #expect(abs(held - 3.0 / 9) < 1e-9)
        for _ in 0..<30 { r.step(scale: 0) }
        #expect(r.lift == held)
        for _ in 0..<6 { r.step(scale: 1) }
        #expect(abs(r.lift - 1) < 1e-9)
    }

    @Test func slowMotionSlowsTheLift() {
        let r = Rig()
        r.stepUntilLifted(scale: 0.1)
        // Nine frames take a full-speed lift all the way; at a tenth of the speed, a tenth of it.
        for _ in 0..<9 { r.step(scale: 0.1) }
        #expect(abs(r.lift - 0.1) < 1e-9)
        for _ in 0..<81 { r.step(scale: 0.1) }
        #expect(abs(r.lift - 1) < 1e-9)
    }
}
