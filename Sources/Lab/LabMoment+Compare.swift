import Geometry
import Scenes

/// The A/B compare (`--compare`, key B): a second copy of the scene beside the first, driven by
/// the same input, each half with its own parameters and variant.
extension LabMoment {
    /// The half the hotkeys tune: the one under the pointer, else the focused one (0 without a compare).
    package var tunedHalf: Int {
        guard compareHalf != nil else { return 0 }
        return pointer.flatMap { CompareHalf.half(of: $0, in: halfFrames) } ?? focusedHalf
    }

    /// The scene of `half` (0: A, 1: B).
    package func scene(ofHalf half: Int) -> any Scene { half == 1 ? (compareHalf?.scene ?? scene) : scene }

    /// Records `half`'s current parameters in its store.
    func capture(half: Int) {
        if half == 1, var b = compareHalf { b.store.capture(b.scene); compareHalf = b } else { store.capture(scene) }
    }

    /// Starts an A/B compare: B is a new copy of the current scene with B's parameters (the
    /// second `--params` file, else A's current ones).
    func startCompare() {
        store.capture(scene)
        let bStore = storeB ?? store
        let env = SceneEnvironment(exchangeModel: environment.exchangeModel, dynamicsDemo: environment.dynamicsDemo)
        env.sceneFile = environment.sceneFile
        env.sceneFileProblem = environment.sceneFileProblem
        let b = configuration.makeScene(scene.kind, items(for: scene.kind), env)
        bStore.apply(to: b)
        compareHalf = CompareHalf(scene: b, store: bStore,
                                  paramsPath: configuration.params.count > 1 ? configuration.params[1] : "kinetic-params-b.json",
                                  environment: env)
        sequenceHalf = nil
    }

    /// B: starts or ends the compare, relayouts and says so. B opens as a copy of A at this
    /// moment (``Scenes/Scene/adoptState(of:)``, once both halves are laid out at the same size),
    /// so the same input drives both from the same state.
    func toggleCompare() {
        if compareHalf == nil { startCompare() } else { compareHalf = nil; focusedHalf = 0 }
        layoutScenes()
        if let b = compareHalf?.scene { b.adoptState(of: scene) }
        overlay.notice(compareHalf == nil ? "compare off" : "A/B compare: one gesture drives both · [ ] choose the half keys tune", at: now)
    }
}
