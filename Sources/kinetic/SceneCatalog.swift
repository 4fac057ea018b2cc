import Scenes

/// Makes the app's scenes (see ``SceneKind`` for the list and its limits) and connects each to
/// the app's ``SceneEnvironment``.
enum SceneCatalog {
    /// A new scene of `kind`: `items` cells for the scenes that count them (default
    /// ``SceneKind/defaultItems``); the exchange scene starts from the environment's line-up and
    /// reports each completed transaction to it.
    static func make(_ kind: SceneKind, items: Int?, environment: SceneEnvironment = SceneEnvironment()) -> any Scene {
        switch kind {
        case .drag: return DragScene(items: items ?? kind.defaultItems)
        case .springy: return SpringyScene(items: items ?? kind.defaultItems)
        case .cards: return CardsScene()
        case .exchange:
            let scene = ExchangeScene(model: environment.exchangeModel ?? .sample)
            scene.onTransactionFinished = { [weak environment] model in
                guard let environment else { return }
                environment.exchangeModel = model
                environment.persistExchangeModel?(model)
            }
            return scene
        }
    }
}
