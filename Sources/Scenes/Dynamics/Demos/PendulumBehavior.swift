import Geometry
import Dynamics

/// The catalog's `APLPendulumBehavior`: a composite behavior (a `UIDynamicBehavior` subclass
/// made of child behaviors) that turns an item into the weight of a simple pendulum hung from a
/// point: gravity plus a rigid attachment from the weight's centre to the point. Dragging adds a
/// further child, an attachment from the weight to the pointer, removed on release, when an
/// instantaneous push gives the weight a fifth of the pointer's speed (the catalog's `v / 500`
/// magnitude on a mass-1 weight), as the catalog does to keep a fling from throwing it around.
final class PendulumBehavior: DynamicBehavior {
    /// The weight.
    let item: any DynamicItem
    /// Gravity on the weight.
    let gravity: GravityBehavior
    /// The rod: a rigid attachment from the weight's centre to the suspension point.
    let rod: AttachmentBehavior
    /// The push given at a release.
    let push: PushBehavior
    /// The pointer's hold while dragging.
    let dragging = PointerAttachment()

    /// A pendulum of `item` hung from `point` (points), the rod as long as their distance now.
    init(weight item: any DynamicItem, suspendedFrom point: Point) {
        self.item = item
        gravity = GravityBehavior(items: [item])
        rod = AttachmentBehavior(item: item, attachedToAnchor: point)
        push = PushBehavior(items: [item], mode: .instantaneous)
        push.active = false
        super.init()
        addChildBehavior(gravity)
        addChildBehavior(rod)
        addChildBehavior(push)
    }

    /// The drag begins with the pointer at `point`: the weight is held there.
    func beginDraggingWeight(at point: Point, in animator: DynamicAnimator) {
        dragging.begin(item, at: point, in: animator, parent: self)
    }

    /// The pointer moved to `point`.
    func dragWeight(to point: Point) { dragging.move(to: point) }

    /// The drag ended with the pointer moving at `velocity` (points per second): the weight gets
    /// a push of magnitude |v| / 500 along it and the pointer's hold goes.
    func endDraggingWeight(velocity: Vector, in animator: DynamicAnimator) {
        if velocity.length > 0 {
            push.setAngle(velocity.angle, magnitude: velocity.length / 500)
            push.active = true
        }
        dragging.end(in: animator, parent: self)
    }
}
