import Geometry
import Dynamics

/// Dragging an item as the catalog does: while the pointer is down, an attachment from the point
/// of the item it grabbed to the pointer, whose anchor follows the pointer; removed on release.
///
/// The catalog's dragging attachment is rigid (frequency 0); this one is a stiff, critically
/// damped spring (``frequency``, ``damping``, length 0), so it never fights the demo's own rigid
/// rods (the pendulum's, the attachments demo's) when the pointer goes beyond their reach.
final class PointerAttachment {
    /// The drag spring's frequency, Hz.
    static let frequency = 5.0
    /// The drag spring's damping ratio.
    static let damping = 1.0
    /// The attachment while a drag holds the item.
    private(set) var behavior: AttachmentBehavior?
    /// Where on the item it holds it (item frame, points).
    private var offset = Vector.zero

    /// Whether a drag holds an item.
    var isDragging: Bool { behavior != nil }

    /// Grabs `item` at `offset` (item frame, points) and holds it there at `anchor` (stage points),
    /// adding the attachment to `parent` (a composite behavior) or else to `animator`.
    func begin(_ item: any DynamicItem, offset: Vector = .zero, at anchor: Point, in animator: DynamicAnimator,
               parent: DynamicBehavior? = nil) {
        end(in: animator, parent: parent)
        let a = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: anchor)
        a.length = 0
        a.frequency = Self.frequency
        a.damping = Self.damping
        self.offset = offset
        if let parent { parent.addChildBehavior(a) } else { animator.addBehavior(a) }
        behavior = a
    }

    /// Moves the pointer end to `anchor` (stage points).
    func move(to anchor: Point) { behavior?.anchorPoint = anchor }

    /// Lets go: the attachment leaves `parent` or `animator`.
    func end(in animator: DynamicAnimator, parent: DynamicBehavior? = nil) {
        guard let b = behavior else { return }
        if let parent { parent.removeChildBehavior(b) } else { animator.removeBehavior(b) }
        behavior = nil
    }

    /// The line from the grabbed point to the pointer, for the stage to draw.
    var decoration: DemoDecoration? {
        guard let b = behavior, let item = b.items.first else { return nil }
        let grabbed = item.center + offset.applying(AffineTransform(rotationAngle: item.transform.rotationAngle))
        return .line(from: grabbed, to: b.anchorPoint, color: DemoDecoration.anchorColor.withAlpha(0.7))
    }
}
