import Scenes

/// What a session starts from: the command line's choices that shape the lab, not how frames are
/// produced (window or headless, size, frame rate and outputs stay with the host).
package struct LabConfiguration {
    /// The scene to open (default drag).
    package var scene: SceneKind = .drag
    /// Cells for the scenes that count them (nil: ``Scenes/SceneKind/defaultItems``).
    package var items: Int?
    /// `--params` files: A's, and B's while comparing. Ctrl+S saves A's to the first (default
    /// `kinetic-params.json`) and B's to the second (default `kinetic-params-b.json`).
    package var params: [String] = []
    /// `--data`: the exchange line-up, rewritten after every completed transaction; nil for the sample.
    package var data: String?
    /// `--variant`: every scene starts in it, over what a `--params` file says (nil: the files', else seed).
    package var variant: SceneVariant?
    /// `--compare`: start with the A/B compare on.
    package var compare = false
    /// A headless run: no launch help card, no clipboard.
    package var headless = false
    /// `--script`: input to replay, by its timestamps (app clock, seconds from the first frame).
    package var script: String?
    /// `--record`: where the session's input is written as a script.
    package var record: String?
    /// `--demo`: the dynamics scene's first demo (nil: its first, `gravity`).
    package var demo: String?
    /// `kinetic run FILE.json` / `--scene-file`: the scene file's path (read when the session is
    /// made, into ``sceneFile``).
    package var sceneFilePath: String?
    /// The scene file the session runs and watches (its model is what every moment's file scene
    /// is made from, so a reload reaches moments rebuilt later too); nil without one.
    package var sceneFile: SceneFileSource?
    /// The exchange line-up to start from when there is no `--data` file (nil: the sample).
    package var exchangeModel: ExchangeModel?
    /// Makes every scene the session opens (default ``SceneCatalog/make(_:items:environment:)``;
    /// the fuzzer's tests pass a broken scene to see that the fuzzer notices).
    package var makeScene: (SceneKind, _ items: Int?, SceneEnvironment) -> any Scene = SceneCatalog.make

    /// A new environment holding only the scene file's model: what a scene made for its
    /// parameters alone (a `--params` file's check) is made with.
    package var sceneEnvironment: SceneEnvironment {
        let e = SceneEnvironment()
        e.sceneFile = sceneFile?.model
        return e
    }

    /// The default configuration: the drag scene, seed, no files.
    package init() {}
}
