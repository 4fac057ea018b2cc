import Scenes

/// The scenes the app can show, by command-line name, in hotkey order (1–4).
enum SceneCatalog {
    /// Every scene name of DESIGN.md, in hotkey order.
    static let allNames = ["drag", "springy", "cards", "exchange"]

    /// The scenes whose size `--items` sets.
    static let countedNames = ["drag", "springy"]

    /// A new scene called `name` (nil for an unknown name): `items` cells for the drag and springy
    /// scenes, and the exchange scene's arrangement (`model`, default its sample line-up).
    static func make(_ name: String, items: Int?, model: ExchangeModel? = nil) -> (any Scene)? {
        switch name {
        case "drag": return DragScene(items: items ?? 1000)
        case "springy": return SpringyScene(items: items ?? 1000)
        case "cards": return CardsScene()
        case "exchange": return ExchangeScene(model: model ?? .sample)
        default: return nil
        }
    }

    /// The largest `--items` a scene accepts.
    static func maximumItems(_ name: String) -> Int { name == "springy" ? 1_000_000 : 100_000 }
}
