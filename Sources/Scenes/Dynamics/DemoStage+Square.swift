import Geometry
import Dynamics

/// Placing a catalog square on the stage: the set-up the push, spring and attachment demos share.
extension DemoStage {
    /// The stage's centre, rounded to whole points (where the catalog's squares start).
    var center: Point { Point(x: (size.width / 2).rounded(), y: (size.height / 2).rounded()) }

    /// A catalog square (``DemoSquare``) at `center` (stage points), added to the stage, with a
    /// collision that keeps it inside the stage's edges (not yet added to an animator).
    func boxedSquare(at center: Point) -> (square: DemoSquare, collision: CollisionBehavior) {
        let square = DemoSquare(center: center)
        view.addSubview(square)
        let collision = CollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        return (square, collision)
    }
}
