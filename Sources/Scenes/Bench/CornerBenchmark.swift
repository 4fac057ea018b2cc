import Geometry
import Drawing
import Gestures

/// Issue 37 part 2: every scene at the corners of its documented parameter ranges, with a click
/// and a drag, must keep a frame about as cheap as at its defaults. `kinetic bench corners` runs
/// each ``CornerCase`` (the defaults first) for ``frames`` frames at 60 Hz through this scenario
/// and times each frame's input, update, display list and rendering headless.
///
/// The scenario is the same for every case of a scene (``CornerGesture``): a click on an item
/// at 0.1 s, then a press on it at 0.5 s held past the scene's long press (the drag scene's
/// 0.5 s, the exchange scene's `minimumPressDuration`, whatever the case sets it to), a drag
/// along a path for 1 s and a release; then the scene runs on until ``frames``. Each frame also
/// reads what the HUD reads of a scene (its status, plot and parameter notice).
public final class CornerBenchmark {
    /// Seconds each case runs on after the release: 0.5, where what the release set moving
    /// shows its cost.
    public static let afterRelease = 0.5
    /// The frame interval, seconds (60 Hz).
    public static let interval = 1.0 / 60

    /// The case run.
    public let corner: CornerCase
    /// The scene, built for the case with its parameters set.
    public let scene: any Scene
    /// The scripted input, frame by frame (index = frame; frame f's events are stamped
    /// (f + 1)/60 s).
    public let script: [[InputEvent]]
    /// Frames the case runs at 60 Hz: through the click, the press, its hold, the 1-s drag and
    /// ``afterRelease`` (2.05 s in most scenes, 2.7 s in the drag scene, up to 4.15 s in the
    /// exchange scene with its longest long press).
    public let frames: Int

    /// Builds the case's scene at `size` points, measuring text with `textMeasurer` (the
    /// renderer's, as in a run), sets the case's parameters, lays it out with one zero-length
    /// update, and scripts the gesture on the item nearest the middle of its content.
    public init(_ corner: CornerCase, size: Size = Size(width: 1280, height: 800), textMeasurer: TextMeasuring? = nil) {
        self.corner = corner
        scene = corner.makeScene(size: size)
        if let textMeasurer { scene.textMeasurer = textMeasurer }
        for v in corner.values { scene.setParameter(v.name, to: v.value) }
        scene.update(time: 0, dt: 0)
        let gesture = CornerGesture(kind: corner.kind, parameters: scene.parameters)
        frames = Int(saturating: ((gesture.releaseTime + Self.afterRelease) / Self.interval).rounded(.up))
        script = gesture.script(from: gesture.pressPoint(in: scene, windowSize: size), frames: frames, interval: Self.interval)
    }

    /// Runs frame `frame` (0-based): its input, the update by one interval, and the HUD's
    /// reads. Draw it afterwards with ``draw(into:)``.
    public func step(frame: Int) {
        let t = Double(frame + 1) * Self.interval
        if script.indices.contains(frame) { for e in script[frame] { scene.handle(e) } }
        scene.update(time: t, dt: Self.interval)
        // What the HUD asks every frame.
        _ = scene.status
        _ = scene.plot
        _ = scene.parameterNotice
    }

    /// The frame's display list (what a run draws of the scene).
    public func draw(into list: inout DisplayList) { scene.draw(into: &list) }

    /// Every case of `kinds` (default every built-in scene; the dynamics scene once per demo), each
    /// scene's defaults first. See ``CornerCase/cases(for:demo:)`` for the corners chosen. A file
    /// scene has no corners (its parameters are whatever a file declares): it is skipped.
    public static func cases(kinds: [SceneKind] = SceneKind.builtIn) -> [CornerCase] {
        kinds.filter { $0 != .file }.flatMap { kind -> [CornerCase] in
            kind == .dynamics ? DynamicsScene.demoNames.flatMap { CornerCase.cases(for: kind, demo: $0) }
                              : CornerCase.cases(for: kind, demo: nil)
        }
    }

    /// The p99 a corner may reach, given the defaults' p99 (any unit): twice the defaults', and
    /// never less than the defaults' plus ``absoluteAllowance`` (in the same unit as `floor`), so
    /// sub-millisecond noise in a cheap scene does not fail it.
    public static func allowedP99(defaultP99: Double, floor: Double) -> Double {
        max(2 * defaultP99, defaultP99 + floor)
    }

    /// The absolute allowance of ``allowedP99(defaultP99:floor:)``, milliseconds: 2 (an eighth of a
    /// 60 Hz frame). With 1 ms, the attachments demo at all max (its defaults 0.96 ms, the corner
    /// 1.9–2.0 ms: a 1000-pt rod drawn across the stage) failed one run in two by noise.
    public static let absoluteAllowance = 2.0
}
