import Geometry
import Gestures
import Drawing

/// A whole-frame scenario of `kinetic bench frame`: a scene and the input it gets each frame,
/// for ``frames`` frames at 60 fps. The bench times ``step(frame:)`` and ``draw(into:)`` (the
/// scene's work) apart from rendering the list (library code never reads a clock).
public final class FrameBenchmark {
    /// Frames the scenario runs (10 s at 60 fps).
    public let frames = 600
    /// The first frame the figures count (earlier ones run but are not measured).
    public let measuredFrom: Int
    /// The scene run.
    public let scene: any Scene
    private let input: (Int, Double) -> Void

    private init(scene: any Scene, measuredFrom: Int, input: @escaping (Int, Double) -> Void) {
        self.scene = scene
        self.measuredFrom = measuredFrom
        self.input = input
    }

    /// The springy scene with `rows` rows at `size`, scrolled by the wheel every other frame for
    /// 480 frames (4 s of scrolling, 1 s to settle); every frame is measured.
    public static func springy(rows: Int, size: Size) -> FrameBenchmark {
        let scene = SpringyScene(items: rows, size: size)
        return FrameBenchmark(scene: scene, measuredFrom: 0) { f, t in
            if f < 480 && f % 2 == 0 {
                _ = scene.handle(.wheel(Point(x: 640, y: 200 + Double(f % 400)), delta: Vector(dx: 0, dy: -1), at: t))
            }
        }
    }

    /// The drag scene, 1,000 cells, `selected` of them (every third) flying behind the pointer,
    /// which is pressed at t = 0 and circles from t = 0.6 s; measured from frame 60 (t = 1 s,
    /// mid-drag).
    public static func drag(selected: Int, size: Size) -> FrameBenchmark {
        let scene = DragScene(items: 1000, size: size)
        // The frame the bench has measured since issue 11: Kinetic's numbered grid with shadows
        // (the heavier look, refined's) and the source's shared square (the seed's anchoring).
        scene.variant = .refined
        scene.layout.anchoring = .sharedSquare
        for i in 0..<selected { scene.collectionView.selectItem(at: IndexPath(item: i * 3, section: 0)) }
        _ = scene.handle(.down(Point(x: 640, y: 400), at: 0))
        return FrameBenchmark(scene: scene, measuredFrom: 60) { _, t in
            if t > 0.6 { _ = scene.handle(.moved(Point(x: 640 + 150 * cos(t * 2), y: 400 + 100 * sin(t * 2)), at: t)) }
        }
    }

    /// Runs frame `frame` (0-based, at `frame`/60 s): its input, then the update by 1/60 s.
    public func step(frame: Int) {
        let t = Double(frame) / 60
        input(frame, t)
        scene.update(time: t, dt: 1.0 / 60)
    }

    /// The frame's display list.
    public func draw(into list: inout DisplayList) { scene.draw(into: &list) }
}
