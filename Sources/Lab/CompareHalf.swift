import Geometry
import Scenes

/// The B half of an A/B compare (`--compare`, key B): a second copy of the current scene with
/// its own parameters and variant, laid out in the right half of the content and driven by the
/// same input as A (``App``). Opened by B, it starts as a copy of A at that moment (selection,
/// line-up, scroll, open card, demo, what moves: ``Scenes/Scene/adoptState(of:)``), so one gesture
/// drives both from the same state. B's exchange arrangements are its own and never saved:
/// `--data` belongs to A.
package struct CompareHalf {
    /// B's scene (the same kind as A's).
    package var scene: any Scene
    /// B's parameters and variants per scene, kept across scene switches like A's.
    package var store: ParameterStore
    /// Where Ctrl+S saves B's parameters: the second `--params` file, else `kinetic-params-b.json`.
    package let paramsPath: String
    /// B's own environment: it starts from A's line-up and does not persist.
    package let environment: SceneEnvironment

    /// Which half of the content a window point is in (0: A, left; 1: B, right), or nil when it
    /// is in neither (the title line, the HUD).
    package static func half(of point: Point, in frames: [Rect]) -> Int? {
        frames.firstIndex { $0.contains(point) }
    }

    /// The content split in two side by side with a 2-pt gap: A left, B right.
    package static func split(_ content: Rect) -> [Rect] {
        let w = ((content.width - 2) / 2).rounded(.down)
        return [Rect(x: content.minX, y: content.minY, width: w, height: content.height),
                Rect(x: content.maxX - w, y: content.minY, width: w, height: content.height)]
    }
}
