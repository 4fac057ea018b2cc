import Geometry
import Dynamics

/// The physics benchmark scenario from issue 3, built once and stepped on demand; the app's
/// `kinetic bench physics` times ``run(steps:dt:)`` (library code never reads a clock).
///
/// N items (40×40 pt) on a grid of √N columns 60 pt apart, each attached to its own anchor by a
/// spring (4 Hz, damping ratio 0.3, rest length 30 pt) and starting 50 pt from it in a direction
/// that turns by the golden angle from item to item, so every spring begins stretched by 20 pt.
/// Nothing collides and no force acts: each item takes the solver's solo path. `bench/box2d_baseline.cpp`
/// builds the same scenario in Box2D.
public final class PhysicsBenchmark {
    typealias Item = BenchItem

    /// Number of items.
    public let itemCount: Int
    private let world: BenchWorld

    /// Builds the scenario with `items` items (default 10,000) and compiles it, so that building
    /// includes what Box2D's baseline times as creating its bodies and joints, and
    /// ``run(steps:dt:)`` times steps only.
    public init(items: Int = 10_000) {
        itemCount = items
        let animator = DynamicAnimator()
        let columns = max(1, Int(Double(items).squareRoot()))
        var list: [Item] = []
        list.reserveCapacity(items)
        for k in 0..<items {
            let anchor = Point(x: Double(k % columns) * 60, y: Double(k / columns) * 60)
            let angle = Double(k) * 2.399963  // golden angle: varied directions
            let item = Item(center: anchor + Vector(angle: angle, magnitude: 50))
            let spring = AttachmentBehavior(item: item, attachedToAnchor: anchor)
            spring.length = 30
            spring.frequency = 4
            spring.damping = 0.3
            animator.addBehavior(spring)
            list.append(item)
        }
        world = BenchWorld(animator: animator, items: list)
    }

    /// Steps the animator `steps` times by `dt` seconds (default 1/120) and returns a checksum of
    /// the item positions (the sum of every centre's x + y, points), so the work cannot be
    /// optimised away and runs can be compared.
    @discardableResult
    public func run(steps: Int, dt: Double = 1.0 / 120) -> Double { world.run(steps: steps, dt: dt) }

    /// Whether any item is still moving (false once every spring has settled and slept).
    public var isRunning: Bool { world.animator.isRunning }

    /// How many items are awake (see ``DynamicAnimator/awakeItemCount``).
    public var awakeItemCount: Int { world.awakeItemCount }
}
