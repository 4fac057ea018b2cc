import Geometry
import Dynamics

/// The collision benchmark (issue 29): the ``StressPile`` in its bench box, built once and stepped
/// on demand; `kinetic bench collision` times ``run(steps:dt:)`` and `bench/box2d_baseline.cpp`
/// builds the same box in Box2D (library code never reads a clock).
///
/// 500 squares and circles (``StressPile``) under gravity of 1000 pt/s², colliding with each other
/// and with the box's four sides (the animator's reference bounds as a boundary), friction
/// ``StressPile/friction``, angular resistance ``StressPile/angularResistance``, no bounce.
public final class CollisionBenchmark {
    /// The number of pieces.
    public var itemCount: Int { world.items.count }
    private let world: BenchWorld

    /// Builds the pile of `items` pieces (default ``StressPile/count``, 500, the pile Box2D's
    /// baseline steps) in ``StressPile/benchBox`` and compiles it (building is not timed with the
    /// steps). With `allowsSleeping` false (default true) no piece ever falls asleep: the
    /// benchmark's "sleeping off" run (``DynamicAnimator/allowsSleeping``).
    public init(items count: Int = StressPile.count, allowsSleeping: Bool = true) {
        let pile = StressPile(box: StressPile.benchBox, count: count)
        let animator = DynamicAnimator(referenceBounds: Rect(origin: .zero, size: pile.box))
        let items = pile.pieces.map { BenchItem(center: $0.center, side: $0.size, collisionBoundsType: $0.isCircle ? .ellipse : .rectangle) }
        // The stress demo's behaviors at its defaults.
        let fall = BoxedFall(items: items, resistance: StressPile.resistance, angularResistance: StressPile.angularResistance, in: animator)
        fall.material.friction = StressPile.friction
        animator.allowsSleeping = allowsSleeping
        world = BenchWorld(animator: animator, items: items)
    }

    /// Steps the animator `steps` times by `dt` seconds (default 1/60) and returns a checksum of
    /// the piece positions (the sum of every centre's x + y, points).
    @discardableResult
    public func run(steps: Int, dt: Double = 1.0 / 60) -> Double { world.run(steps: steps, dt: dt) }

    /// Steps the animator `steps` times by `dt` seconds (default 1/60), one step at a time, reading
    /// the pile height and the awake count after each (the reading is why this run is not timed),
    /// and returns when the pile landed and fell asleep.
    public func settle(steps: Int, dt: Double = 1.0 / 60) -> PileSettling {
        settle(steps: steps, frameLength: { _ in dt })
    }

    /// ``settle(steps:dt:)`` with frame `k` (from 0) `frameLength(k)` seconds long.
    public func settle(steps: Int, frameLength: (Int) -> Double) -> PileSettling {
        var heights: [Double] = [], awake: [Int] = []
        heights.reserveCapacity(steps)
        awake.reserveCapacity(steps)
        for k in 0..<steps {
            world.animator.step(frameLength(k))
            heights.append(pileHeight)
            awake.append(awakeItemCount)
        }
        return PileSettling(heights: heights, awake: awake)
    }

    /// The contact solver's passes over the contacts of the last step, for timing one at a time
    /// (``ContactPassProbe``; nil when the step had no contacts).
    package func contactPassProbe() -> ContactPassProbe? { world.animator.contactPassProbe() }

    /// How many pieces are awake.
    public var awakeItemCount: Int { world.awakeItemCount }

    /// The pile's height, points: from the box's floor to the highest top edge of any piece (how
    /// high the settled pile stands; compared with Box2D's in `make bench`).
    public var pileHeight: Double {
        StressPile.benchBox.height - (world.items.map { $0.center.y - $0.bounds.height / 2 }.min() ?? StressPile.benchBox.height)
    }
}
