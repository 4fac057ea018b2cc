import Geometry

// CONTRACT STUB — the Dynamics issue replaces this file. The public API below is what other
// modules build against; keep it.

/// Receives the animator's pause and resume notifications (UIKit's `UIDynamicAnimatorDelegate`).
public protocol DynamicAnimatorDelegate: AnyObject {
    /// Motion is about to start again after a pause.
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    /// Every item has come to rest.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

/// Runs physics on dynamic items (UIKit's `UIDynamicAnimator`), advanced explicitly with ``step(_:)``.
public final class DynamicAnimator {
    /// Creates an animator; `referenceBounds` (points) is used by collision boundaries.
    public init(referenceBounds: Rect? = nil) { self.referenceBounds = referenceBounds }
    /// The reference bounds, if any.
    public let referenceBounds: Rect?
    /// Behaviors added at the top level.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Pause / resume notifications.
    public weak var delegate: DynamicAnimatorDelegate?
    /// Called after every step in which at least one item moved (a layout invalidates here).
    public var itemsDidMove: (() -> Void)?
    /// Whether any item is in motion.
    public private(set) var isRunning = false
    /// Seconds of simulated time while running.
    public private(set) var elapsedTime: Double = 0

    public func addBehavior(_ behavior: DynamicBehavior) { behaviors.append(behavior) }
    public func removeBehavior(_ behavior: DynamicBehavior) { behaviors.removeAll { $0 === behavior } }
    public func removeAllBehaviors() { behaviors.removeAll() }
    /// Items whose transformed bounding box intersects `rect`.
    public func items(in rect: Rect) -> [any DynamicItem] { [] }
    /// Re-reads an item's centre and rotation after outside code changed them.
    public func updateItem(usingCurrentState item: any DynamicItem) {}
    /// Advances the simulation by `dt` seconds.
    public func step(_ dt: Double) { elapsedTime += dt }
}

/// A behavior that contributes to a ``DynamicAnimator`` (UIKit's `UIDynamicBehavior`); subclass it
/// to build composites from child behaviors.
open class DynamicBehavior {
    public init() {}
    public private(set) var childBehaviors: [DynamicBehavior] = []
    public func addChildBehavior(_ b: DynamicBehavior) { childBehaviors.append(b) }
    public func removeChildBehavior(_ b: DynamicBehavior) { childBehaviors.removeAll { $0 === b } }
    /// Run once per step.
    public var action: (() -> Void)?
    /// The animator this behavior is in.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?
    /// Called when the behavior moves to (or from, with nil) an animator.
    open func willMove(to animator: DynamicAnimator?) {}
}

/// A spring or rod between an item and an anchor or another item (UIKit's `UIAttachmentBehavior`).
public final class AttachmentBehavior: DynamicBehavior {
    public init(item: any DynamicItem, offsetFromCenter: Vector = .zero, attachedToAnchor anchor: Point) {
        self.anchorPoint = anchor
        super.init()
    }
    /// Anchor, in reference coordinates (points).
    public var anchorPoint: Point
    /// Rest length, points.
    public var length: Double = 0
    /// Oscillation frequency, Hz (0 = rigid).
    public var frequency: Double = 0
    /// Damping ratio.
    public var damping: Double = 0
}
