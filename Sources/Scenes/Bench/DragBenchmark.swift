import Geometry
import Dynamics

/// The drag scene's physics without the views: N items dragged as one flock by a
/// ``DragBehavior`` (four springs per item to the corners of a 40-pt square that keeps the item's
/// offset from the pointer; 8 Hz, damping ratio 0.6: ``DragTunables``' defaults) while the pointer
/// circles (150 × 100 pt, 2 rad/s), so every item keeps moving. Each item has four rows, so this
/// times the solver's flock path (Gauss–Seidel iterations body by body, `FlockRow.swift`), where
/// ``PhysicsBenchmark`` times the solo path, plus moving the 4,000 anchors every step.
/// `kinetic bench physics` times ``run(steps:dt:)``.
public final class DragBenchmark {
    typealias Item = BenchItem

    /// Number of dragged items.
    public let itemCount: Int
    private let world: BenchWorld
    private let drag: DragBehavior
    private let start: Point
    private var time = 0.0

    /// Builds and compiles the flock: `items` items (default 1,000, the drag scene's cell count)
    /// on a grid of √N columns 50 pt apart (the drag scene's 40-pt cells and 10-pt spacing), the
    /// pointer at the grid's centre.
    public init(items: Int = 1_000) {
        itemCount = items
        let animator = DynamicAnimator()
        let columns = max(1, Int(Double(items).squareRoot()))
        let list = (0..<items).map { k in
            Item(center: Point(x: 20 + Double(k % columns) * 50, y: 20 + Double(k / columns) * 50))
        }
        let rows = (items + columns - 1) / columns
        start = Point(x: Double(columns) * 25, y: Double(rows) * 25)
        drag = DragBehavior(items: list, point: start, squareSize: DragTunables().squareSize)
        drag.frequency = DragTunables().frequency
        drag.damping = DragTunables().damping
        animator.addBehavior(drag)
        world = BenchWorld(animator: animator, items: list)
    }

    /// Moves the pointer and steps the animator, `steps` times by `dt` seconds (default 1/120),
    /// and returns a checksum of the item positions (the sum of every centre's x + y, points).
    @discardableResult
    public func run(steps: Int, dt: Double = 1.0 / 120) -> Double {
        world.run(steps: steps, dt: dt) {
            time += dt
            drag.updateDragLocation(start + Vector(dx: 150 * cos(2 * time) - 150, dy: 100 * sin(2 * time)))
        }
    }

    /// How many items are awake (see ``DynamicAnimator/awakeItemCount``).
    public var awakeItemCount: Int { world.awakeItemCount }
}
