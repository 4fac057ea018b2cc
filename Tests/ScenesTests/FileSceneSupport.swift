import Geometry
import Drawing
@testable import Scenes

/// Models for the file scene's tests, built in Swift (not read from files).
enum FileModels {
    /// An iPhone-sized stage (390 × 844 pt).
    static func stage(_ layers: [SceneFileLayer] = [], size: Size = Size(width: 390, height: 844)) -> SceneFileModel {
        var m = SceneFileModel(title: "test", stage: SceneFileStage(size: size))
        m.layers = layers
        return m
    }

    /// A layer of `content` at `frame` (stage points, or its parent's).
    static func layer(_ id: String, _ content: SceneFileLayer.Content, _ frame: Rect, z: Int = 0,
                      parent: String? = nil, color: Color = .white) -> SceneFileLayer {
        var l = SceneFileLayer(id: id, content: content, frame: frame)
        l.z = z
        l.parent = parent
        l.color = color
        return l
    }

    /// A bottom sheet 390 × 200 centred at (195, 300), panned along y, released to detents at y
    /// 300 and 600 on a spring (`snap`: a snap of that damping instead).
    static func sheet(snap: Double? = nil) -> SceneFileModel {
        var m = stage([layer("sheet", .rectangle, Rect(x: 0, y: 200, width: 390, height: 200))])
        var g = SceneFileGesture(layer: "sheet", kind: .pan)
        g.axis = .y
        var r = SceneFileRelease(detents: [Point(x: 195, y: 300), Point(x: 195, y: 600)])
        r.frequency = .value(3)
        r.damping = .value(0.8)
        r.snap = snap.map { .value($0) }
        g.release = r
        m.gestures = [g]
        return m
    }
}

extension FileScene {
    /// `p` (stage points) in window points.
    func window(_ p: Point) -> Point { stage.convert(p, to: nil) }
    /// The layer called `id`.
    func layer(_ id: String) -> FileLayer { layersByID[id]! }
}
