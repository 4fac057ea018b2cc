import Geometry
import Dynamics

/// A demo of one square on an attachment to an anchor, whose gestures differ by variant. Seed,
/// as the catalog's `handleAttachmentGesture:` (APLAttachmentsViewController.m) and
/// `handleSpringAttachmentGesture:` (APLCollisionsGravitySpringViewController.m) have them: the
/// pointer moves the attachment's `anchorPoint` to itself at every pan update, wherever the drag
/// began, and the square follows on the attachment (it is never grabbed). Refined (Kinetic's):
/// the pointer drags the square itself (``SquareDraggingDemo``) and the anchor stays.
protocol AnchorMovingDemo: SquareDraggingDemo {
    /// The attachment whose anchor the seed's gestures move.
    var anchored: AttachmentBehavior { get }
    /// Whether the pointer moves the anchor (seed) rather than dragging the square (refined).
    var movesAnchor: Bool { get }
    /// Whether a press and a click move the anchor too, at once (the spring demo's tap recognizer
    /// beside its pan), or only a pan does (the attachments demo).
    static var pressMovesAnchor: Bool { get }
}

extension AnchorMovingDemo {
    /// Seed: takes every drag (the anchor goes to the pointer); refined: grabs the square.
    func beginDrag(at point: Point) -> Bool { movesAnchor || grabSquare(at: point) }
    /// Seed: the anchor goes to `point`; refined: the pointer's attachment follows it.
    func drag(to point: Point) {
        if movesAnchor { anchored.anchorPoint = point } else { pointer.move(to: point) }
    }
    /// Seed: the anchor stays where the drag left it; refined: the square is let go.
    func endDrag(velocity: Vector) { if !movesAnchor { pointer.end(in: animator) } }
    /// Seed, when a touch moves the anchor: the anchor goes to `point` as the pointer goes down.
    func press(at point: Point) { if movesAnchor && Self.pressMovesAnchor { anchored.anchorPoint = point } }
    /// Seed, when a touch moves the anchor: the anchor goes to the click.
    func click(at point: Point) { press(at: point) }
    /// B's demo takes the anchor where A's gestures left it.
    func adoptState(of other: any DynamicsDemo) {
        if let o = other as? Self { anchored.anchorPoint = o.anchored.anchorPoint }
    }
}
