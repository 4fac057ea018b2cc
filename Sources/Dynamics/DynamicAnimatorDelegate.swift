/// Receives the animator's pause and resume notifications (UIKit's `UIDynamicAnimatorDelegate`).
public protocol DynamicAnimatorDelegate: AnyObject {
    /// Motion is about to start again after a pause (or for the first time).
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    /// Every item has come to rest.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}
