import Layout
import Dynamics

/// Steps the dynamic animator of a collection view's current layout, as one of the window's
/// steppers (the layout's animator may be created or replaced after the view joined the window).
final class LayoutAnimatorStepper: FrameStepper {
    private weak var collectionView: CollectionView?
    init(collectionView: CollectionView) { self.collectionView = collectionView }
    /// Steps the layout's animator by `dt` seconds (``DynamicAnimator/step(_:)``).
    func step(_ dt: Double) { collectionView?.collectionViewLayout.dynamicAnimator?.step(dt) }
    /// At rest when the layout has no animator or its animator is (``DynamicAnimator/isAtRest``).
    var isAtRest: Bool { collectionView?.collectionViewLayout.dynamicAnimator?.isAtRest ?? true }
}
