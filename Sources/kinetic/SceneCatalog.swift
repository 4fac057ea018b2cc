import Scenes

/// The scenes the app can show, by command-line name, in hotkey order (1–4).
enum SceneCatalog {
    /// Every scene name of DESIGN.md, in hotkey order.
    static let allNames = ["drag", "springy", "cards", "exchange"]

    /// Names of the scenes built into this version (``make(_:items:)`` returns nil for the others).
    static let availableNames = ["drag", "springy", "cards"]

    /// A new scene called `name`, with `items` cells where the scene takes a count; nil when the
    /// scene is not part of this version yet.
    static func make(_ name: String, items: Int?) -> (any Scene)? {
        switch name {
        case "drag": return DragScene(items: items ?? 1000)
        case "springy": return SpringyScene(items: items ?? 1000)
        case "cards": return CardsScene()
        default: return nil
        }
    }

    /// The largest `--items` a scene accepts.
    static func maximumItems(_ name: String) -> Int { name == "springy" ? 1_000_000 : 100_000 }
}
