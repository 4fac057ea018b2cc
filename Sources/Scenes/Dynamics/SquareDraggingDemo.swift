import Geometry
import Dynamics

/// A demo whose one square the pointer drags (``PointerDraggingDemo``), as the catalog's spring
/// and attachment demos do: grabbing it written once.
protocol SquareDraggingDemo: PointerDraggingDemo {
    /// The square the pointer drags.
    var square: DemoSquare { get }
}

extension SquareDraggingDemo {
    /// Grabs the square where `point` (stage points) lands on it; false off it.
    func beginDrag(at point: Point) -> Bool { grabSquare(at: point) }

    /// Grabs the square where `point` (stage points) lands on it; false off it.
    func grabSquare(at point: Point) -> Bool {
        guard square.contains(stagePoint: point) else { return false }
        pointer.begin(square, offset: square.offset(of: point), at: point, in: animator)
        return true
    }
}
