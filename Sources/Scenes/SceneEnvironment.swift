/// What outlives a scene: state the app keeps across scene switches and the ways it persists
/// it, handed to every scene the catalog makes (instead of the app reaching into a scene's type).
public final class SceneEnvironment {
    /// The exchange line-up the next exchange scene starts from (nil: its sample line-up). Kept
    /// current after every completed transaction, so an arrangement survives scene switches.
    public var exchangeModel: ExchangeModel?
    /// Called with the new line-up after each completed exchange transaction (the app saves
    /// `--data` here), after ``exchangeModel`` was updated.
    public var persistExchangeModel: ((ExchangeModel) -> Void)?
    /// The demo the next dynamics scene opens (``DynamicsScene/demoNames``; nil: the first,
    /// `gravity`). `--demo` sets it; kept current as ←/→ change the demo, so it survives scene switches.
    public var dynamicsDemo: String?
    /// The scene file the next file scene shows (nil: an empty 390 × 844 stage). The lab sets
    /// it from the command line and on each live reload.
    public var sceneFile: SceneFileModel?
    /// Why the scene file's last save does not read (file, line, column, problem), shown by the
    /// file scene until a good save; nil when it reads.
    public var sceneFileProblem: String?

    /// An environment starting from `exchangeModel` and `dynamicsDemo` (default: none).
    public init(exchangeModel: ExchangeModel? = nil, dynamicsDemo: String? = nil) {
        self.exchangeModel = exchangeModel
        self.dynamicsDemo = dynamicsDemo
    }
}
