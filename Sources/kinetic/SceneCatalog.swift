import Scenes

/// Makes the app's scenes (see ``SceneKind`` for the list and its limits).
enum SceneCatalog {
    /// A new scene of `kind`: `items` cells for the scenes that count them (default
    /// ``SceneKind/defaultItems``), and the exchange scene's arrangement (`model`, default its
    /// sample line-up).
    static func make(_ kind: SceneKind, items: Int?, model: ExchangeModel? = nil) -> any Scene {
        switch kind {
        case .drag: DragScene(items: items ?? kind.defaultItems)
        case .springy: SpringyScene(items: items ?? kind.defaultItems)
        case .cards: CardsScene()
        case .exchange: ExchangeScene(model: model ?? .sample)
        }
    }
}
