extension LabSession {
    /// The host drew a frame in which `skipped` draw commands held a number that was not finite
    /// or ran away (``Drawing/DrawCommand/isDrawable``) and were left out instead of trapping.
    /// Such a frame means an animation left the range its parameters promise, so the scene is
    /// opened again with the same parameters and variant (its animations start over) and the
    /// HUD says so; the terminal hears of the first such frame only.
    package func recoverFromUndrawableFrame(skipped: Int) {
        guard skipped > 0 else { return }
        undrawableFrames += 1
        if undrawableFrames == 1 {
            services.warn("\(skipped) draw command\(skipped == 1 ? "" : "s") of the \(scene.name) scene held a number that is not finite "
                + "(frame \(frame)) and \(skipped == 1 ? "was" : "were") not drawn; the scene was reset (parameters kept)")
        }
        overlay.notice("\(scene.name): a frame went out of range and was reset", at: now)
        moment.openScenes(scene.kind)
    }
}
