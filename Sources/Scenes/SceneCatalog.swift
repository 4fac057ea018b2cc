
/// Makes the app's scenes (see ``SceneKind`` for the list and its limits) and connects each to
/// the app's ``SceneEnvironment``.
public enum SceneCatalog {
    /// A new scene of `kind`: `items` cells for the scenes that count them (default
    /// ``SceneKind/defaultItems``), or for the cards scene the first `items` sample cities (the
    /// fuzzer's smaller carousels; the command line takes no `--items` there); the exchange scene
    /// starts from the environment's line-up and reports each completed transaction to it; the
    /// file scene shows the environment's scene file (``SceneEnvironment/sceneFile``).
    public static func make(_ kind: SceneKind, items: Int?, environment: SceneEnvironment = SceneEnvironment()) -> any Scene {
        switch kind {
        case .drag: return DragScene(items: items ?? kind.defaultItems)
        case .springy: return SpringyScene(items: items ?? kind.defaultItems)
        case .cards: return CardsScene(cities: items.map { Array(City.samples.prefix($0)) } ?? City.samples)
        case .exchange:
            let scene = ExchangeScene(model: environment.exchangeModel ?? .sample)
            scene.onTransactionFinished = { [weak environment] model in
                guard let environment else { return }
                environment.exchangeModel = model
                environment.persistExchangeModel?(model)
            }
            return scene
        case .dynamics:
            let scene = DynamicsScene(demo: environment.dynamicsDemo)
            scene.onDemoChanged = { [weak environment] name in environment?.dynamicsDemo = name }
            return scene
        case .file:
            let scene = FileScene(model: environment.sceneFile ?? FileScene.emptyModel)
            scene.fileProblem = { [weak environment] in environment?.sceneFileProblem }
            return scene
        }
    }
}
