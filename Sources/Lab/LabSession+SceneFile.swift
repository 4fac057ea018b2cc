import Gestures
import Scenes

/// Live reload of a scene file (issue 40): the host asks once a frame (and every fraction of a
/// second while idle) whether the file changed; a good save replaces the scene and plays the
/// last gesture again on it, a bad one keeps the scene and shows why.
extension LabSession {
    /// Whether the session runs a scene file the host should watch.
    package var watchesSceneFile: Bool { configuration.sceneFile != nil && !configuration.headless }

    /// Looks at the scene file and reloads it when it changed (``SceneFileSource/reloadIfChanged()``).
    /// Returns whether the picture may have changed (the host draws a frame).
    @discardableResult
    package func checkSceneFile() -> Bool {
        guard let source = configuration.sceneFile else { return false }
        switch source.reloadIfChanged() {
        case .unchanged:
            return false
        case .failed(let line):
            moment.setSceneFileProblem(line)
            moment.overlay.notice("scene file does not read — keeping the last good scene: \(line)", at: now)
            return true
        case .reloaded:
            reloadSceneFile(source.model)
            return true
        }
    }

    /// Replaces the scene file's scene with `model`. Every moment kept was made from the old
    /// file, so the checkpoints go; then the last gesture (from the frame before its press) is
    /// re-run on the new scene, or, without one, the moment shown is rebuilt on it.
    func reloadSceneFile(_ model: SceneFileModel) {
        moment.setSceneFileProblem(nil)
        timeline.checkpoints.removeAll()
        guard canScrub, moment.scene.kind == .file, let lines = timeline.log?.lines else {
            moment.replaceSceneFile(model)
            moment.overlay.notice("scene file reloaded", at: now)
            return
        }
        let press = lines.last { line in
            if case .pointer(let p)? = line.input, p.phase == .down { return true }
            return false
        }
        if let press, !timeline.history.isParked {
            rerun(from: press.timestamp - 1e-9)
            moment.overlay.notice("scene file reloaded — re-running the last gesture (from \(Self.seconds(press.timestamp)) s)", at: now)
        } else {
            // Not kept as a checkpoint (the moment shown is the old file's), rebuilt on the new one.
            let frames = timeline.playheadFrames
            replaceMoment { timeline.restore(keepingFrames: frames, shown: $0, keepingShown: false) }
            moment.overlay.notice("scene file reloaded", at: now)
        }
    }
}
