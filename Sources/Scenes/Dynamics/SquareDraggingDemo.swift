import Geometry
import Dynamics

/// A demo whose one square the pointer drags by an attachment from the point it grabbed
/// (``PointerAttachment``), as the catalog's spring and attachment demos do: the drag handling
/// written once.
protocol SquareDraggingDemo: DynamicsDemo {
    /// The square the pointer drags.
    var square: DemoSquare { get }
    /// The attachment that holds the square to the pointer while it drags.
    var pointer: PointerAttachment { get }
}

extension SquareDraggingDemo {
    /// Grabs the square where `point` (stage points) lands on it; false off it.
    func beginDrag(at point: Point) -> Bool {
        guard square.contains(stagePoint: point) else { return false }
        pointer.begin(square, offset: square.offset(of: point), at: point, in: animator)
        return true
    }
    /// The pointer moved to `point`: the attachment's anchor follows.
    func drag(to point: Point) { pointer.move(to: point) }
    /// The pointer let go: the attachment goes, and the square moves on with its own velocity.
    func endDrag(velocity: Vector) { pointer.end(in: animator) }
}
