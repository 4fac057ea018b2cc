import Testing
import Geometry
import Dynamics
@testable import Scenes

/// Issue 40: a scene file's pan: follow, rubber band, release by projection to a detent.
@Suite struct FileScenePanTests {
    /// Drags the sheet from its centre (195, 300) down to y `to` in stage steps of `step` points
    /// a frame, then (`hold` seconds later) lets go.
    private func drag(_ scene: FileScene, to: Double, step: Double, hold: Double = 0) -> SceneDriver {
        let driver = SceneDriver(scene)
        var y = 300.0
        driver.down(scene.window(Point(x: 195, y: y)))
        driver.step()
        while y < to - 1e-9 {
            y = min(to, y + step)
            driver.move(scene.window(Point(x: 195, y: y)))
            driver.step()
        }
        if hold > 0 {
            driver.run(hold)
            driver.move(scene.window(Point(x: 195, y: y)))
        }
        driver.up(scene.window(Point(x: 195, y: y)))
        return driver
    }

    @Test func theProjectionPicksTheDetentNotThePosition() {
        // 420 pt at 1500 pt/s down projects to 420 + 1500 · 0.998 / 0.002 / 1000 = 1168.5.
        let projected = FileGesture.projected(Point(x: 195, y: 420), velocity: Vector(dx: 0, dy: 1500), rate: 0.998)
        #expect(abs(projected.y - 1168.5) < 1e-9)
        let detents = [Point(x: 195, y: 300), Point(x: 195, y: 600)]
        #expect(FileGesture.nearestDetent(detents, to: projected) == detents[1])
        #expect(FileGesture.nearestDetent(detents, to: Point(x: 195, y: 420)) == detents[0])
    }

    @Test func aFastReleaseNearTheUpperDetentGoesToTheLowerOne() {
        let scene = FileScene(model: FileModels.sheet())
        let driver = drag(scene, to: 420, step: 25)          // 25 pt a frame: 1500 pt/s
        let sheet = scene.layer("sheet")
        #expect(abs(sheet.center.y - 420) < 30)
        #expect(scene.gestures[0].chosenDetent == Point(x: 195, y: 600))
        driver.run(4)
        #expect(abs(sheet.center.y - 600) < 1 && abs(sheet.center.x - 195) < 1e-6)
        driver.run(2)
        #expect(!scene.needsFrame)
    }

    /// The A/B compare's B opens as a copy of A (``FileScene/adoptState(of:)``) while A's sheet
    /// is on its way to a detent: B's goes there too and rests (it kept A's velocity with no
    /// spring and flew off the stage for ever: `kinetic fuzz --seed 1002` on pull-to-refresh).
    @Test func theCompareHalfOpeningDuringAReleaseGoesOnToTheSameDetent() {
        let a = FileScene(model: FileModels.sheet())
        _ = drag(a, to: 420, step: 25)
        let b = FileScene(model: FileModels.sheet())
        let driver = SceneDriver(b)
        b.adoptState(of: a)
        #expect(b.animator.linearVelocity(for: b.layer("sheet")).length > 100)
        #expect(b.gestures[0].chosenDetent == Point(x: 195, y: 600))
        driver.run(4)
        #expect((b.layer("sheet").center - Point(x: 195, y: 600)).length < 1)
        driver.run(2)
        #expect(!b.needsFrame)
    }

    /// B opening while A's sheet is held mid-pan never sees that press begin (nor end): its
    /// sheet is let go at once toward the detent its place and velocity project to, and rests.
    @Test func theCompareHalfOpeningMidPanLetsGoAtOnce() throws {
        let a = FileScene(model: FileModels.sheet())
        let driverA = SceneDriver(a)
        var y = 300.0
        driverA.down(a.window(Point(x: 195, y: y)))
        driverA.step()
        while y < 420 {
            y += 25
            driverA.move(a.window(Point(x: 195, y: y)))
            driverA.step()
        }
        #expect(a.gestures[0].hold != nil)
        let b = FileScene(model: FileModels.sheet())
        let driver = SceneDriver(b)
        b.adoptState(of: a)
        #expect(b.gestures[0].hold == nil && b.gestures[0].release != nil)
        // The detent its place and velocity project to (UIScrollView's normal rate, 0.998).
        let sheet = b.layer("sheet"), detents = [Point(x: 195, y: 300), Point(x: 195, y: 600)]
        let projected = FileGesture.projected(sheet.center, velocity: b.animator.linearVelocity(for: sheet), rate: 0.998)
        let detent = try #require(FileGesture.nearestDetent(detents, to: projected))
        #expect(b.gestures[0].chosenDetent == detent)
        driver.run(6)
        #expect((sheet.center - detent).length < 1)
        #expect(!b.needsFrame)
    }

    @Test func aSlowReleaseThereGoesBackUp() {
        let scene = FileScene(model: FileModels.sheet())
        let driver = drag(scene, to: 420, step: 25, hold: 0.5)
        #expect(scene.gestures[0].chosenDetent == Point(x: 195, y: 300))
        driver.run(4)
        #expect(abs(scene.layer("sheet").center.y - 300) < 1)
    }

    @Test func aSnapReleaseEndsOnItsDetent() {
        let scene = FileScene(model: FileModels.sheet(snap: 0.5))
        let driver = drag(scene, to: 500, step: 10, hold: 0.5)
        #expect(scene.gestures[0].chosenDetent == Point(x: 195, y: 600))
        #expect(scene.gestures[0].release is SnapBehavior)
        driver.run(5)
        #expect((scene.layer("sheet").center - Point(x: 195, y: 600)).length < 0.5)
    }

    @Test func pastItsLimitsTheLayerRubberBands() {
        // (1 − 1 / (d · c / D + 1)) · D with c = 0.55, D = 844: d = 100 → 51.635, d = 400 → 174.51.
        func shown(_ d: Double) -> Double {
            FileGesture.rubberBand(600 + d, lower: 300, upper: 600, coefficient: 0.55, dimension: 844) - 600
        }
        #expect(abs(shown(100) - 51.635) < 0.001)
        #expect(abs(shown(400) - 174.51) < 0.01)
        #expect(FileGesture.rubberBand(450, lower: 300, upper: 600, coefficient: 0.55, dimension: 844) == 450)
        #expect(abs(FileGesture.rubberBand(200, lower: 300, upper: 600, coefficient: 0.55, dimension: 844) - (300 - 51.635)) < 0.001)

        // In a scene: held 100 pt past the lower limit, the rigid hold shows it 51.6 pt past.
        var model = FileModels.sheet()
        model.gestures[0].limits = Rect(x: 195, y: 300, width: 0, height: 300)
        model.gestures[0].release = nil
        let scene = FileScene(model: model)
        let driver = SceneDriver(scene)
        driver.down(scene.window(Point(x: 195, y: 300)))
        driver.step()
        driver.drag(from: scene.window(Point(x: 195, y: 300)), by: scene.window(Point(x: 195, y: 700)) - scene.window(Point(x: 195, y: 300)), steps: 20)
        driver.run(0.5)
        #expect(abs(scene.layer("sheet").center.y - (600 + 51.635)) < 0.5)
        #expect(abs(scene.layer("sheet").center.x - 195) < 1e-6)
    }
}
