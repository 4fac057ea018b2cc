import Testing
import Geometry
import Animation
import Dynamics
@testable import Scenes

/// Issue 40: a scene file's springs, snaps, pushes and property animations move as declared.
@Suite struct FileSceneMotionTests {
    @Test func aSpringAttachmentOscillatesAtItsFrequency() {
        var model = FileModels.stage([FileModels.layer("dot", .rectangle, Rect(x: 145, y: 350, width: 100, height: 100))])
        var a = SceneFileAttachment(item: "dot", target: .point(Point(x: 195, y: 300)))
        a.length = .value(0)
        a.frequency = .value(2)
        model.behaviors = [.attachment(a)]
        let scene = FileScene(model: model)
        let driver = SceneDriver(scene)
        // Upward zero crossings of y − 300, interpolated between frames.
        var crossings: [Double] = []
        var last = scene.layer("dot").center.y - 300, lastTime = driver.time
        driver.run(3) {
            let y = scene.layer("dot").center.y - 300
            if last < 0 && y >= 0 { crossings.append(lastTime + (driver.time - lastTime) * -last / (y - last)) }
            last = y; lastTime = driver.time
        }
        #expect(crossings.count >= 4)
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        #expect(abs(period - 0.5) / 0.5 < 0.02, "period \(period) s")
    }

    @Test func aSnapEndsOnItsPoint() {
        var model = FileModels.stage([FileModels.layer("dot", .circle, Rect(x: 10, y: 10, width: 40, height: 40))])
        model.behaviors = [.snap(item: "dot", point: Point(x: 200, y: 600), damping: .value(0.5))]
        let scene = FileScene(model: model)
        SceneDriver(scene).run(4)
        #expect((scene.layer("dot").center - Point(x: 200, y: 600)).length < 0.5)
    }

    @Test func aTapFiresItsPushes() {
        var model = FileModels.stage([FileModels.layer("ball", .circle, Rect(x: 170, y: 400, width: 50, height: 50))])
        model.behaviors = [.push(items: ["ball"], continuous: false, magnitude: .value(0), angle: .value(0)),
                           .push(items: ["ball"], continuous: false, magnitude: .value(1), angle: .value(-.pi / 2))]
        model.gestures = [SceneFileGesture(layer: "ball", kind: .tap)]
        model.gestures[0].pushes = [1]
        let scene = FileScene(model: model)
        let driver = SceneDriver(scene)
        // The second push fired once at the start; a tap fires it again.
        driver.run(0.1)
        let v0 = scene.animator.linearVelocity(for: scene.layer("ball")).dy
        #expect(v0 < -1)
        driver.click(scene.window(scene.layer("ball").center))
        driver.step()
        #expect(scene.animator.linearVelocity(for: scene.layer("ball")).dy < 1.5 * v0)
    }

    /// A tap on a toggle moving `knob` 100 pt right with `timing`: the knob's presented x
    /// sampled each frame against `curve` (progress at a time fraction of `duration`).
    private func sampleToggle(_ timing: SceneFileTiming, duration: Double, curve: (Double) -> Double) {
        var model = FileModels.stage([FileModels.layer("knob", .circle, Rect(x: 0, y: 0, width: 40, height: 40))])
        var to = SceneFileProperties()
        to.frame = Rect(x: 100, y: 0, width: 40, height: 40)
        model.gestures = [SceneFileGesture(layer: "knob", kind: .tap)]
        model.gestures[0].animations = [SceneFileAnimation(layer: "knob", to: to, timing: timing)]
        let scene = FileScene(model: model)
        let driver = SceneDriver(scene)
        driver.down(scene.window(Point(x: 20, y: 20)))
        driver.step()
        driver.up(scene.window(Point(x: 20, y: 20)))
        let knob = scene.layer("knob")
        #expect(knob.center.x == 120)       // the model value at once, as UIKit
        let start = driver.time
        var worst = 0.0
        driver.run(duration) {
            let fraction = (driver.time - start) / duration
            worst = max(worst, abs((knob.presentationCenter.x - 20) - 100 * curve(min(1, fraction))))
        }
        #expect(worst < 0.01, "worst \(worst) pt")
        driver.run(0.1)
        #expect(knob.presentationCenter.x == 120)
        // A toggle: the next tap animates back; a tap in flight turns it around.
        driver.click(scene.window(Point(x: 120, y: 20)))
        driver.run(duration / 4)
        let turning = knob.presentationCenter.x
        #expect(turning < 120)
        driver.click(scene.window(Point(x: turning, y: 20)))
        driver.run(duration * 2)
        #expect(knob.presentationCenter.x == 120)
    }

    @Test func aCubicAnimationFollowsItsCurve() {
        let cubic = CubicTimingParameters(controlPoint1: Point(x: 0.25, y: 0.1), controlPoint2: Point(x: 0.25, y: 1))
        sampleToggle(.cubic(duration: .value(0.3), Point(x: 0.25, y: 0.1), Point(x: 0.25, y: 1)), duration: 0.3) { cubic.progress(at: $0) }
    }

    @Test func aSpringAnimationFollowsItsSpring() {
        let spring = SpringTimingParameters(dampingRatio: 0.7).resolved(forDuration: 0.4)
        sampleToggle(.spring(duration: .value(0.4), dampingRatio: .value(0.7)), duration: 0.4) { spring.progress(at: $0) }
    }
}
