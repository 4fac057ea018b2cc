import Dynamics

/// A benchmark's animator and the items it moves, compiled once when made (building is not timed
/// with the steps): what ``CollisionBenchmark``, ``PhysicsBenchmark`` and ``DragBenchmark`` step
/// and checksum.
struct BenchWorld {
    /// The animator holding the benchmark's behaviors.
    let animator: DynamicAnimator
    /// The items it moves, in the order the checksum sums them.
    let items: [BenchItem]

    /// `animator` with its behaviors for `items` added, its behaviour tree compiled here.
    init(animator: DynamicAnimator, items: [BenchItem]) {
        self.animator = animator
        self.items = items
        _ = animator.awakeItemCount  // compiles the behaviour tree
    }

    /// Steps the animator `steps` times by `dt` seconds, calling `beforeEachStep` before each, and
    /// returns ``BenchItem/checksum(_:)`` of the items.
    func run(steps: Int, dt: Double, beforeEachStep: () -> Void = {}) -> Double {
        for _ in 0..<steps {
            beforeEachStep()
            animator.step(dt)
        }
        return BenchItem.checksum(items)
    }

    /// How many items are awake (see ``DynamicAnimator/awakeItemCount``).
    var awakeItemCount: Int { animator.awakeItemCount }
}
