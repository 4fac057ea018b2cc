import Scenes

/// The moment's side of a scene file (issue 40): the model its file scenes are made from, and
/// the problem a bad save left (shown by the file scene's HUD line until a good save).
extension LabMoment {
    /// Makes `model` the scene file both halves' file scenes are made from and, when the file
    /// scene is open, opens it again from `model` (each half keeping its tunables' values).
    func replaceSceneFile(_ model: SceneFileModel) {
        environment.sceneFile = model
        compareHalf?.environment.sceneFile = model
        if scene.kind == .file { openScenes(.file) }
    }

    /// Shows `problem` (a bad save: file, line, column, problem), or nothing when nil, in the
    /// file scene's status line, in both halves.
    func setSceneFileProblem(_ problem: String?) {
        environment.sceneFileProblem = problem
        compareHalf?.environment.sceneFileProblem = problem
    }
}
