/// The A/B compare's B taking over A's dynamics demo when it opens (``Scene/adoptState(of:)``).
extension DynamicsScene {
    /// Opens `other`'s demo afresh (with this half's values) and gives its bodies the motion
    /// `other`'s have: centres, rotations, velocities, sleep and warm-start state
    /// (``Dynamics/DynamicAnimator/adoptMotion(of:)``), when the two hold as many bodies, and an
    /// anchor a gesture moved (``DynamicsDemo/adoptState(of:)``). What else a demo keeps beside
    /// its bodies (a square held by the pointer, a snap's target, a push under way) is not taken
    /// over: this half starts it at rest. A split window reopens a demo
    /// anyway (its stage changed size), so when B opens the two demos are both new.
    public func adoptState(of other: any Scene) {
        guard let a = other as? DynamicsScene, a !== self else { return }
        if a.demoType != demoType { open(a.demoType) }
        demo.adoptState(of: a.demo)
        demo.animator.adoptMotion(of: a.demo.animator)
    }
}
