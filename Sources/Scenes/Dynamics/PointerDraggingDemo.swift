import Geometry
import Dynamics

/// A demo whose items the pointer drags by an attachment from the point it grabbed
/// (``PointerAttachment``), as the catalog does: the drag's moves and release, and the drag's
/// line as the decoration, written once. The demo grabs in its own ``DynamicsDemo/beginDrag(at:)``
/// (``SquareDraggingDemo`` for a demo of one square).
protocol PointerDraggingDemo: DynamicsDemo {
    /// The attachment that holds the grabbed item to the pointer while it drags.
    var pointer: PointerAttachment { get }
}

extension PointerDraggingDemo {
    /// The pointer moved to `point`: the attachment's anchor follows.
    func drag(to point: Point) { pointer.move(to: point) }
    /// The pointer let go: the attachment goes, and the item moves on with its own velocity.
    func endDrag(velocity: Vector) { pointer.end(in: animator) }
    /// The drag's line while the pointer holds an item.
    var decorations: [DemoDecoration] { pointer.decoration.map { [$0] } ?? [] }
}
