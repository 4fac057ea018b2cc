/// The A/B compare's B taking over A's file scene when it opens (``Scene/adoptState(of:)``).
extension FileScene {
    /// When `other` shows the same model: each layer's place, turn and look, then the motion
    /// of the animator's bodies (``Dynamics/DynamicAnimator/adoptMotion(of:)``), then each pan's
    /// release under way, or a release from where a layer `other` holds
    /// (``FileGesture/adoptPan(of:)``). Property animations in flight are not taken over.
    public func adoptState(of other: any Scene) {
        guard let a = other as? FileScene, a !== self, a.shown == shown, a.layers.count == layers.count else { return }
        for (mine, theirs) in zip(layers, a.layers) {
            mine.apply(theirs.look)
            mine.center = theirs.center
            mine.transform = theirs.transform
        }
        animator.adoptMotion(of: a.animator)
        guard gestures.count == a.gestures.count else { return }
        for (mine, theirs) in zip(gestures, a.gestures) { mine.adoptPan(of: theirs) }
    }
}
