import Geometry
import Gestures
import Scenes


/// Drives a scene in-process the way the app's headless loop does: one `update` per 60 fps frame,
/// with input delivered at the current frame's time before the frame is advanced.
final class SceneDriver {
    static let dt = 1.0 / 60
    let scene: any Scene
    private(set) var frame = 0

    init(_ scene: any Scene) {
        self.scene = scene
        scene.update(time: 0, dt: 0) // lay out the first frame
    }

    /// The app clock now, seconds.
    var time: Double { Double(frame) * SceneDriver.dt }

    /// Advances one frame.
    func step() {
        frame += 1
        scene.update(time: time, dt: SceneDriver.dt)
    }

    /// Advances `seconds` (rounded to whole frames), calling `each` after every frame.
    func run(_ seconds: Double, each: () -> Void = {}) {
        for _ in 0..<Int((seconds / SceneDriver.dt).rounded()) { step(); each() }
    }

    /// Advances frame by frame until `done` holds or `limit` seconds pass; returns the seconds it took, or nil.
    func run(until limit: Double, each: () -> Void = {}, _ done: () -> Bool) -> Double? {
        let start = time
        while time - start < limit - 1e-9 {
            step(); each()
            if done() { return time - start }
        }
        return nil
    }

    func down(_ p: Point) { scene.handle(.down(p, at: time)) }
    func move(_ p: Point) { scene.handle(.moved(p, at: time)) }
    func up(_ p: Point) { scene.handle(.up(p, at: time)) }
    @discardableResult func key(_ k: String) -> Bool { scene.handle(.keyDown(k, at: time)) }

    /// A click: down, one frame, up, one frame.
    func click(_ p: Point) { down(p); step(); up(p); step() }

    /// Holds the pointer down at `p` for 0.6 s, past the long press's 0.5 s.
    func longPress(at p: Point) { down(p); run(0.6) }

    /// Moves the held pointer from `from` by `by` in `steps` moves, one per frame.
    func drag(from: Point, by: Vector, steps: Int) {
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            move(Point(x: from.x + by.dx * f, y: from.y + by.dy * f))
            step()
        }
    }
}
