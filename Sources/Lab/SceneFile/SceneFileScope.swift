import Geometry
import Scenes

/// What the parts of a scene file already read offer the parts after them: tunables for
/// `"$name"` numbers, layer ids for references, behaviours for a gesture's pushes, and the
/// folder image paths are relative to.
struct SceneFileScope {
    /// The stage's size, points (a field's default position is its centre).
    var stageSize = Size(width: 0, height: 0)
    /// The file's tunables, in declaration order.
    var tunables: [SceneFileTunable] = []
    /// Each layer's type (`rectangle`, `group`, …) by id.
    var layerTypes: [String: String] = [:]
    /// Layer ids in declaration order (the list a message about an unknown one shows).
    var layerIDs: [String] = []
    /// The behaviours, in declaration order (pushes are named by index).
    var behaviors: [SceneFileBehavior] = []
    /// The scene file's folder, or nil when the scene was not read from a file.
    var folder: String?

    /// Up to `count` names, then "…": the tail of a message naming what exists.
    static func list(_ names: [String], count: Int = 8) -> String {
        names.count <= count ? names.joined(separator: ", ") : names.prefix(count).joined(separator: ", ") + ", …"
    }
}
