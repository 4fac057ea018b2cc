import Geometry

/// A constant acceleration on items (UIKit's `UIGravityBehavior`): magnitude 1 is 1000 points/s².
public final class GravityBehavior: ItemListBehavior, DirectionalBehavior {
    /// Creates gravity for `items`, pointing down with magnitude 1.
    public override init(items: [any DynamicItem] = []) {
        super.init(items: items)
    }

    /// Direction and magnitude together (default (0, 1): down, 1000 pt/s²).
    public var gravityDirection = Vector(dx: 0, dy: 1) { didSet { setNeedsRebuild() } }

    /// The same as ``gravityDirection`` (``DirectionalBehavior``'s name): ``DirectionalBehavior/angle``
    /// (default π/2, down) and ``DirectionalBehavior/magnitude`` (default 1 = 1000 points/s²) read
    /// and set it.
    public var direction: Vector {
        get { gravityDirection }
        set { gravityDirection = newValue }
    }

    /// Gravity's acceleration in points per second squared.
    var acceleration: Vector { gravityDirection * 1000 }

    override var solverItems: [any DynamicItem] { items }

    override func compile(into solver: SolverContext) {
        let a = acceleration
        for item in items {
            guard let i = solver.lookup(item), solver.inverseMass(i) > 0 else { continue }
            solver.accelerate(i, a)
        }
    }

    /// A gravity arrow at each item (the acceleration, scaled down by 10).
    public override var debugShapes: [DebugShape] {
        items.map { .vector(from: $0.center, acceleration / 10) }
    }
}
